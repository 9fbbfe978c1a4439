/// What a route table entry leads to: a screen, or a redirect to another path
/// (SwiftUIRouter's `Navigate(to:)` inside `SwitchRoutes`).
///
/// ```swift
/// let table = RouteTable<RouteDestination<String>>([
///     (try PathPattern("/news/*"), .screen("news")),
///     (try PathPattern("/old-news/*"), .redirect(to: "/news")),
/// ])
/// try table.resolve("/old-news/5")?.path     // "/news"
/// ```
public enum RouteDestination<Screen: Sendable>: Sendable {
    /// Show this screen.
    case screen(Screen)
    /// Go to this path instead, resolved against the matched route's path (so `".."` and
    /// relative paths work as in a nested `Navigate(to:)`).
    case redirect(to: String)
}
