import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// DESIGN.md's "Typed routes and deep links" snippet, compiled as written (nested here so
/// its `AppRoute` name stays private to this suite).
@Suite(.suiteLimit) struct RouterDesignSnippetTests {
    enum AppRoute: RouteProvider {  // Hashable, Codable, Sendable
        case home, allProducts
        case products(category: String)
        case profile(id: Int)
        case logout
        static func registerURLs() -> URLMatcherGroup<AppRoute>? {
            .group("store.example.com") {
                $0.map("products") { .allProducts }
                $0.map("products/{category}/view") { try .products(category: $0.param("category")) }
                $0.map("user/{id}/profile") { try .profile(id: $0.param("id")) }  // typed, throws
                $0.map("user/*/logout") { .logout }
            }
        }
    }

    @Test func snippet() async throws {
        let url = URL(string: "https://store.example.com/products/shoes/view")!
        let router = Router<AppRoute>()
        try await router.navigate(to: .profile(id: 3))  // async throws: guards may cancel or redirect
        let handled = await router.openURL(url)  // Bool: false for unknown host or path
        #expect(handled)
        #expect(router.stack == [.profile(id: 3), .products(category: "shoes")])
        let _: [AppRoute] = router.stack  // [AppRoute]
        try await router.navigate(to: [.allProducts, .home])
        try await router.navigateBack(2)
        #expect(router.stack == [.profile(id: 3), .products(category: "shoes")])
        try await router.navigate(to: .home)
        try await router.navigateBack(to: .home)
        try await router.navigateToRoot()
        #expect(router.stack == [])
        try await router.replace(with: [.home])
        #expect(router.stack == [.home])
        for try await _ in router.streams.navigate(to: .home) {}  // completes once, or throws
        #expect(router.stack == [.home, .home])
        var answers: [Bool] = []
        for await handled in router.streams.openURL(url) { answers.append(handled) }  // one Bool, then finishes
        #expect(answers == [true])
    }

    @Test func routeProviderIsHashableCodableSendable() throws {
        let route: any Hashable & Codable & Sendable = AppRoute.profile(id: 3)
        let data = try JSONEncoder().encode(AppRoute.products(category: "shoes"))
        #expect(try JSONDecoder().decode(AppRoute.self, from: data) == .products(category: "shoes"))
        #expect(route as? AppRoute == .profile(id: 3))
    }

    @Test func severalHostsAndGroups() async throws {
        let group = URLMatcherGroup<AppRoute>(matchers: [
            .group(["example.com", "store.example.com"]) {
                $0.map("products") { .allProducts }
            },
            .group("account.example.com") {
                $0.map("logout") { .logout }
            },
        ])
        let router = Router<AppRoute>(urlMatchers: group)
        #expect(await router.openURL(URL(string: "https://example.com/products")!))
        #expect(await router.openURL(URL(string: "https://account.example.com/logout")!))
        #expect(router.stack == [.allProducts, .logout])
    }

    @Test func untrustedURLsAnswerFalse() async throws {
        let router = Router<AppRoute>()
        let reasons = StreamRecorder(
            router.events.compactMap { event -> URLNotHandledReason? in
                if case .urlNotHandled(_, let reason) = event { reason } else { nil }
            })
        #expect(await router.openURL(URL(string: "https://unknown.example.com/products")!) == false)
        #expect(await router.openURL(URL(string: "https://store.example.com/unknown")!) == false)
        #expect(await router.openURL(URL(string: "myapp://store.example.com/products")!) == false)
        #expect(await router.openURL(URL(string: "https://store.example.com/user/three/profile")!) == false)
        let recorded = try await reasons.next(4)
        guard case .unknownHost = recorded[0], case .noMatchingPath = recorded[1],
            case .unsupportedScheme = recorded[2],
            case .parameterConversionFailed(let error) = recorded[3]
        else {
            Issue.record("unexpected reasons \(recorded)")
            return
        }
        #expect(error.name == "id")
        #expect(router.stack == [])
    }

    @Test func navigationThrowsATypedError() async {
        let router = Router<AppRoute>()
        router.addGuard { _ in .redirect(to: .home) }
        do {
            try await router.navigate(to: .logout)
            Issue.record("expected a redirect loop")
        } catch {
            let typed: NavigationError = error  // typed throws: no cast needed
            guard case .redirectLoop = typed else {
                Issue.record("expected a redirect loop, got \(typed)")
                return
            }
        }
        #expect(router.stack == [])
    }
}
