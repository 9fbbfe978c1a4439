import Foundation

/// A feature module's handle on the app's router: its verbs take and give the module's
/// routes, so a module's screens, view models and tests name the module's route type alone,
/// never the app's.
///
/// ```swift
/// // In the profile module:
/// @MainActor final class ProfileModel {
///     let router: ScopedRouter<ProfileRoute>
///     init(router: ScopedRouter<ProfileRoute>) { self.router = router }
///     func openSettings() async throws { try await router.navigate(to: .settings) }
/// }
///
/// // In the app, which knows both types:
/// let model = ProfileModel(router: appRouter.scoped(to: AppRoute.profileModule))
///
/// // In the module's tests, with a router of the module's own routes:
/// let model = ProfileModel(router: ScopedRouter(Router<ProfileRoute>()))
/// ```
///
/// Every verb is one navigation of the app's router, with the route embedded: its guards
/// (the app's and every module's) and loaders run as for any navigation. Moves back and
/// dismissals act on the app router's tree as they do on the router itself.
///
/// > Note: A value: it holds the router strongly, as a view model holding the router would.
public struct ScopedRouter<Route: RouteProvider>: Sendable {
    private let target: any ScopedRouterTarget<Route>

    init(_ target: any ScopedRouterTarget<Route>) {
        self.target = target
    }

    /// A handle on a router of the module's own routes: for a module's tests and previews,
    /// with no app. Every event of the router is the module's.
    /// - Parameter router: The router the handle navigates.
    public init(_ router: Router<Route>) {
        target = EmbeddedRouter(own: router)
    }

    /// Shows `route` by its ``RouteProvider/transition`` (see ``Router/navigate(to:)-(Route)``).
    /// - Parameter route: The module's route.
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigate(to route: Route) async throws(NavigationError) {
        try await target.navigate(to: [route], source: nil)
    }

    /// Shows `routes` in order, in one navigation (see ``Router/navigate(to:)-([Route])``).
    /// - Parameter routes: The module's routes.
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigate(to routes: [Route]) async throws(NavigationError) {
        try await target.navigate(to: routes, source: nil)
    }

    /// Shows `route`, saying where the navigation came from (see
    /// ``Router/navigate(to:source:)-(Route,_)``).
    /// - Parameters:
    ///   - route: The module's route.
    ///   - source: Where the navigation came from.
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigate(to route: Route, source: NavigationSource) async throws(NavigationError) {
        try await target.navigate(to: [route], source: source)
    }

    /// Shows `route` and returns what its screen gives back (see
    /// ``Router/navigate(to:returning:)``).
    /// - Parameters:
    ///   - route: The module's route.
    ///   - returning: The type of the value the screen returns.
    /// - Returns: The screen's value, or `nil` when it left another way.
    /// - Throws: ``NavigationError`` when a guard refuses to show it.
    public func navigate<Value: Sendable>(
        to route: Route, returning: Value.Type
    ) async throws(NavigationError) -> Value? {
        try await target.navigate(to: route, returning: returning)
    }

    /// Pops `count` entries of the current level (see ``Router/navigateBack(_:)``).
    /// - Parameter count: How many; one by default.
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigateBack(_ count: Int = 1) async throws(NavigationError) {
        try await target.navigateBack(count)
    }

    /// Pops the top entry of the current level with a value for the caller awaiting its
    /// result (see ``Router/navigateBack(returning:)``).
    /// - Parameter value: The screen's result.
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigateBack<Value: Sendable>(returning value: Value) async throws(NavigationError) {
        try await target.navigateBack(returning: value)
    }

    /// Goes back to the topmost occurrence of `route` (see ``Router/navigateBack(to:)``).
    /// - Parameter route: The module's route.
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigateBack(to route: Route) async throws(NavigationError) {
        try await target.navigateBack(to: route)
    }

    /// Dismisses the topmost presentation (see ``Router/dismiss()``).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func dismiss() async throws(NavigationError) {
        try await target.dismiss()
    }

    /// Dismisses the topmost presentation with a value for the caller awaiting its result
    /// (see ``Router/dismiss(returning:)``).
    /// - Parameter value: The presentation's result.
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func dismiss<Value: Sendable>(returning value: Value) async throws(NavigationError) {
        try await target.dismiss(returning: value)
    }

    /// Runs the router's loaders for `route` now, for the next navigation that shows it
    /// within `lifetime` (see ``Router/preload(_:for:)``).
    /// - Parameters:
    ///   - route: The module's route.
    ///   - lifetime: How long the values may wait for a navigation.
    public func preload(_ route: Route, for lifetime: Duration) async {
        await target.preload(route, for: lifetime)
    }

    /// The value a loader gave for the topmost displayed entry holding `route` (see
    /// ``Router/loaded(_:for:)``).
    /// - Parameters:
    ///   - type: The type of the value.
    ///   - route: The module's route.
    /// - Returns: The value, or `nil`.
    public func loaded<Value>(_ type: Value.Type, for route: Route) -> Value? {
        target.loaded(type, for: route)
    }

    /// The canonical link of `route`, made by the app's URL group (see
    /// ``Router/url(for:)``): the module's mapping, lifted into it, makes it.
    /// - Parameter route: The module's route.
    /// - Returns: The link, or `nil` when no mapping makes one that opens it.
    public func url(for route: Route) -> URL? {
        target.url(for: route)
    }

    /// The module's events after this property is read, with an unbounded buffer (see
    /// ``events(bufferingPolicy:)``).
    public var events: ScopedRouterEvents<Route> {
        events()
    }

    /// The module's events after this call: those of navigations whose request names one of
    /// its routes, or was redirected from one that does, and the values loaded for its
    /// routes (see ``ScopedRouterEvents``).
    ///
    /// Each request is read in module terms: its operation with the routes that are not the
    /// module's left out, and the operations it was redirected from that name none of its
    /// routes left out; a `.completed` event's state holds the module's routes only (each
    /// level keeps the module's routes, a presentation of another route is left out, the
    /// module's routes pushed inside it joining the level under it), and its action is the
    /// app router's. An app guard's redirect from another
    /// route to one of the module's is published with the request it came from read the same
    /// way (`navigate(to: [])` when it named none of the module's routes).
    /// - Parameter bufferingPolicy: The buffer of the router's subscription underneath, which
    ///   holds every event of the router until the module's are read from it (unbounded by
    ///   default).
    /// - Returns: The module's events.
    public func events(bufferingPolicy: BufferingPolicy = .unbounded) -> ScopedRouterEvents<Route> {
        target.events(bufferingPolicy: bufferingPolicy)
    }
}
