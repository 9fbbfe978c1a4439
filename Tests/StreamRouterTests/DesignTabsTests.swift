import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// The navigation layer of a whole app, as DESIGN.md's "Tabs: one stack per tab" writes it,
/// line by line (each `for await` loop takes the first element, so the test ends).
@Suite(.suiteLimit) struct DesignTabsTests {
    enum AppTab: String, CaseIterable, Codable, Sendable { case home, search, profile }

    enum AppRoute: RouteProvider {
        case home
        case product(id: Int)
        case results(query: String)

        /// The tab a deep link to the route opens on; `nil`: the selected tab.
        var tab: AppTab? {
            switch self {
            case .product: .home
            case .results: .search
            case .home: nil
            }
        }

        static func registerURLs() -> URLMatcherGroup<AppRoute>? {
            .group("store.example.com") {
                $0.map("product/{id}") { try .product(id: $0.param("id")) }
                $0.map("search/{query}") { try .results(query: $0.param("query")) }
            }
        }
    }

    @Test func tabsSnippet() async throws {
        let url = try #require(URL(string: "https://store.example.com/search/hats"))
        let store = InMemoryStateStore()

        let app = TabRouter<AppTab, AppRoute>(tabs: AppTab.allCases, selected: .home, store: store) { route in
            route.tab
        }
        #expect(app.selectedTab == .home)
        let search: Router<AppRoute> = app.router(for: .search)
        try await app.select(.search)
        try await app.navigate(to: .product(id: 3))
        #expect(search.stack == [.product(id: 3)])
        try await app.select(.search)  // the selected tab again: popped to its root
        #expect(search.stack == [])
        try await app.select(.home)
        let handled = await app.openURL(url)
        #expect(handled)
        #expect(app.selectedTab == .search)
        #expect(search.stack == [.results(query: "hats")])
        for await tab in app.selections {
            #expect(tab == .search)
            break
        }
        let events = app.events
        try await app.router(for: .profile).navigate(to: .home)  // directly on a tab's router
        for await event in events {
            #expect(event.tab == .profile)
            guard case .started = event.event else {
                Issue.record("expected .started first, got \(event.event)")
                return
            }
            break
        }
        let state: TabRouterState<AppTab, AppRoute> = app.state
        #expect(state.selected == .search)
        #expect(state.stacks[.profile]?.stack == [.home])
        let decoded = try JSONDecoder().decode(
            TabRouterState<AppTab, AppRoute>.self, from: try JSONEncoder().encode(state))
        #expect(decoded == state)
        app.flush()

        let restored = TabRouter<AppTab, AppRoute>(tabs: AppTab.allCases, selected: .home, store: store) { $0.tab }
        #expect(restored.restoration == .restored)
        #expect(restored.state == state)
    }
}
