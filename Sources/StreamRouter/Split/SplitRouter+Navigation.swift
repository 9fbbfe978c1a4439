/// ``Router``'s verbs on a split view, with the same meaning: each is one navigation (or one
/// read) of ``router``, so its guards, loaders, events, journal and store see it. The
/// columns are the router's base stack (the sidebar's selection, the content column's, then
/// the detail stack); sheets and full-screen covers are presented over the split view.
extension SplitRouter {
    // MARK: - Navigating

    /// Replaces the whole tree with `routes` in one navigation: the columns, filled in order,
    /// then anything presented by its transition (see ``Router/replace(with:)``). The entries
    /// the new tree holds at the same place from the bottom up are kept, with their loaded
    /// values and awaited results.
    /// - Parameter routes: The new tree's routes, bottom first; empty clears every column.
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func replace(with routes: [Route]) async throws(NavigationError) {
        try await router.replace(with: routes)
    }

    // MARK: - Guards and loaders

    /// Removes a guard, preparation or loader (see ``Router/removeGuard(_:)``).
    /// - Parameter id: What ``addGuard(named:deadline:_:)`` or ``addLoader(named:deadline:_:)``
    ///   returned.
    public func removeGuard(_ id: NavigationGuardID) {
        router.removeGuard(id)
    }

    /// Registers a loader: data each route a navigation shows needs, awaited before the
    /// navigation commits and kept with the route's entry until it leaves (see
    /// ``Router/addLoader(named:deadline:_:)``). An entry a navigation keeps (the sidebar's
    /// selection when ``showDetail(_:)-(Route)`` changes the detail) runs no loader.
    /// - Parameters:
    ///   - name: Names the loader in errors and events.
    ///   - deadline: How long it may take for one route; `nil` (the default) uses the
    ///     router's ``Router/defaultGuardDeadline``.
    ///   - load: The value for a route, or `nil` for a route it has nothing for.
    /// - Returns: An id for ``removeGuard(_:)``.
    @discardableResult
    public func addLoader(
        named name: String,
        deadline: Duration? = nil,
        _ load: nonisolated(nonsending) @escaping @Sendable (Route) async throws -> (any Sendable)?
    ) -> NavigationGuardID {
        router.addLoader(named: name, deadline: deadline, load)
    }

    /// The value a loader gave for the topmost displayed entry holding `route` (see
    /// ``Router/loaded(_:for:)``).
    /// - Parameters:
    ///   - type: The type of the value.
    ///   - route: The route it was loaded for.
    /// - Returns: The value, or `nil` when no displayed entry of `route` has one of that type.
    public func loaded<Value>(_ type: Value.Type, for route: Route) -> Value? {
        router.loaded(type, for: route)
    }

    // MARK: - Reading

    /// The presentations over the split view, bottom first; empty when nothing is presented.
    public var presentations: [Presentation<Route>] {
        router.presentations
    }

    /// The displayed path (``Router/path``): the columns' paths as one stack, then each
    /// presentation's route and stack; the same in either layout.
    public var path: String {
        router.path
    }

    // MARK: - Streams

    /// Every event after this call (the router's ``Router/events(bufferingPolicy:)``).
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   an unread stream keeps every event since it subscribed, about 450 bytes per
    ///   navigation; see <doc:StreamsAndOperators>).
    public func events(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<RouterEvent<Route>> {
        router.events(bufferingPolicy: bufferingPolicy)
    }

    /// Every change of the displayed path after this property is read, with an unbounded
    /// buffer (the router's ``Router/actions``; see ``actions(bufferingPolicy:)``).
    public var actions: SubjectStream<NavigationAction> {
        router.actions
    }

    /// Every change of the displayed path after this call (the router's
    /// ``Router/actions(bufferingPolicy:)``).
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   an unread stream keeps every action since it subscribed, under 200 bytes each; see
    ///   <doc:StreamsAndOperators>).
    public func actions(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<NavigationAction> {
        router.actions(bufferingPolicy: bufferingPolicy)
    }

    /// The displayed path now (``path``), then after each change (``PathPublisher``; the
    /// router's ``Router/paths(bufferingPolicy:)``). Layout (``isCollapsed``) changes no path.
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   an unread stream keeps every path since it subscribed, about 25 bytes each plus the
    ///   characters of a path longer than 15 bytes; see <doc:StreamsAndOperators>).
    public func paths(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<String> {
        router.paths(bufferingPolicy: bufferingPolicy)
    }
}

extension SplitRouter {
    /// The router the shared verbs act on: ``router``.
    @_spi(StreamRouterInternals) public var _verbsRouter: Router<Route> { router }
}
