import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

enum ShopTab: String, CaseIterable, Codable, Sendable {
    case home, search, profile
}

enum ShopRoute: RouteProvider {
    case product(id: Int)
    case results(query: String)
    case settings
    case login

    /// The tab a deep link to this route opens on; `nil`: the selected tab.
    var tab: ShopTab? {
        switch self {
        case .product: .home
        case .results: .search
        case .settings: .profile
        case .login: nil
        }
    }

    static func registerURLs() -> URLMatcherGroup<ShopRoute>? {
        .group("shop.example.com") {
            $0.map("product/{id}") { try .product(id: $0.param("id")) }
            $0.map("search/{query}") { try .results(query: $0.param("query")) }
            $0.map("settings") { .settings }
            $0.map("login") { .login }
        }
    }
}

/// A tab app replayed: stacks kept per tab, re-selection pops to the root, deep links
/// switch tabs, every tab's events in one stream, the whole tree restored at relaunch.
@Suite(.suiteLimit) struct TabRouterTests {
    static func makeApp() -> TabRouter<ShopTab, ShopRoute> {
        TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home) { route in route.tab }
    }

    @Test func designSnippet() async throws {
        let app = Self.makeApp()
        #expect(app.selectedTab == .home)
        let search: Router<ShopRoute> = app.router(for: .search)
        try await app.select(.search)
        try await app.navigate(to: .results(query: "shoes"))
        #expect(search.stack == [.results(query: "shoes")])
        let handled = await app.openURL(try #require(URL(string: "https://shop.example.com/product/3")))
        #expect(handled)
        #expect(app.selectedTab == .home)
        #expect(app.router(for: .home).stack == [.product(id: 3)])
        let selections = StreamRecorder(app.selections)
        #expect(try await selections.next(1) == [.home])
        let state: TabRouterState<ShopTab, ShopRoute> = app.state
        #expect(state.selected == .home)
        #expect(state.stacks[.search]?.stack == [.results(query: "shoes")])
        selections.cancel()
    }

    @Test func eachTabKeepsItsStackAndReselectingPopsToTheRoot() async throws {
        let app = Self.makeApp()
        let events = StreamRecorder(app.events)
        let selections = StreamRecorder(app.selections)
        try await app.navigate(to: .product(id: 1))
        try await app.navigate(to: .product(id: 2))
        try await app.select(.search)
        try await app.navigate(to: .results(query: "a"))
        try await app.select(.profile)
        try await app.navigate(to: .settings)
        try await app.select(.home)
        #expect(app.router(for: .home).stack == [.product(id: 1), .product(id: 2)])
        #expect(app.router(for: .search).stack == [.results(query: "a")])
        #expect(app.router(for: .profile).stack == [.settings])
        #expect(app.path == "/product/1/product/2")
        try await app.select(.home)  // again: pops to the root
        #expect(app.router(for: .home).stack == [])
        #expect(app.router(for: .search).stack == [.results(query: "a")])
        #expect(try await selections.next(4) == [.home, .search, .profile, .home])
        let completed = try await events.next(10).filter { $0.event.state != nil }
        #expect(completed.map(\.tab) == [.home, .home, .search, .profile, .home])
        events.cancel()
        selections.cancel()
    }

    @Test func aDeepLinkSelectsTheTabOfItsRoute() async throws {
        let app = Self.makeApp()
        try await app.select(.search)
        try await app.navigate(to: .results(query: "a"))
        try await app.select(.home)
        let url = try #require(URL(string: "https://shop.example.com/search/shoes"))
        #expect(await app.openURL(url))
        #expect(app.selectedTab == .search)
        #expect(app.router(for: .search).stack == [.results(query: "a"), .results(query: "shoes")])
        // A route without a tab opens on the selected tab; an unknown URL changes nothing.
        #expect(await app.openURL(try #require(URL(string: "https://shop.example.com/login"))))
        #expect(app.router(for: .search).stack.last == .login)
        let events = StreamRecorder(app.events)
        #expect(!(await app.openURL(try #require(URL(string: "https://shop.example.com/nowhere")))))
        #expect(app.selectedTab == .search)
        let notHandled = try await events.next(1)
        guard case .urlNotHandled = notHandled.first?.event else {
            Issue.record("expected urlNotHandled, got \(notHandled)")
            return
        }
        events.cancel()
    }

    @Test func aGuardedDeepLinkDoesNotSwitchTabs() async throws {
        let app = Self.makeApp()
        app.router(for: .profile).addGuard(named: "auth") { _ in .cancel(GuardRefusal()) }
        #expect(!(await app.openURL(try #require(URL(string: "https://shop.example.com/settings")))))
        #expect(app.selectedTab == .home)
        #expect(app.router(for: .profile).stack == [])
    }

    @Test func theAppsPathFollowsTheSelectedTab() async throws {
        let app = Self.makeApp()
        let actions = StreamRecorder(app.actions)
        try await app.navigate(to: .product(id: 1))
        try await app.router(for: .search).navigate(to: .results(query: "q"))  // not selected: no app action
        try await app.select(.search)
        try await app.select(.home)
        let seen = try await actions.next(3)
        #expect(seen.map(\.currentPath) == ["/product/1", "/results/q", "/product/1"])
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $1.previousPath == $0.currentPath })
        actions.cancel()
    }

    @Test func streamsMadeLaterSeeNavigationsMadeWhileNobodyWatched() async throws {
        let app = Self.makeApp()
        try await app.navigate(to: .product(id: 1))  // nobody subscribes: nothing is relayed
        try await app.router(for: .search).navigate(to: .results(query: "q"))
        #expect(app.state[.search].stack == [.results(query: "q")])
        let states = StreamRecorder(app.states)
        let first = try #require(try await states.next(1).first)
        #expect(first[.home].stack == [.product(id: 1)])
        #expect(first[.search].stack == [.results(query: "q")])
        let actions = StreamRecorder(app.actions)
        try await app.select(.search)
        let switched = try #require(try await actions.next(1).first)
        #expect(switched.previousPath == "/product/1")
        #expect(switched.currentPath == "/results/q")
        states.cancel()
        actions.cancel()
    }

    @Test func relaunchRestoresEveryStackAndTheSelectedTab() async throws {
        let folder = try NavigatorPersistenceTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileStateStore(url: folder.appendingPathComponent("tabs.json"))
        let first = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home, store: store) { $0.tab }
        #expect(first.restoration == .nothingSaved)
        try await first.navigate(to: .product(id: 7))
        try await first.select(.search)
        try await first.navigate(to: .results(query: "hats"))
        try await first.select(.profile)
        try await first.navigate(to: .settings)
        first.flush()

        let atOnce = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home, store: store) {
            $0.tab
        }
        #expect(atOnce.restoration == .restored)
        #expect(atOnce.selectedTab == .profile)
        let relaunched = TabRouter<ShopTab, ShopRoute>(
            tabs: ShopTab.allCases, selected: .home, store: store, restoring: .throughGuards
        ) { $0.tab }
        #expect(relaunched.restoration == nil && relaunched.selectedTab == .home, "nothing shown before restore()")
        #expect(await relaunched.restore() == .restored)
        #expect(relaunched.restoration == .restored)
        #expect(relaunched.selectedTab == .profile)
        #expect(relaunched.state == first.state)
        #expect(relaunched.router(for: .home).stack == [.product(id: 7)])
        #expect(relaunched.router(for: .search).stack == [.results(query: "hats")])
    }

    @Test func aTornFileFallsBackAndIsReported() async throws {
        let folder = try NavigatorPersistenceTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileStateStore(url: folder.appendingPathComponent("tabs.json"))
        let first = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home, store: store) { $0.tab }
        try await first.navigate(to: .product(id: 1))
        try await first.select(.search)
        first.flush()
        let saved = try #require(try store.load())
        try saved.prefix(saved.count / 2).write(to: store.url)

        let relaunched = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home, store: store) {
            $0.tab
        }
        guard case .restoreFailed(.unreadable) = relaunched.restoration else {
            Issue.record("expected an unreadable file, got \(String(describing: relaunched.restoration))")
            return
        }
        #expect(relaunched.selectedTab == .home)
        #expect(relaunched.state.stacks.values.allSatisfy { $0.stack.isEmpty })
        relaunched.flush()
        #expect(try store.load() == saved.prefix(saved.count / 2), "untouched until the next change")
        try await relaunched.navigate(to: .product(id: 2))
        relaunched.flush()
        let again = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home, store: store) { $0.tab }
        #expect(await again.restore() == .restored)
        #expect(again.router(for: .home).stack == [.product(id: 2)])
    }

    @Test func eightTasksOnThreeTabsShareOneTotalOrder() async throws {
        let app = Self.makeApp()
        let first = StreamRecorder(app.events)
        let second = StreamRecorder(app.events)
        let perTask = 60
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                let tab = ShopTab.allCases[worker % 3]
                let router = app.router(for: tab)
                group.addTask {
                    for step in 0..<perTask {
                        if step % 3 == 2 {
                            try? await router.navigateBack()
                        } else {
                            try? await router.navigate(to: .product(id: worker * 1_000 + step))
                        }
                    }
                }
            }
        }
        // Every navigation publishes .started and one outcome.
        let expected = 8 * perTask * 2
        let seenByFirst = try await first.next(expected, timeout: .seconds(60))
        let seenBySecond = try await second.next(expected, timeout: .seconds(60))
        #expect(seenByFirst.map(\.description) == seenBySecond.map(\.description), "one total order")
        for tab in ShopTab.allCases {
            let actions = seenByFirst.filter { $0.tab == tab }.compactMap(\.event.action)
            #expect(zip(actions, actions.dropFirst()).allSatisfy { $1.previousPath == $0.currentPath }, "\(tab)")
            #expect(actions.last?.currentPath ?? "/" == app.router(for: tab).path)
        }
        first.cancel()
        second.cancel()
    }
}

