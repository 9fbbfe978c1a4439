import StreamRouter

/// The profile module's screens. The module knows nothing of the app that shows them.
public enum ProfileRoute: RouteProvider {
    case overview
    case detail(id: Int)
    case edit(id: Int)
    case signIn

    /// The links the module answers to: `https://example.com/profile/...`.
    public static var urls: URLMatcherGroup<ProfileRoute> {
        .group("example.com") {
            $0.map("profile") { .overview }
            $0.map(
                "profile/{id}",
                linking: { if case .detail(let id) = $0 { ["id": "\(id)"] } else { nil } }
            ) { try .detail(id: $0.param("id", as: Int.self)) }
            $0.mapStack("profile/{id}/edit") {
                let id = try $0.param("id", as: Int.self)
                return [.detail(id: id), .edit(id: id)]
            }
        }
    }

    public static func registerURLs() -> URLMatcherGroup<ProfileRoute>? { urls }

    public var transition: RouteTransition { self == .signIn ? .sheet : .push }

    public var path: String {
        switch self {
        case .overview: "/overview"
        case .detail(let id): "/\(id)"
        case .edit(let id): "/\(id)/edit"
        case .signIn: "/sign-in"
        }
    }

    public var metadata: RouteMetadata {
        switch self {
        case .overview: RouteMetadata(title: "Profile", analyticsName: "profile")
        case .detail(let id): RouteMetadata(title: "Profile \(id)", analyticsName: "profile.detail")
        case .edit: RouteMetadata(title: "Edit profile", analyticsName: "profile.edit")
        case .signIn: RouteMetadata(title: "Sign in", analyticsName: "profile.sign-in")
        }
    }
}
