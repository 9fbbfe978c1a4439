import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// README "Tabs, results and sheets".
@Suite(.suiteLimit) struct ReadmeTabsTests {
    enum AppTab: String, CaseIterable, Codable, Sendable { case home, search, profile }

    enum ShopRoute: RouteProvider {
        case product(id: Int)
        case results(query: String)
        case settings

        var tab: AppTab {
            switch self {
            case .product: .home
            case .results: .search
            case .settings: .profile
            }
        }

        static func registerURLs() -> URLMatcherGroup<ShopRoute>? {
            .group("shop.example.com") {
                $0.map("product/{id}") { try .product(id: $0.param("id")) }
                $0.map("search/{query}") { try .results(query: $0.param("query")) }
            }
        }
    }

    @Test func tabsSection() async throws {
        let app = TabRouter<AppTab, ShopRoute>(tabs: AppTab.allCases, selected: .home) { route in route.tab }
        let events = StreamRecorder(app.events)
        try await app.navigate(to: .product(id: 3))
        try await app.select(.search)
        #expect(await app.openURL(try #require(URL(string: "https://shop.example.com/product/4"))))
        #expect(app.selectedTab == .home)
        #expect(app.router(for: .home).stack == [.product(id: 3), .product(id: 4)])
        let printed = "\(app.selectedTab) \(app.router(for: .home).stack == [.product(id: 3), .product(id: 4)])"
        #expect(printed == "home true")
        let seen = try await events.next(4)
        #expect(seen.allSatisfy { $0.tab == .home })
        events.cancel()

        let picked = Task { try await app.navigate(to: .results(query: "colour"), returning: String.self) }
        _ = await app.paths().first { $0.hasSuffix("/results/colour") }
        try await app.navigateBack(returning: "red")
        #expect(try await picked.value ?? "nothing" == "red")
    }

    enum MailRoute: RouteProvider {
        case inbox, settings
        case pane(String)
        case compose

        var transition: RouteTransition { self == .settings || self == .compose ? .sheet : .push }
    }

    /// The README's sheets block.
    @Test func sheetsBlock() async throws {
        let mail = Router<MailRoute>()
        try await mail.navigate(to: [.inbox, .settings, .pane("accounts")])  // one navigation
        #expect("\(mail.stack == [.inbox]) \(mail.presentations[0].stack == [.pane("accounts")])" == "true true")
        try await mail.navigate(to: .compose)  // a sheet over the sheet
        #expect(mail.presentations.map(\.route) == [.settings, .compose])
        try await mail.dismiss()  // compose and its stack
        try await mail.navigateBack(to: .inbox)  // dismisses settings, pops to .inbox
        #expect(mail.path == "/inbox")
    }
}