/// Why the test guard refuses.
struct GuardRefusal: Error {}

@MainActor
@Suite(.suiteLimit) struct TabRouterModelTests {
    /// A re-tap whose pop to the root is refused publishes no state: the model still
    /// follows the tab router's later selections.
    @Test func aRefusedReTapLeavesTheSelectionFollowingTheTabRouter() async throws {
        let app = TabRouterTests.makeApp()
        let model = TabRouterModel(tabRouter: app)
        try await app.navigate(to: .product(id: 1))
        try await eventually { model.stack(of: .home) == [.product(id: 1)] }
        app.addGuard(named: "keep the product") { pending in
            pending.request.operation == .toRoot ? .cancel(GuardRefusal()) : .allow
        }
        model.selectedTab = .home  // a re-tap: its pop to the root is refused
        await model.settled()
        #expect(app.router(for: .home).stack == [.product(id: 1)])
        try await app.select(.search, popsToRoot: false)  // code selects another tab
        try await eventually { model.state.selected == .search }
        #expect(model.selectedTab == .search, "the model follows the tab router again")
    }

    @Test func theSelectionBindingSelectsThroughTheTabRouter() async throws {
        let app = TabRouterTests.makeApp()
        let model = TabRouterModel(tabRouter: app)
        try await app.navigate(to: .product(id: 1))
        model.selectedTab = .search  // what a tab view's selection binding does
        #expect(model.selectedTab == .search)
        await model.settled()
        #expect(app.selectedTab == .search)
        try await eventually { model.stack(of: .home) == [.product(id: 1)] }
        model.selectedTab = .home
        model.selectedTab = .home  // again: pops .home to its root
        await model.settled()
        #expect(app.router(for: .home).stack == [])
        try await eventually { model.stack(of: .home).isEmpty && model.path == "/" }
    }

