/// What an app shows and logs for a route (``RouteProvider/metadata``): a title for its
/// navigation bar and breadcrumbs, and a name for analytics (Angular's route `data` and
/// `title`, react-router's `handle`, Navigation 3's metadata).
///
/// ```swift
/// extension AppRoute {
///     var metadata: RouteMetadata {
///         switch self {
///         case .home: RouteMetadata(title: "Home", analyticsName: "home")
///         case .profile(let id): RouteMetadata(title: "Profile \(id)", analyticsName: "profile")
///         default: RouteMetadata()
///         }
///     }
/// }
/// for await titles in router.titles { breadcrumb.items = titles }   // ["Home", "Profile 3"]
/// ```
///
/// Both are optional: an untitled route is left out of ``Router/titles``, and a route without
/// an analytics name gives events and journal entries none.
public struct RouteMetadata: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The title shown for the route (a navigation bar, a breadcrumb), `nil` for none.
    public var title: String?
    /// The name analytics record for the route's screen (`"product_detail"`, without the
    /// values that vary), `nil` for none.
    public var analyticsName: String?

    /// Creates metadata; both fields are `nil` by default.
    /// - Parameters:
    ///   - title: The title shown for the route.
    ///   - analyticsName: The name analytics record for its screen.
    public init(title: String? = nil, analyticsName: String? = nil) {
        self.title = title
        self.analyticsName = analyticsName
    }

    /// The title and the analytics name, such as `title "Orders", analytics orders`.
    public var description: String {
        let title = title.map { "title \"\($0)\"" } ?? "no title"
        let name = analyticsName.map { "analytics \($0)" } ?? "no analytics name"
        return "\(title), \(name)"
    }
}
