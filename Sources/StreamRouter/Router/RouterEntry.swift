/// An entry of the ``NavigationHistory`` behind a ``Router``: the root, or a route.
///
/// A history always has a current entry, while a router's stack starts empty. Rather than
/// a second stack engine, the router keeps one history whose first entry is the `root`
/// sentinel: it stands for the app's root screen, which is no route (as the root view under
/// SwiftUI's `NavigationStack` path is not in the path). The stack is every entry after
/// the root; an empty stack is a history at its root. Stack operations never pop the root,
/// because ``NavigationHistory`` never drops its first entry.
enum RouterEntry<Route: RouteProvider>: Hashable, Sendable, Codable {
    /// The root screen, below every route; always and only the first entry.
    case root
    /// A route on the stack, with its ``RouteProvider/path`` computed once, when it was
    /// pushed (the default `path` uses reflection, too slow to recompute for the whole stack
    /// on every navigation).
    case route(Route, path: String)

    /// The entry of `route`.
    static func make(_ route: Route) -> RouterEntry {
        .route(route, path: route.path)
    }

    /// The route, `nil` for the root.
    var route: Route? {
        switch self {
        case .root: nil
        case .route(let route, _): route
        }
    }

    /// The route's path, `nil` for the root.
    var path: String? {
        switch self {
        case .root: nil
        case .route(_, let path): path
        }
    }
}
