import Foundation
import StreamRouterTesting
import Testing

@testable import StreamRouter

@Suite(.suiteLimit) struct URLRoundTripTests {
    enum ShopRoute: RouteProvider {
        case products
        case product(id: Int)
        case cart

        static func registerURLs() -> URLMatcherGroup<ShopRoute>? {
            .group("shop.example.com") {
                $0.map("products") { .products }
                $0.map("products/{id}") { try .product(id: $0.param("id", as: Int.self)) }
                $0.map("basket") { .cart }
            }
        }
    }

    @Test func reportsTheRoutesThatDoNotMapBack() throws {
        let routes: [ShopRoute] = [.products, .product(id: 7), .cart]
        let failures = try urlRoundTripFailures(for: routes) { route in
            // The app's builder, with a bug: the cart is at `basket`, not `cart`.
            try #require(
                URL(
                    string: "https://shop.example.com"
                        + route.path.replacingOccurrences(of: "/product/", with: "/products/")))
        }
        #expect(failures.map(\.route) == [.cart])
        #expect(failures.first?.description.contains("opens nothing") == true)
    }
}
