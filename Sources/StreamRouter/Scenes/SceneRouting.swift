import Foundation

/// A router kind a ``SceneRouters`` registry keeps one of per window: ``Router``,
/// ``TabRouter`` and ``SplitRouter`` (the library's router kinds are its only conformers).
public protocol SceneRouting: AnyObject, Sendable {
    /// The type of routes.
    associatedtype Route: RouteProvider
    /// The router's events (``RouterEvent``, or ``TabRouterEvent`` for a tab router).
    associatedtype Event: Sendable

    /// The URLs the router opens.
    var urlMatchers: URLMatcherGroup<Route>? { get }
    /// The routes of every displayed entry, bottom first: what the window shows, to send a
    /// link for content it shows already to it.
    var displayedRoutes: [Route] { get }
    /// Opens a deep link (see ``Router/openURL(_:source:)``).
    func openURL(_ url: URL, source: NavigationSource) async -> Bool
    /// Shows `routes` in one navigation (see ``Router/navigate(to:source:)-([Route],_)``).
    func navigate(to routes: [Route], source: NavigationSource) async throws(NavigationError)
    /// The router's events after this call.
    func events(bufferingPolicy: BufferingPolicy) -> SubjectStream<Event>
}

extension Router: SceneRouting {
    /// The routes of every displayed entry, bottom first: the base stack, then each
    /// presentation's route and stack.
    public var displayedRoutes: [Route] {
        _storage.read { $0.state }._entries.bottomFirst.map(\.route)
    }
}

extension TabRouter: SceneRouting {
    /// The routes of every displayed entry, bottom first: the selected tab's, then what is
    /// presented above the tabs.
    public var displayedRoutes: [Route] {
        selectedRouter.displayedRoutes + _aboveTabs.displayedRoutes
    }
}

extension SplitRouter: SceneRouting {
    /// The URLs ``openURL(_:)`` opens (its ``router``'s).
    public var urlMatchers: URLMatcherGroup<Route>? { router.urlMatchers }

    /// The routes of every displayed entry, bottom first: the filled columns, then what is
    /// presented.
    public var displayedRoutes: [Route] { router.displayedRoutes }
}
