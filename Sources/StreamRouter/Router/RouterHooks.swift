/// The guards and transition handlers registered on a ``Router``, kept behind their own
/// lock. A navigation reads a snapshot when its turn comes, so registering while it runs
/// affects the next navigation.
@usableFromInline
struct RouterHooks<Route: RouteProvider>: Sendable {
    typealias Check = @Sendable (PendingNavigation<Route>) async throws -> GuardDecision<Route>
    typealias TransitionHandler = @Sendable (Route, PendingNavigation<Route>) async throws -> Void

    /// One registered guard.
    struct Guard: Sendable {
        let id: NavigationGuardID
        let name: String
        /// The guard's own deadline; `nil` for the router's default.
        let deadline: Duration?
        let check: Check
    }

    /// The deadline of guards registered without one; `nil` (no deadline) by default.
    var defaultDeadline: Duration?
    /// The clock deadlines are measured on.
    var clock: any Clock<Duration> = ContinuousClock()

    private(set) var guards: [Guard] = [] {
        didSet { hasGuards = !guards.isEmpty }
    }
    /// Whether any guard is registered (read by every navigation).
    @usableFromInline private(set) var hasGuards = false
    /// One registered transition handler.
    struct Transition: Sendable {
        /// The handler's own deadline; `nil` for the router's default.
        let deadline: Duration?
        let perform: TransitionHandler
    }

    private(set) var transitions: [String: Transition] = [:] {
        didSet { hasTransitions = !transitions.isEmpty }
    }
    /// Whether any transition handler is registered (read by every navigation).
    @usableFromInline private(set) var hasTransitions = false
    private var nextGuardID: UInt64 = 0

    mutating func addGuard(named name: String?, deadline: Duration?, _ check: @escaping Check) -> NavigationGuardID {
        let id = NavigationGuardID(rawValue: nextGuardID)
        nextGuardID &+= 1
        guards.append(Guard(id: id, name: name ?? "#\(id.rawValue)", deadline: deadline, check: check))
        return id
    }

    mutating func removeGuard(_ id: NavigationGuardID) {
        guards.removeAll { $0.id == id }
    }

    mutating func setTransition(_ identifier: String, deadline: Duration? = nil, _ handler: TransitionHandler?) {
        transitions[identifier] = handler.map { Transition(deadline: deadline, perform: $0) }
    }
}
