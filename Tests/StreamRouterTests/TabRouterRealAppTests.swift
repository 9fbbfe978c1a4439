import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// What a real tab app showed: a notification opening its tab must not lose that tab's
/// stack, and tabs that appear at run time (lists loaded from a server) keep their saved
/// stacks across launches.
@Suite(.suiteLimit) struct TabRouterRealAppTests {
    @Test func selectingFromCodeKeepsTheStackAndARetapStillPops() async throws {
        let app = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home) { $0.tab }
        try await app.navigate(to: .product(id: 1))
        try await app.navigate(to: .product(id: 2))
        try await app.select(.home, popsToRoot: false)  // a notification for the home tab
        #expect(app.router(for: .home).stack == [.product(id: 1), .product(id: 2)])
        try await app.select(.search, popsToRoot: false)  // another tab: selected as usual
        #expect(app.selectedTab == .search)
        try await app.select(.home)  // a tap on the tab bar
        #expect(app.router(for: .home).stack == [.product(id: 1), .product(id: 2)])
        try await app.select(.home)  // a re-tap pops, as before
        #expect(app.router(for: .home).stack == [])
    }

    @Test func aDeepLinkToTheSelectedTabKeepsItsStack() async throws {
        let app = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home) { $0.tab }
        try await app.navigate(to: .product(id: 1))
        #expect(await app.openURL(try #require(URL(string: "https://shop.example.com/product/2"))))
        #expect(app.router(for: .home).stack == [.product(id: 1), .product(id: 2)])
    }

    @Test func aTabAddedAtRunTimeGetsItsSavedStackBackWhenItIsMade() async throws {
        let store = InMemoryStateStore()
        let first = TabRouter<String, ShopRoute>(tabs: ["home"], selected: "home", store: store) { _ in nil }
        try await first.router(for: "list-42").navigate(to: .product(id: 42))  // loaded from a server
        try await first.navigate(to: .product(id: 1))
        first.flush()

        // Relaunch: the server's lists are not loaded yet.
        let second = TabRouter<String, ShopRoute>(tabs: ["home"], selected: "home", store: store) { _ in nil }
        #expect(second.router(for: "home").stack == [.product(id: 1)])
        #expect(second.state.stacks["list-42"] == nil, "not a tab until it is made")
        try await second.navigate(to: .product(id: 2))  // a change saves the tree again
        second.flush()

        // Relaunch again: the stack waited through a launch in which its tab never appeared.
        let third = TabRouter<String, ShopRoute>(tabs: ["home"], selected: "home", store: store) { _ in nil }
        #expect(third.router(for: "list-42").stack == [.product(id: 42)])
        #expect(third.router(for: "home").stack == [.product(id: 1), .product(id: 2)])
        #expect(third.router(for: "list-7").stack == [], "a tab never saved starts empty")
    }

    @Test func aTabAddedAtRunTimeIsRestoredThroughTheCreationGuards() async throws {
        let store = InMemoryStateStore()
        let first = TabRouter<String, ShopRoute>(tabs: ["home"], selected: "home", store: store) { _ in nil }
        try await first.router(for: "allowed").navigate(to: .product(id: 1))
        try await first.router(for: "refused").navigate(to: .settings)
        first.flush()

        struct LoggedOut: Error {}
        let auth = NavigationGuard<ShopRoute>(named: "auth") { pending in
            pending.destinations.contains(.settings) ? .cancel(LoggedOut()) : .allow
        }
        let app = TabRouter<String, ShopRoute>(tabs: ["home"], selected: "home", store: store, guards: [auth]) {
            _ in nil
        }
        let events = StreamRecorder(app.events)
        let allowed = app.router(for: "allowed")
        let refused = app.router(for: "refused")
        try await events.wait { events in
            events.contains { $0.tab == "allowed" && $0.event.state != nil }
                && events.contains { $0.tab == "refused" && $0.event.error != nil }
        }
        #expect(allowed.stack == [.product(id: 1)])
        #expect(refused.stack == [], "the guard refused it")
        await #expect(throws: NavigationError.self) { try await refused.navigate(to: .settings) }
        events.cancel()
    }

    /// Restored through guards added after creation: a tab made at run time shows its saved
    /// stack through them too.
    @Test func aTabAddedAtRunTimeIsRestoredThroughAddedGuards() async throws {
        let store = InMemoryStateStore()
        let first = TabRouter<String, ShopRoute>(tabs: ["home"], selected: "home", store: store) { _ in nil }
        try await first.router(for: "refused").navigate(to: .settings)
        first.flush()

        struct LoggedOut: Error {}
        let app = TabRouter<String, ShopRoute>(
            tabs: ["home"], selected: "home", store: store, restoring: .throughGuards
        ) { _ in nil }
        app.addGuard(named: "auth") { pending in
            pending.destinations.contains(.settings) ? .cancel(LoggedOut()) : .allow
        }
        await app.restore()
        let events = StreamRecorder(app.events)
        let refused = app.router(for: "refused")
        try await events.wait { events in events.contains { $0.tab == "refused" && $0.event.error != nil } }
        #expect(refused.stack == [], "the guard refused it")
    }
}
