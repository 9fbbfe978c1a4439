import AsyncObservables
import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// XRouter's README examples, adapted to `async` and to a headless router: view
/// controllers become route preparations, completion handlers become `try await`, the
/// `rx` bindings become `router.streams`, and the error-handling subclass becomes one loop
/// over `router.events`.
@Suite(.suiteLimit) struct XRouterExamplesTests {
    // MARK: Basic usage — define routes

    enum Route: RouteProvider {
        case homeTab
        case login
        case loginFlow
        case profile(withID: Int)
        case allProducts
        case products(category: String)
        case viewProfile(withID: Int)
        case logout
        case openReferralProgram(for: URL)

        // MARK: URL support (one host)

        /// Register URLs
        static func registerURLs() -> URLMatcherGroup<Route>? {
            return .group("store.example.com") {
                $0.map("products") { .allProducts }
                $0.map("user/*/logout") { .logout }

                $0.map("products/{category}/view") {
                    try .products(category: $0.param("category"))
                }

                $0.map("user/{id}/profile") {
                    try .viewProfile(withID: $0.param("id"))
                }
            }
        }

        // MARK: Custom transitions — "override the transition in your Router"

        var transition: RouteTransition {
            switch self {
            case .profile:
                return .heroCrossFade
            default:
                return .push
            }
        }
    }

    /// URL support with multiple hosts.
    static func registerMultipleHosts() -> URLMatcherGroup<Route>? {
        return .init(matchers: [
            .group(["example.com", "store.example.com"]) {
                $0.map("products/") { .allProducts }
                $0.map("products/{category}/view") { try .products(category: $0.param("category")) }
                $0.map("user/{id}/profile") { try .viewProfile(withID: $0.param("id")) }
                $0.map("user/*/logout") { .logout }
            },
            .group("affiliate.website.net.au") {
                $0.map("*/referral/") { .openReferralProgram(for: $0.rawURL) }
            },
        ])
    }

    struct NotFoundError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    // MARK: Basic usage — create your router ("prepareForTransition")

    /// `prepareForTransition(to:) throws -> UIViewController` becomes a preparation: it
    /// builds what the route needs, and throwing cancels the navigation.
    static func makeRouter(profiles: Set<Int> = [3355]) -> Router<Route> {
        let router = Router<Route>()
        router.addPreparation(named: "prepareForTransition") { route in
            switch route {
            case .profile(let id), .viewProfile(let id):
                guard profiles.contains(id) else {
                    throw NotFoundError("Could not find profile with that ID.")
                }
            default:
                break
            }
        }
        router.registerTransition("HeroCrossFade") { _, _ in }
        return router
    }

    @Test func usingARouter() async throws {
        // Create a router
        let router = Self.makeRouter()

        // Navigate to a route
        try await router.navigate(to: .loginFlow)

        // ... or open a route from a URL
        let url = URL(string: "https://store.example.com/products")!
        await router.openURL(url)

        #expect(router.stack == [.loginFlow, .allProducts])
    }

    @Test func performNavigation() async throws {
        let router = Self.makeRouter()
        try await router.navigate(to: .profile(withID: 3355))
        #expect(router.stack == [.profile(withID: 3355)])
    }

    // MARK: RxSwift support -> streams

    @Test func streamBindings() async throws {
        let router = Self.makeRouter()
        for try await _ in router.streams.navigate(to: .loginFlow) {}  // -> Completable
        var handled: [Bool] = []
        let url = URL(string: "https://store.example.com/user/3355/profile")!
        for await value in router.streams.openURL(url) {  // -> Single<Bool>
            handled.append(value)
        }
        #expect(handled == [true])
        #expect(router.stack == [.loginFlow, .viewProfile(withID: 3355)])
    }

    // MARK: URL support

    @Test(arguments: [
        ("https://store.example.com/products", Route.allProducts),
        ("https://store.example.com/user/abc/logout", .logout),
        ("https://store.example.com/products/shoes/view", .products(category: "shoes")),
        ("https://store.example.com/user/3355/profile", .viewProfile(withID: 3355)),
    ])
    func urlSupport(url: String, route: Route) async throws {
        let router = Self.makeRouter()
        #expect(await router.openURL(URL(string: url)!))
        #expect(router.stack == [route])
    }

    @Test func urlSupportWithMultipleHosts() async throws {
        let router = Router<Route>(urlMatchers: Self.registerMultipleHosts())
        #expect(await router.openURL(URL(string: "https://example.com/products")!))
        #expect(await router.openURL(URL(string: "https://store.example.com/user/7/profile")!))
        let referral = URL(string: "https://affiliate.website.net.au/summer/referral/?code=42")!
        #expect(await router.openURL(referral))
        #expect(await router.openURL(URL(string: "https://affiliate.website.net.au/referral")!) == false)
        #expect(router.stack == [.allProducts, .viewProfile(withID: 7), .openReferralProgram(for: referral)])
    }

    /// "Continue user activity (universal links)": `openURL` answers whether it was handled.
    @Test func appDelegateUniversalLinks() async throws {
        let router = Self.makeRouter()
        func application(continue webpageURL: URL?) async -> Bool {
            guard let url = webpageURL else {
                return false  // Unrecognized URL
            }
            return await router.openURL(url)
        }
        #expect(await application(continue: URL(string: "https://store.example.com/products")!))
        #expect(await application(continue: URL(string: "https://elsewhere.example.com/products")!) == false)
        #expect(await application(continue: nil) == false)
    }

    // MARK: Handling errors

    /// `received(unhandledError:)` becomes one loop over `router.events`.
    @Test func handlingErrorsInOnePlace() async throws {
        let router = Self.makeRouter()
        let log = StreamRecorder(
            router.events.compactMap { event in
                event.error.map { "Oh no! An error occured: \($0)" }
            })
        _ = try? await router.navigate(to: .profile(withID: 24))
        _ = await router.openURL(URL(string: "https://store.example.com/user/25/profile")!)
        #expect(
            try await log.next(2) == [
                "Oh no! An error occured: cancelled by guard 'prepareForTransition': NotFoundError(message: \"Could not find profile with that ID.\")",
                "Oh no! An error occured: cancelled by guard 'prepareForTransition': NotFoundError(message: \"Could not find profile with that ID.\")",
            ])
        #expect(router.stack == [])
    }

    /// The per-navigation completion handler becomes `do`/`catch`.
    @Test func handlingErrorsForOneNavigation() async {
        let router = Self.makeRouter()
        var message: String?
        do {
            try await router.navigate(to: .profile(withID: 24))
        } catch {
            message = "Oh no, we couldn't go here because there was an error!"
        }
        #expect(message != nil)
    }

    // MARK: Custom transitions

    @Test func customTransitions() async throws {
        let router = Router<Route>()
        let performed = _Locked<[Route]>([])
        router.registerTransition(RouteTransition.heroCrossFade.identifier) { route, pending in
            #expect(pending.from.stack == [.homeTab])
            performed.withLock { $0.append(route) }
        }
        try await router.navigate(to: .homeTab)
        try await router.navigate(to: .profile(withID: 1))
        #expect(performed.withLock { $0 } == [.profile(withID: 1)])
        #expect(router.stack == [.homeTab, .profile(withID: 1)])
    }
}

/// (Optional) Define your custom transitions in an extension so you can refer to them statically
extension RouteTransition {
    fileprivate static var heroCrossFade: RouteTransition {
        return .custom(identifier: "HeroCrossFade")
    }

    fileprivate var identifier: String {
        if case .custom(let identifier) = self { identifier } else { "\(self)" }
    }
}