    /// Setting a tab the model does not show yet, when code selected it meanwhile, is a
    /// switch, not a re-tap: the tab keeps its stack. (A model that never applies states,
    /// `.bufferingNewest(0)`, stands for a main actor that has not caught up yet.)
    @Test func settingATabCodeSelectedMeanwhileKeepsItsStack() async throws {
        let app = TabRouterTests.makeApp()
        try await app.router(for: .search).navigate(to: .results(query: "a"))
        let model = TabRouterModel(tabRouter: app, bufferingPolicy: .bufferingNewest(0))
        try await app.select(.search)  // code (a notification) selects the tab first
        #expect(model.selectedTab == .home, "the model has not caught up")
        model.selectedTab = .search  // the user taps the tab the model does not show yet
        await model.settled()
        #expect(app.selectedTab == .search)
        #expect(app.router(for: .search).stack == [.results(query: "a")])
        model.selectedTab = .search  // a re-tap of the tab shown pops it
        await model.settled()
        #expect(app.router(for: .search).stack == [])
    }

    @Test func aDeepLinkMovesTheModelsSelection() async throws {
        let app = TabRouterTests.makeApp()
        let model = TabRouterModel(tabRouter: app)
        #expect(await app.openURL(try #require(URL(string: "https://shop.example.com/settings"))))
        try await eventually { model.selectedTab == .profile }
        #expect(model.stack(of: .profile) == [.settings])
    }
}

