import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// README "Typed routes and deep links".
@Suite(.suiteLimit) struct ReadmeRouterTests {
    enum AppRoute: RouteProvider {
        case home, allProducts
        case products(category: String)
        case profile(id: Int)
        case login

        static func registerURLs() -> URLMatcherGroup<AppRoute>? {
            .group("store.example.com") {
                $0.map("products") { .allProducts }
                $0.map("products/{category}/view") { try .products(category: $0.param("category")) }
                $0.map("user/{id}/profile") { try .profile(id: $0.param("id")) }
            }
        }
    }

    @Test func typedRoutesSection() async throws {
        let router = Router<AppRoute>()
        let events = StreamRecorder(router.events)
        router.addGuard(named: "auth") { pending in
            pending.destinations.contains(.profile(id: 0)) ? .redirect(to: .login) : .allow
        }
        try await router.navigate(to: .home)
        let handled = await router.openURL(try #require(URL(string: "https://store.example.com/user/42/profile")))
        #expect(handled)
        #expect(router.stack == [.home, .profile(id: 42)])
        #expect(await router.openURL(try #require(URL(string: "https://store.example.com/user/abc/profile"))) == false)
        try await router.navigateBack(to: .home)
        #expect(router.stack == [.home])
        try await router.navigate(to: .profile(id: 0))
        #expect(router.stack == [.home, .login])
        try await events.wait { $0.count >= 10 }
    }

    /// README "In a SwiftUI app": the `RouterModel` setter block (the SwiftUI glue after it
    /// is not mirrored: SwiftUI does not build on Linux).
    @MainActor
    func swipeBack(model: RouterModel<AppRoute>) async {
        model.stack = Array(model.stack.dropLast())  // what NavigationStack(path:) does
        await model.settled()  // the router popped (or a guard refused)
    }

    @MainActor
    @Test func routerModelSection() async throws {
        let router = Router<AppRoute>(state: RouterState(stack: [.home, .allProducts]))
        let model = RouterModel(router: router)
        await swipeBack(model: model)
        #expect(router.stack == [.home] && model.stack == [.home])
    }
}
