import Foundation
import StreamRouter
import StreamRouterExampleApp
import StreamRouterExampleCheckout
import StreamRouterExampleProfile
import StreamRouterTesting
import Testing

/// The app composing both modules: one router, every module's links, guards and loaders.
@Suite(.timeLimit(.minutes(1))) struct AppCompositionTests {
    @Test func everyModulesLinksOpenOnTheAppRouter() async throws {
        let app = AppRouting(isSignedIn: { true }, cartItemCount: { 1 })
        let router = app.router
        #expect(await router.openURL(try #require(URL(string: "https://example.com/home"))))
        #expect(await router.openURL(try #require(URL(string: "https://example.com/profile/3"))))
        #expect(await router.openURL(try #require(URL(string: "https://example.com/orders/9/pay"))))
        #expect(router.stack == [.home, .profile(.detail(id: 3)), .checkout(.pay(order: 9))])
        #expect(await router.openURL(try #require(URL(string: "https://example.com/profile/3/edit"))))
        #expect(
            router.stack == [.profile(.detail(id: 3)), .profile(.edit(id: 3))], "a module's stack replaces the tree")
        #expect(router.url(for: .checkout(.receipt(order: 9)))?.absoluteString == "https://example.com/orders/9")
    }

    @Test func theComposedGroupHasNoConflictsAndItsAssociationFileCoversEveryModule() throws {
        let group = try #require(AppRoute.registerURLs())
        #expect(group.conflicts.isEmpty)
        let served = try group.appleAppSiteAssociation(appIDs: ["ABCDE12345.com.example.app"])
        let routes: [AppRoute] = [.profile(.detail(id: 3)), .checkout(.pay(order: 9)), .checkout(.receipt(order: 9))]
        #expect(try group.unclaimedLinks(for: routes, inAppleAppSiteAssociation: served) == [])
    }

    @Test func everyModulesGuardRunsOnTheAppRouter() async throws {
        let app = AppRouting(isSignedIn: { false }, cartItemCount: { 0 })
        try await app.router.navigate(to: .home)
        try await app.router.navigate(to: .profile(.edit(id: 1)))
        #expect(app.router.state == RouterState(stack: [.home], modal: .profile(.signIn)))
        try await app.router.dismiss()
        try await app.checkout.pay(order: 5)
        #expect(app.router.stack == [.home, .checkout(.cart), .checkout(.receipt(order: 5))])
    }

    @Test func everyModulesLoaderRunsOnTheAppRouter() async throws {
        let app = AppRouting(isSignedIn: { true }, cartItemCount: { 1 })
        try await app.profile.open(profile: 2)
        try await app.checkout.pay(order: 4)
        #expect(app.profile.profile(2) == Profile(id: 2, name: "User 2"))
        #expect(app.router.loaded(Order.self, for: .checkout(.receipt(order: 4))) == Order(id: 4, total: 40))
    }

    @Test func theAppSeesTheWholeTree() async throws {
        let app = AppRouting(isSignedIn: { true }, cartItemCount: { 1 })
        try await app.router.navigate(to: .home)
        try await app.profile.open(profile: 2)
        let address = Task { try await app.checkout.chooseAddress() }
        try await eventually { app.router.modal != nil }
        #expect(app.router.state.titles == ["Home", "Profile 2", "Address"])
        #expect(app.router.state.displayedPath == "/home/profile/2/checkout/address")
        try await app.checkout.choose(address: "1 Main St")
        #expect(try await address.value == "1 Main St")
        #expect(app.router.stack == [.home, .profile(.detail(id: 2))])
    }
}
