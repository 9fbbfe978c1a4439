import Foundation
import StreamRouter
import StreamRouterExampleCheckout
import StreamRouterTesting
import Testing

/// The checkout module on its own: a router of its routes, its handle, its guard and loader.
@Suite(.timeLimit(.minutes(1))) struct CheckoutModuleTests {
    @Test func theAddressSheetReturnsTheAddressChosen() async throws {
        let router = Router<CheckoutRoute>(state: RouterState(stack: [.cart]))
        let model = CheckoutModel(router: ScopedRouter(router))
        let address = Task { try await model.chooseAddress() }
        try await eventually { router.modal == .address }
        try await model.choose(address: "1 Main St")
        #expect(try await address.value == "1 Main St")
        #expect(router.modal == nil)
    }

    @Test func payingAnEmptyCartShowsTheCart() async throws {
        let router = Router<CheckoutRoute>()
        router.addGuard(CheckoutModule.cartGuard(itemCount: { 0 }))
        try await ScopedRouter(router).navigate(to: .pay(order: 7))
        #expect(router.stack == [.cart])
    }

    @Test func payingLoadsTheOrder() async throws {
        let router = Router<CheckoutRoute>()
        router.addGuard(CheckoutModule.cartGuard(itemCount: { 2 }))
        router.addLoader(named: CheckoutModule.loaderName) { try await CheckoutModule.load($0) }
        try await CheckoutModel(router: ScopedRouter(router)).pay(order: 7)
        #expect(router.stack == [.pay(order: 7), .receipt(order: 7)])
        #expect(router.loaded(Order.self, for: .receipt(order: 7)) == Order(id: 7, total: 70))
    }
}
