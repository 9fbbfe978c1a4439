/// ``Router``'s verbs on a split view, with the same meaning: each is one navigation (or one
/// read) of ``router``, so its guards, loaders, events, journal and store see it. The
/// columns are the router's base stack (the sidebar's selection, the content column's, then
/// the detail stack); sheets and full-screen covers are presented over the split view.
extension SplitRouter {
    // MARK: - Navigating

    /// Shows `route` in the first empty column, then on the detail stack (a push onto the
    /// one stack; a presented route is presented over the split view; see
    /// ``Router/navigate(to:)-(Route)``).
    /// - Parameter route: The route to show, by its ``RouteProvider/transition``.
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigate(to route: Route) async throws(NavigationError) {
        try await router.navigate(to: route)
    }

    /// Shows the routes in order, each by its transition, as one navigation: the first fills
    /// the first empty column, the next ones the columns after it, then the detail stack
    /// (see ``Router/navigate(to:)-([Route])``).
    /// - Parameter routes: The routes to show, in order.
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigate(to routes: [Route]) async throws(NavigationError) {
        try await router.navigate(to: routes)
    }

    /// Shows `route` as ``navigate(to:)-(Route)`` does, then waits for the screen's result:
    /// returns when that entry leaves (see ``Router/navigate(to:returning:)``).
    /// - Parameters:
    ///   - route: The screen to show.
    ///   - returning: The type of the value the screen returns.
    /// - Returns: The value given to ``navigateBack(returning:)`` or ``dismiss(returning:)``
    ///   when that call removes the entry, else `nil`.
    /// - Throws: ``NavigationError`` before the route is shown; nothing changes then.
    public func navigate<Value: Sendable>(
        to route: Route,
        returning: Value.Type
    ) async throws(NavigationError) -> Value? {
        try await router.navigate(to: route, returning: returning)
    }

    /// Pops `count` entries of the current level (see ``Router/navigateBack(_:)``): the
    /// topmost presentation's stack while one is shown, else the columns from the last (the
    /// detail stack, then the content column's selection, then the sidebar's). A count of 0
    /// or less changes nothing.
    /// - Parameter count: How many entries to pop.
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigateBack(_ count: Int) async throws(NavigationError) {
        try await router.navigateBack(count)
    }

    /// Pops the top entry of the current level with a value for the caller of
    /// ``navigate(to:returning:)`` that showed it (see ``Router/navigateBack(returning:)``).
    /// - Parameter value: The screen's result.
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then and the
    ///   caller keeps waiting.
    public func navigateBack<Value: Sendable>(returning value: Value) async throws(NavigationError) {
        try await router.navigateBack(returning: value)
    }

    /// Goes back to the topmost occurrence of `route`: pops what is above it, and dismisses
    /// the presentations above its level (see ``Router/navigateBack(to:)``). Back to the
    /// sidebar's selection clears the columns after it; nothing changes when `route` is
    /// absent or on top.
    /// - Parameter route: The route to go back to.
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigateBack(to route: Route) async throws(NavigationError) {
        try await router.navigateBack(to: route)
    }

    /// Dismisses every presentation and clears every column, the sidebar's selection too
    /// (see ``Router/navigateToRoot()``).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigateToRoot() async throws(NavigationError) {
        try await router.navigateToRoot()
    }

    /// Replaces the whole tree with `routes` in one navigation: the columns, filled in order,
    /// then anything presented by its transition (see ``Router/replace(with:)``). The entries
    /// the new tree holds at the same place from the bottom up are kept, with their loaded
    /// values and awaited results.
    /// - Parameter routes: The new tree's routes, bottom first; empty clears every column.
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func replace(with routes: [Route]) async throws(NavigationError) {
        try await router.replace(with: routes)
    }

    /// Dismisses the topmost presentation over the split view and the stack inside it;
    /// nothing changes when none is presented (see ``Router/dismiss()``).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func dismiss() async throws(NavigationError) {
        try await router.dismiss()
    }

    /// Dismisses the topmost presentation with a value for the caller of
    /// ``navigate(to:returning:)`` that presented it (see ``Router/dismiss(returning:)``).
    /// - Parameter value: The presentation's result.
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then and the
    ///   caller keeps waiting.
    public func dismiss<Value: Sendable>(returning value: Value) async throws(NavigationError) {
        try await router.dismiss(returning: value)
    }

    /// Dismisses every presentation over the split view, keeping the columns; nothing
    /// changes when none is presented (see ``Router/dismissAll()``).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func dismissAll() async throws(NavigationError) {
        try await router.dismissAll()
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

    /// Runs the loaders for `route` now, without navigating; the next navigation that shows
    /// it within `lifetime` takes these values (see ``Router/preload(_:for:)``).
    /// - Parameters:
    ///   - route: The route to load for.
    ///   - lifetime: How long the values may wait for a navigation.
    public func preload(_ route: Route, for lifetime: Duration) async {
        await router.preload(route, for: lifetime)
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
    /// - Parameter bufferingPolicy: The buffer of this subscription.
    public func events(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<RouterEvent<Route>> {
        router.events(bufferingPolicy: bufferingPolicy)
    }

    /// Every change of the displayed path after this property is read, with an unbounded
    /// buffer (the router's ``Router/actions``).
    public var actions: SubjectStream<NavigationAction> {
        router.actions
    }

    /// Every change of the displayed path after this call (the router's
    /// ``Router/actions(bufferingPolicy:)``).
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default).
    public func actions(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<NavigationAction> {
        router.actions(bufferingPolicy: bufferingPolicy)
    }

    /// The displayed path now (``path``), then after each change (``PathPublisher``; the
    /// router's ``Router/paths(bufferingPolicy:)``). Layout (``isCollapsed``) changes no path.
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default).
    public func paths(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<String> {
        router.paths(bufferingPolicy: bufferingPolicy)
    }
}
