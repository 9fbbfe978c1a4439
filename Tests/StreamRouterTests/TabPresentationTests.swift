import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// A tab app's tree: sheets on a tab, a compose screen above every tab, deep links to
/// sheets, and a reset of everything.
@Suite(.suiteLimit) struct TabPresentationTests {
    enum Tab: String, CaseIterable, Codable, Sendable {
        case home, inbox
    }

    enum Route: RouteProvider {
        case post(Int)
        case settings
        case pane(String)
        case compose
        case message(Int)

        var transition: RouteTransition {
            switch self {
            case .settings, .compose: .sheet
            default: .push
            }
        }

        var tab: Tab? {
            switch self {
            case .post, .settings: .home
            case .message: .inbox
            case .pane, .compose: nil
            }
        }

        static func registerURLs() -> URLMatcherGroup<Route>? {
            .group("app.example.com") {
                $0.map("post/{id}") { try .post($0.param("id")) }
                $0.map("settings") { .settings }
                $0.map("compose") { .compose }
                $0.map("message/{id}") { try .message($0.param("id")) }
            }
        }
    }

    static func makeApp() -> TabRouter<Tab, Route> {
        TabRouter<Tab, Route>(tabs: Tab.allCases, selected: .home) { $0.tab }
    }

    @Test func composeAboveEveryTab() async throws {
        let app = Self.makeApp()
        try await app.navigate(to: .post(1))
        try await app.present(.compose)
        #expect(app.presentations == [Presentation(.compose)])
        try await app.navigate(to: .pane("to"))  // goes into what is presented above the tabs
        #expect(app.presentations == [Presentation(.compose, stack: [.pane("to")])])
        #expect(app.router(for: .home).stack == [.post(1)])
        try await app.select(.inbox)  // the compose screen stays above the tabs
        #expect(app.presentations.count == 1)
        try await app.dismiss()
        #expect(app.presentations.isEmpty)
        try await app.navigate(to: .message(1))  // on the selected tab again
        #expect(app.router(for: .inbox).stack == [.message(1)])
        try await app.present(.post(2))  // a route that pushes goes where navigate(to:) puts it
        #expect(app.router(for: .inbox).stack == [.message(1), .post(2)] && app.presentations.isEmpty)
    }

    @Test func deepLinksToSheetsAndAboveTheTabs() async throws {
        let app = Self.makeApp()
        try await app.select(.inbox)
        #expect(await app.openURL(try #require(URL(string: "https://app.example.com/settings"))))
        #expect(app.selectedTab == .home)
        #expect(app.router(for: .home).presentations == [Presentation(.settings)], "presented on the route's tab")
        #expect(await app.openURL(try #require(URL(string: "https://app.example.com/compose"))))
        #expect(app.presentations == [Presentation(.compose)], "a route of no tab: above the tabs")
        #expect(await app.openURL(try #require(URL(string: "https://app.example.com/message/4"))))
        #expect(app.presentations.isEmpty, "a tab's route dismisses what is above the tabs")
        #expect(app.selectedTab == .inbox && app.router(for: .inbox).stack == [.message(4)])
    }

    /// A tab's guard may present above the tabs while a link into the tab waits on it: the
    /// link dismisses what is above the tabs only once the tab's guards agreed.
    @Test func aTabsGuardMayPresentAboveTheTabsWhileALinkWaitsOnIt() async throws {
        struct SignInFirst: Error {}
        let app = Self.makeApp()
        try await app.select(.inbox)
        try await app.present(.compose)
        app.addGuard { [weak app] pending in
            guard pending.destinations == [.post(3)] else { return .allow }
            try await app?.present(.settings)
            return .cancel(SignInFirst())
        }
        #expect(await app.openURL(try #require(URL(string: "https://app.example.com/post/3"))) == false)
        #expect(app.presentations == [Presentation(.compose), Presentation(.settings)])
        #expect(app.selectedTab == .inbox && app.router(for: .home).stack.isEmpty)
    }

    @Test func resetAllTabsEmptiesEverything() async throws {
        let app = Self.makeApp()
        try await app.navigate(to: .post(1))
        try await app.router(for: .home).navigate(to: [.settings, .pane("a")])
        try await app.select(.inbox)
        try await app.navigate(to: .message(2))
        try await app.present(.compose)
        try await app.resetAllTabs()
        #expect(app.selectedTab == .home)
        #expect(app.presentations.isEmpty)
        for tab in Tab.allCases {
            #expect(app.router(for: tab).state == RouterState(), "\(tab) is empty")
        }
    }

    /// After a relaunch that restored another tab, a reset still selects the tab given as
    /// `selected:`.
    @Test func resetAllTabsAfterARelaunchSelectsTheTabGivenAtCreation() async throws {
        let store = InMemoryStateStore()
        let first = TabRouter<Tab, Route>(tabs: Tab.allCases, selected: .home, store: store) { $0.tab }
        try await first.select(.inbox)
        try await first.navigate(to: .message(2))
        first.flush()
        let app = TabRouter<Tab, Route>(tabs: Tab.allCases, selected: .home, store: store) { $0.tab }
        #expect(app.selectedTab == .inbox, "restored")
        try await app.resetAllTabs()
        #expect(app.selectedTab == .home)
        #expect(app.router(for: .inbox).stack.isEmpty)
    }

    /// The saved stack of a tab that is not made yet (a tab added at run time) is forgotten
    /// too, and no longer saved.
    @Test func resetAllTabsForgetsTheStacksOfTabsNotMadeYet() async throws {
        let store = InMemoryStateStore()
        let first = TabRouter<Tab, Route>(tabs: Tab.allCases, selected: .home, store: store) { $0.tab }
        try await first.router(for: .inbox).navigate(to: .message(2))
        first.flush()
        let app = TabRouter<Tab, Route>(tabs: [.home], selected: .home, store: store) { $0.tab }
        try await app.resetAllTabs()
        app.flush()
        #expect(app.router(for: .inbox).stack.isEmpty)
        let relaunched = TabRouter<Tab, Route>(tabs: [.home], selected: .home, store: store) { $0.tab }
        #expect(relaunched.router(for: .inbox).stack.isEmpty)
    }
}
