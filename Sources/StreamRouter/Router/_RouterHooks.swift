/// The guards, loaders and transition handlers registered on a ``Router``, kept behind their
/// own lock, with what they work on beside the published state: the values preloaded for a
/// navigation and the saved state waiting to go through the guards. A navigation reads a
/// snapshot when its turn comes, so registering while it runs affects the next navigation.

@usableFromInline
struct _RouterHooks<Route: RouteProvider>: Sendable {
    typealias Check = @Sendable (PendingNavigation<Route>) async throws -> GuardDecision<Route>
    typealias TransitionHandler = @Sendable (Route, PendingNavigation<Route>) async throws -> Void

    /// One registered guard.
    @usableFromInline
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

    /// The registered guards, in order.
    @usableFromInline private(set) var guards: [Guard] = []
    /// One registered transition handler.
    @usableFromInline
    struct Transition: Sendable {
        /// The handler's own deadline; `nil` for the router's default.
        let deadline: Duration?
        let perform: TransitionHandler
    }

    /// The registered transition handlers, by identifier.
    @usableFromInline private(set) var transitions: [String: Transition] = [:]

    /// One registered loader.
    @usableFromInline
    struct Loader: Sendable {
        let id: NavigationGuardID
        @usableFromInline let name: String
        /// The loader's own deadline; `nil` for the router's default.
        @usableFromInline let deadline: Duration?
        @usableFromInline let load: nonisolated(nonsending) @Sendable (Route) async throws -> (any Sendable)?
    }

    /// The registered loaders, in order.
    @usableFromInline private(set) var loaders: [Loader] = []

    /// One leave condition (see ``Router/addLeaveCondition(for:prompt:_:)``).
    @usableFromInline
    struct LeaveCondition: Sendable {
        let id: NavigationGuardID
        @usableFromInline let route: Route
        @usableFromInline let prompt: any Sendable
        @usableFromInline let isMet: @Sendable () -> Bool
    }

    /// The registered leave conditions, in order.
    @usableFromInline private(set) var leaveConditions: [LeaveCondition] = []
    /// While a journal replays: the answers its entry recorded, given in order to the
    /// confirmations the navigation meets (`true`: proceeded).
    var replayAnswers: [Bool]?
    /// The values of ``Router/preload(_:for:)`` waiting for a navigation, by route, with
    /// their expiry.
    var preloads = _Preloads<Route>()
    /// The state read from the store, until ``Router/restore()`` applies it.
    var savedState: RouterState<Route>?
    /// The restoration started at creation through the guards given to the initialiser.
    var startedRestoration: Task<PersistenceEvent, Never>?
    private var nextGuardID: UInt64 = 0

    mutating func addGuard(named name: String?, deadline: Duration?, _ check: @escaping Check) -> NavigationGuardID {
        let id = NavigationGuardID(rawValue: nextGuardID)
        nextGuardID &+= 1
        guards.append(Guard(id: id, name: name ?? "#\(id.rawValue)", deadline: deadline, check: check))
        return id
    }

    mutating func addLoader(
        named name: String, deadline: Duration?,
        _ load: nonisolated(nonsending) @escaping @Sendable (Route) async throws -> (any Sendable)?
    ) -> NavigationGuardID {
        let id = NavigationGuardID(rawValue: nextGuardID)
        nextGuardID &+= 1
        loaders.append(Loader(id: id, name: name, deadline: deadline, load: load))
        return id
    }

    mutating func addLeaveCondition(
        for route: Route, prompt: any Sendable, _ isMet: @escaping @Sendable () -> Bool
    ) -> NavigationGuardID {
        let id = NavigationGuardID(rawValue: nextGuardID)
        nextGuardID &+= 1
        leaveConditions.append(LeaveCondition(id: id, route: route, prompt: prompt, isMet: isMet))
        return id
    }

    mutating func removeGuard(_ id: NavigationGuardID) {
        guards.removeAll { $0.id == id }
        loaders.removeAll { $0.id == id }
        leaveConditions.removeAll { $0.id == id }
    }

    mutating func setTransition(_ identifier: String, deadline: Duration? = nil, _ handler: TransitionHandler?) {
        transitions[identifier] = handler.map { Transition(deadline: deadline, perform: $0) }
    }
}
