import Foundation
import StreamRouter

/// The typed routes of a small store app, with the deep links that reach them.
enum StoreRoute: RouteProvider {
    case home, allProducts
    case products(category: String)
    case profile(id: Int)
    case login
    /// A screen that returns a value to the one that opened it.
    case colorPicker
    /// A sheet, presented over the stack.
    case checkout

    /// `checkout` is a sheet; everything else is pushed.
    var transition: RouteTransition {
        self == .checkout ? .modal : .push
    }

    /// The title a navigation bar shows, and the name analytics record.
    var metadata: RouteMetadata {
        switch self {
        case .home: RouteMetadata(title: "Home", analyticsName: "home")
        case .allProducts: RouteMetadata(title: "Products", analyticsName: "products")
        case .products(let category): RouteMetadata(title: category.capitalized, analyticsName: "category")
        case .profile: RouteMetadata(title: "Profile", analyticsName: "profile")
        case .login: RouteMetadata(title: "Log in", analyticsName: "login")
        case .colorPicker: RouteMetadata(title: "Colour")
        case .checkout: RouteMetadata(title: "Checkout", analyticsName: "checkout")
        }
    }

    static func registerURLs() -> URLMatcherGroup<StoreRoute>? {
        .group("store.example.com") {
            $0.map("products") { .allProducts }
            $0.map("products/{category}/view") { try .products(category: $0.param("category")) }
            $0.map("user/{id}/profile") { try .profile(id: $0.param("id")) }
        }
    }
}
