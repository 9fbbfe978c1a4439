import StreamRouter

/// The checkout module's screens. The module knows nothing of the app that shows them.
public enum CheckoutRoute: RouteProvider {
    case cart
    case address
    case pay(order: Int)
    case receipt(order: Int)

    /// The links the module answers to: `https://example.com/cart` and `.../orders/...`.
    public static var urls: URLMatcherGroup<CheckoutRoute> {
        .group("example.com") {
            $0.map("cart") { .cart }
            $0.map(
                "orders/{order}/pay",
                linking: { if case .pay(let order) = $0 { ["order": "\(order)"] } else { nil } }
            ) { try .pay(order: $0.param("order", as: Int.self)) }
            $0.map(
                "orders/{order}",
                linking: { if case .receipt(let order) = $0 { ["order": "\(order)"] } else { nil } }
            ) { try .receipt(order: $0.param("order", as: Int.self)) }
        }
    }

    public static func registerURLs() -> URLMatcherGroup<CheckoutRoute>? { urls }

    public var transition: RouteTransition { self == .address ? .sheet : .push }

    public var path: String {
        switch self {
        case .cart: "/cart"
        case .address: "/address"
        case .pay(let order): "/orders/\(order)/pay"
        case .receipt(let order): "/orders/\(order)"
        }
    }

    public var metadata: RouteMetadata {
        switch self {
        case .cart: RouteMetadata(title: "Cart")
        case .address: RouteMetadata(title: "Address")
        case .pay: RouteMetadata(title: "Pay")
        case .receipt(let order): RouteMetadata(title: "Order \(order)")
        }
    }
}
