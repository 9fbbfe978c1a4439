/// The guards and transition handlers registered on a ``Router``, kept behind their own
/// lock. A navigation reads a snapshot when its turn comes, so registering while it runs
/// affects the next navigation.
@usableFromInline
struct _RouterHooks<Route: RouteProvider>: Sendable {
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

    private(set) var guards: [Guard] = []
    /// One registered transition handler.
    struct Transition: Sendable {
        /// The handler's own deadline; `nil` for the router's default.
        let deadline: Duration?
        let perform: TransitionHandler
    }

    private(set) var transitions = [String: Transition]()

    /// One registered loader.
    @usableFromInline
    struct Loader: Sendable {
        let id: NavigationGuardID
        @usableFromInline let name: String
        /// The loader's own deadline; `nil` for the router's default.
        @usableFromInline let deadline: Duration?
        @usableFromInline let load: nonisolated(nonsending) @Sendable (Route) async throws -> (any Sendable)?
    }

    private(set) var loaders: [Loader] = []
    private var nextGuardID: UInt64 = 0

    /// Which kinds of hooks are registered: ``_HookKinds/guards`` and
    /// ``_HookKinds/transitions`` bits (mirrored in ``Router/_hookKinds``).
    var kinds: UInt8 {
        (guards.isEmpty ? 0 : _HookKinds.guards) | (transitions.isEmpty ? 0 : _HookKinds.transitions)
            | (loaders.isEmpty ? 0 : _HookKinds.loaders)
    }

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

    mutating func removeGuard(_ id: NavigationGuardID) {
        guards.removeAll { $0.id == id }
        loaders.removeAll { $0.id == id }
    }

    mutating func setTransition(_ identifier: String, deadline: Duration? = nil, _ handler: TransitionHandler?) {
        transitions[identifier] = handler.map { Transition(deadline: deadline, perform: $0) }
    }
}

/// The bits of ``_RouterHooks/kinds``.
@usableFromInline
enum _HookKinds {
    @usableFromInline static let guards: UInt8 = 1
    @usableFromInline static let transitions: UInt8 = 2
    @usableFromInline static let loaders: UInt8 = 4
}
