import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// DESIGN.md "Deep links that wait, build their stack and ship", line by line.
@Suite(.suiteLimit) struct DeepLinksDesignSnippetTests {
    enum AppRoute: RouteProvider {
        case home, orders
        case order(id: Int)
        case account(handle: String)

        static func registerURLs() -> URLMatcherGroup<AppRoute>? {
            .group("store.example.com") {
                // Replaces the stack with a built one.
                $0.mapStack("orders/{id}") { [.orders, .order(id: try $0.param("id"))] }
                $0.map("@{handle}") { try .account(handle: $0.param("handle")) }
            }
        }
    }

    @Test func theSnippetRunsAsWritten() async throws {
        let router = Router<AppRoute>()
        let url = try #require(URL(string: "https://store.example.com/orders/42"))
        let group = try #require(AppRoute.registerURLs())
        try await router.navigate(to: .home)

        router.holdURLs(expiringAfter: .seconds(600))  // onboarding, login, UI not mounted: URLs are kept, in order
        let opening = Task { await router.openURL(url) }  // waits while held; false if it expired (reason .expired)
        try await eventually { router.heldURLs == [url] }  // [URL], oldest first
        router.releaseURLs()  // opens them in order, through the guards
        let handled = await opening.value
        #expect(handled)
        #expect(router.stack == [.orders, .order(id: 42)], "the built stack replaced [.home]")
        #expect(router.canOpen(url))  // synchronous: input policy and matching, no guards (OpenURLAction)
        let account = try #require(URL(string: "https://store.example.com/@ada"))  // a segment with a literal prefix
        #expect(try group.match(account).get() == .account(handle: "ada"))
        #expect(!router.canOpen(try #require(URL(string: "https://store.example.com/@"))), "the handle is never empty")
        let aasa = try group.appleAppSiteAssociation(appIDs: ["ABCDE12345.com.example.store"])  // Data (JSON)
        let served = aasa
        let missing = group.uncoveredMappings(inAppleAppSiteAssociation: served)  // mappings the served file leaves out
        #expect(missing.isComplete, "\(missing)")
        let filters = group.androidIntentFilters()  // <intent-filter> XML for the manifest
        #expect(filters.hasPrefix(#"<intent-filter android:autoVerify="true">"#))
        #expect(filters.contains(#"android:host="store.example.com" android:pathPattern="/orders/.*""#))
    }

    /// The article "Deep links from launch to screen", its blocks in order (they are also
    /// compiled by scripts/check-doc-snippets.sh).
    @Test func theArticleRunsAsWritten() async throws {
        let router = Router<ArticleRoute>()
        router.holdURLs(expiringAfter: .seconds(600))
        let link = try #require(URL(string: "https://shop.example.com/orders/42"))
        let opening = Task { await router.openURL(link) }
        try await eventually { router.heldURLs == [link] }
        try await router.navigate(to: .onboarding)
        #expect(router.heldURLs == [link])
        try await router.replace(with: [.home])
        router.releaseURLs()
        #expect(await opening.value)
        #expect(router.stack == [.orders, .order(id: 42)])
        #expect(await router.openURL(try #require(URL(string: "https://shop.example.com/product/7"))))
        #expect(router.stack == [.orders, .order(id: 42), .product(id: 7)])
        #expect(await router.openURL(try #require(URL(string: "https://shop.example.com/orders/9"))))
        #expect(router.stack == [.orders, .order(id: 9)])
        let group = try #require(ArticleRoute.registerURLs())
        let aasa = try group.appleAppSiteAssociation(
            appIDs: ["ABCDE12345.com.example.shop"], forHost: "shop.example.com")
        let json = try #require(try JSONSerialization.jsonObject(with: aasa) as? [String: [String: [[String: Any]]]])
        let components = try #require(json["applinks"]?["details"]?.first?["components"] as? [[String: Any]])
        #expect(
            components.map { "\($0["/"] ?? "")\($0["exclude"] as? Bool == true ? " exclude" : "")" } == [
                "/orders/*/* exclude", "/orders/*", "/product/*/* exclude", "/product/*",
            ])
        try checkAppleAppSiteAssociation(aasa, claimsOnlyWhat: group, onHost: "shop.example.com")
        #expect(group.androidIntentFilters().contains(#"android:pathPattern="/orders/.*""#))
        #expect(group.appleAppSiteAssociationGaps.isEmpty && group.androidIntentFilterGaps.isEmpty)
        #expect(group.uncoveredMappings(inAppleAppSiteAssociation: aasa).isComplete)
        try checkAppleAppSiteAssociation(aasa, covers: group)
    }

    enum ArticleRoute: RouteProvider {
        case home, onboarding, login, orders
        case order(id: Int)
        case product(id: Int)

        static func registerURLs() -> URLMatcherGroup<ArticleRoute>? {
            .group("shop.example.com") {
                $0.mapStack("orders/{id}") { [.orders, .order(id: try $0.param("id"))] }
                $0.map("product/{id}") { try .product(id: $0.param("id")) }
            }
        }
    }
}