@Suite(.suiteLimit) struct TabRouterResultTests {
    @Test func aScreenOnATabReturnsItsValue() async throws {
        let app = TabRouterTests.makeApp()
        try await app.select(.search)
        let picker = Task { try await app.navigate(to: .results(query: "colour"), returning: String.self) }
        try await eventually { app.router(for: .search).stack == [.results(query: "colour")] }
        try await app.navigateBack(returning: "red")
        #expect(try await picker.value == "red")
        #expect(app.router(for: .search).stack == [])
        #expect(app.router(for: .search).pendingResultCount == 0)
    }
}

/// A route whose URL mappings count their runs.
enum CountedRoute: RouteProvider {
    case item(Int)
    case orders
    case order(Int)

    static let mappingRuns = _Locked(0)

    static func registerURLs() -> URLMatcherGroup<CountedRoute>? {
        .group("count.example.com") {
            $0.map("item/{id}") { match in
                CountedRoute.mappingRuns.withLock { $0 += 1 }
                return try .item(match.param("id"))
            }
            $0.mapStack("orders/{id}") { match in
                CountedRoute.mappingRuns.withLock { $0 += 1 }
                return [.orders, try .order(match.param("id"))]
            }
        }
    }
}

/// A deep link is looked up once and its mapping closure runs once, whatever decides the tab.
@Suite(.suiteLimit) struct TabRouterOpenURLOnceTests {
    @Test func aLinkRunsItsMappingOnceOnATabRouterAndARouter() async throws {
        let tabs = TabRouter<ShopTab, CountedRoute>(tabs: ShopTab.allCases, selected: .home) { route in
            if case .order = route { .profile } else { nil }
        }
        CountedRoute.mappingRuns.withLock { $0 = 0 }
        #expect(await tabs.openURL(try #require(URL(string: "https://count.example.com/item/3"))))
        #expect(CountedRoute.mappingRuns.withLock { $0 } == 1)
        #expect(await tabs.openURL(try #require(URL(string: "https://count.example.com/orders/7"))))
        #expect(CountedRoute.mappingRuns.withLock { $0 } == 2)
        #expect(tabs.selectedTab == .profile)
        #expect(tabs.router(for: .profile).stack == [.orders, .order(7)])
        #expect(tabs.router(for: .home).stack == [.item(3)])

        let router = Router<CountedRoute>()
        #expect(await router.openURL(try #require(URL(string: "https://count.example.com/item/4"))))
        #expect(router.canOpen(try #require(URL(string: "https://count.example.com/orders/8"))))
        #expect(CountedRoute.mappingRuns.withLock { $0 } == 4)
    }
}
