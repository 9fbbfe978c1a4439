/// The verbs ``TabRouter`` and ``SplitRouter`` share with ``Router``, with a router's meaning:
/// each is one navigation of the router the kind's verbs reach now (see <doc:OneSurface>).
///
/// A ``TabRouter``'s verbs act on its topmost level: what is presented above the tabs while
/// something is, else the selected tab. A ``SplitRouter``'s act on its ``SplitRouter/router``,
/// whose base stack holds the columns. The library's router kinds are its only conformers.
public protocol RouterSurface: AnyObject, Sendable {
    /// The type of routes.
    associatedtype Route: RouteProvider

    /// The router the verbs act on now.
    @_spi(StreamRouterInternals) var _verbsRouter: Router<Route> { get }
}

extension RouterSurface {
    /// Shows `route` by its ``RouteProvider/transition`` (see ``Router/navigate(to:)-(Route)``).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigate(to route: Route) async throws(NavigationError) {
        try await _verbsRouter.navigate(to: route)
    }

    /// Shows `routes` in order, in one navigation (see ``Router/navigate(to:)-([Route])``).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigate(to routes: [Route]) async throws(NavigationError) {
        try await _verbsRouter.navigate(to: routes)
    }

    /// Shows `route` as ``navigate(to:)-(Self.Route)`` does, from `source` (see
    /// ``Router/navigate(to:source:)-(Route,_)``).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigate(to route: Route, source: NavigationSource) async throws(NavigationError) {
        try await _verbsRouter.navigate(to: route, source: source)
    }

    /// Shows `routes` in one navigation, from `source` (see
    /// ``Router/navigate(to:source:)-([Route],_)``).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigate(to routes: [Route], source: NavigationSource) async throws(NavigationError) {
        try await _verbsRouter.navigate(to: routes, source: source)
    }

    /// Shows `route` and returns what its screen gives back (see
    /// ``Router/navigate(to:returning:)``): the value handed to ``navigateBack(returning:)``
    /// or ``dismiss(returning:)`` when that very entry leaves, `nil` when it leaves any other way.
    /// - Throws: ``NavigationError`` when a guard refuses to show it.
    public func navigate<Value: Sendable>(
        to route: Route, returning type: Value.Type
    ) async throws(NavigationError) -> Value? {
        try await _verbsRouter.navigate(to: route, returning: type)
    }

    /// Pops the top entry of the current level, never a presentation itself (see
    /// ``Router/navigateBack(_:)``).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigateBack() async throws(NavigationError) {
        try await _verbsRouter.navigateBack()
    }

    /// Pops `count` entries of the current level (see ``Router/navigateBack(_:)``).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigateBack(_ count: Int) async throws(NavigationError) {
        try await _verbsRouter.navigateBack(count)
    }

    /// Pops the top entry of the current level, handing `value` to the caller awaiting its
    /// result (see ``Router/navigateBack(returning:)``).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigateBack<Value: Sendable>(returning value: Value) async throws(NavigationError) {
        try await _verbsRouter.navigateBack(returning: value)
    }

    /// Goes back to the topmost occurrence of `route` (see ``Router/navigateBack(to:)``).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigateBack(to route: Route) async throws(NavigationError) {
        try await _verbsRouter.navigateBack(to: route)
    }

    /// Dismisses every presentation and pops to the root (see ``Router/navigateToRoot()``).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigateToRoot() async throws(NavigationError) {
        try await _verbsRouter.navigateToRoot()
    }

    /// Dismisses the topmost presentation (see ``Router/dismiss()``); nothing changes when
    /// none is shown.
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func dismiss() async throws(NavigationError) {
        try await _verbsRouter.dismiss()
    }

    /// Dismisses the topmost presentation, handing `value` to the caller awaiting its result
    /// (see ``Router/dismiss(returning:)``).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func dismiss<Value: Sendable>(returning value: Value) async throws(NavigationError) {
        try await _verbsRouter.dismiss(returning: value)
    }

    /// Dismisses every presentation (see ``Router/dismissAll()``).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func dismissAll() async throws(NavigationError) {
        try await _verbsRouter.dismissAll()
    }

    /// Runs the loaders for `route` now, for the next navigation that shows it within
    /// `lifetime` (see ``Router/preload(_:for:)``).
    /// - Parameters:
    ///   - route: The route to load for.
    ///   - lifetime: How long the values may wait for a navigation.
    public func preload(_ route: Route, for lifetime: Duration) async {
        await _verbsRouter.preload(route, for: lifetime)
    }
}
