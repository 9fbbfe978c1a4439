/// A type of typed routes for a ``Router``, usually an enum (XRouter's `RouteType`,
/// Routing's `Routable`).
///
/// ```swift
/// enum AppRoute: RouteProvider {
///     case home, allProducts, products(category: String), profile(id: Int), logout
///
///     static func registerURLs() -> URLMatcherGroup<AppRoute>? {
///         .group("store.example.com") {
///             $0.map("products") { .allProducts }
///             $0.map("products/{category}/view") { try .products(category: $0.param("category")) }
///             $0.map("user/{id}/profile") { try .profile(id: $0.param("id")) }
///             $0.map("user/*/logout") { .logout }
///         }
///     }
///
///     var transition: RouteTransition {
///         self == .logout ? .modal : .push
///     }
/// }
/// ```
///
/// Routes are `Hashable` (``Router/navigateBack(to:)`` finds them), `Codable` (a stack can
/// be saved and restored) and `Sendable`. Every requirement has a default.
public protocol RouteProvider: Hashable, Codable, Sendable {
    /// The URLs that open routes of this type, or `nil` (the default) for none. A
    /// ``Router`` reads it once, when it is created.
    static func registerURLs() -> URLMatcherGroup<Self>?

    /// How a router shows this route; ``RouteTransition/push`` by default.
    var transition: RouteTransition { get }

    /// The route as an absolute path, so that path-based features (``NavigationAction``
    /// directions, ``PathPattern`` matches) work on typed stacks: a router's path is the
    /// paths of its stack joined, `/` for an empty stack.
    ///
    /// By default an enum case gives `/<case name>/<each associated value>`, each segment
    /// percent-encoded (`.profile(id: 3)` -> `/profile/3`, `.products(category: "a b")` ->
    /// `/products/a%20b`), and any other type `/<its description>`. Override it for stable,
    /// readable paths; return an absolute path without `.` or `..` segments.
    ///
    /// A router reads it once per stack entry, when the entry is made (and once more to
    /// check a restored state), never again for guards, events or ``Router/openURL(_:)``. So
    /// `path` must depend on the route's value only.
    var path: String { get }

    /// What an app shows and logs for this route: a title (navigation bars, breadcrumbs,
    /// ``Router/titles``) and an analytics name (``RouterEvent/analyticsName``,
    /// ``NavigationJournal/Entry/analyticsName``); an empty ``RouteMetadata`` by default.
    ///
    /// ```swift
    /// extension AppRoute {
    ///     var metadata: RouteMetadata { RouteMetadata(title: "Orders", analyticsName: "orders") }
    /// }
    /// ```
    ///
    /// A router reads it only for those who ask: while titles are streamed, once for each
    /// displayed entry of each state published; for an event's or a journal entry's
    /// analytics name, when it is read (a journal's, when the journal is read). Never on a
    /// navigation's own path, so it may be computed (a localised string), but keep it cheap
    /// and dependent on the route's value only.
    var metadata: RouteMetadata { get }
}

extension RouteProvider {
    /// No URLs.
    public static func registerURLs() -> URLMatcherGroup<Self>? {
        nil
    }

    /// ``RouteTransition/push``.
    public var transition: RouteTransition {
        .push
    }

    /// No title and no analytics name.
    public var metadata: RouteMetadata {
        RouteMetadata()
    }
}
