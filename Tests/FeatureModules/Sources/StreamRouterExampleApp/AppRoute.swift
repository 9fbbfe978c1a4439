import StreamRouter
import StreamRouterExampleCheckout
import StreamRouterExampleProfile

/// The app's screens: its own, and each feature module's, embedded.
public enum AppRoute: RouteProvider {
    case home
    case profile(ProfileRoute)
    case checkout(CheckoutRoute)

    /// The profile module's routes in the app's.
    public static let profileModule = RouteEmbedding<ProfileRoute, AppRoute>(
        module: "Profile", embed: AppRoute.profile
    ) {
        if case .profile(let route) = $0 { route } else { nil }
    }

    /// The checkout module's routes in the app's.
    public static let checkoutModule = RouteEmbedding<CheckoutRoute, AppRoute>(
        module: "Checkout", embed: AppRoute.checkout
    ) {
        if case .checkout(let route) = $0 { route } else { nil }
    }

    /// The app's links and every module's.
    public static func registerURLs() -> URLMatcherGroup<AppRoute>? {
        .init(matchers: [
            .group("example.com") { $0.map("home") { .home } },
            .module(ProfileRoute.urls, through: profileModule),
            .module(CheckoutRoute.urls, through: checkoutModule),
        ])
    }

    public var transition: RouteTransition {
        switch self {
        case .home: .push
        case .profile(let route): route.transition
        case .checkout(let route): route.transition
        }
    }

    public var path: String {
        switch self {
        case .home: "/home"
        case .profile(let route): "/profile" + route.path
        case .checkout(let route): "/checkout" + route.path
        }
    }

    public var metadata: RouteMetadata {
        switch self {
        case .home: RouteMetadata(title: "Home")
        case .profile(let route): route.metadata
        case .checkout(let route): route.metadata
        }
    }
}
