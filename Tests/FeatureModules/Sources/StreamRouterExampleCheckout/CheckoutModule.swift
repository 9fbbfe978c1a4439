import StreamRouter

/// An order, as the module's loader fetches it.
public struct Order: Sendable, Equatable {
    public let id: Int
    public let total: Int

    public init(id: Int, total: Int) {
        self.id = id
        self.total = total
    }
}

/// What the checkout module gives the app: its guard and its loader, written against its own
/// routes.
public enum CheckoutModule {
    /// Paying needs a non-empty cart: the guard sends a payment with nothing to pay to the
    /// cart.
    /// - Parameter itemCount: The number of items in the cart now.
    /// - Returns: The guard.
    public static func cartGuard(itemCount: @escaping @Sendable () -> Int) -> NavigationGuard<CheckoutRoute> {
        NavigationGuard(named: "checkout.cart") { pending in
            let pays = pending.destinations.contains { if case .pay = $0 { true } else { false } }
            return pays && itemCount() == 0 ? .redirect(to: .cart) : .allow
        }
    }

    /// The loader of the order a payment or receipt screen shows.
    public static let loaderName = "order"

    /// Loads the order of a payment or a receipt; nothing for the other screens.
    /// - Parameter route: A checkout screen.
    /// - Returns: Its order, or `nil`.
    @Sendable public static func load(_ route: CheckoutRoute) async throws -> (any Sendable)? {
        switch route {
        case .pay(let order), .receipt(let order): Order(id: order, total: order * 10)
        case .cart, .address: nil
        }
    }
}

/// The checkout screens' model: it navigates through the module's handle, in module terms.
public struct CheckoutModel: Sendable {
    let router: ScopedRouter<CheckoutRoute>

    /// - Parameter router: The module's handle.
    public init(router: ScopedRouter<CheckoutRoute>) {
        self.router = router
    }

    /// Asks for a delivery address on a sheet; `nil` when it is dismissed without one.
    public func chooseAddress() async throws -> String? {
        try await router.navigate(to: .address, returning: String.self)
    }

    /// Closes the address sheet with the address chosen.
    public func choose(address: String) async throws {
        try await router.dismiss(returning: address)
    }

    /// Pays an order, then shows its receipt in its place.
    public func pay(order: Int) async throws {
        try await router.navigate(to: .pay(order: order))
        try await router.navigate(to: .receipt(order: order))
    }
}
