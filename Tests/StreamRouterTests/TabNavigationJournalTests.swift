import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

@Suite(.suiteLimit) struct TabNavigationJournalTests {
    typealias App = TabRouter<ShopTab, ShopRoute>

    /// The app's guard on every tab: settings need a login unless `loggedIn`.
    static func makeApp(loggedIn: Bool = false) -> App {
        let app = App(tabs: ShopTab.allCases, selected: .home) { route in route.tab }
        app.addGuard(named: "auth") { pending in
            pending.destinations.contains(.settings) && !loggedIn ? .redirect(to: .login) : .allow
        }
        return app
    }

    /// A session over three tabs: navigations, a deep link to another tab, a re-selection
    /// that pops, a redirect, a navigation made directly on a tab's router.
    /// Stopping the recording of a tab's router that records nothing of its own leaves the
    /// tab router's journal whole.
    @Test func stoppingATabsRouterKeepsTheTabJournal() async throws {
        let app = Self.makeApp()
        app.startRecording()
        #expect(app.router(for: .search).stopRecording() == nil)
        try await app.router(for: .search).navigate(to: .product(id: 1))
        #expect(app.journal?.entries.count == 1)
        #expect(app.journal?.endState == app.state)
    }

    static func recordSession(on app: App) async throws {
        try await app.navigate(to: .product(id: 1))
        try await app.select(.search)
        try await app.navigate(to: .results(query: "shoes"))
        #expect(await app.openURL(try #require(URL(string: "https://shop.example.com/product/2"))))
        try await app.select(.profile)
        try await app.navigate(to: .settings)
        try await app.select(.profile)
        try await app.router(for: .search).navigate(to: .product(id: 9))
    }

    @Test func recordsEveryTabAndEachSelectionInOneOrder() async throws {
        let app = Self.makeApp()
        #expect(app.journal == nil)
        app.startRecording()
        try await Self.recordSession(on: app)
        let journal = try #require(app.journal)
        #expect(
            journal.entries.map(\.description) == [
                "0: [home] navigate(to: [product(id: 1)]) -> completed",
                "1: [search] select",
                "2: [search] navigate(to: [results(query: \"shoes\")]) -> completed",
                "3: [home] navigate(to: [product(id: 2)]) -> completed",
                "4: [home] select",
                "5: [profile] select",
                "6: [profile] navigate(to: [settings]) -> redirected to navigate(to: [login])",
                "7: [profile] navigateToRoot() -> completed",
                "8: [search] navigate(to: [product(id: 9)]) -> completed",
            ])
        #expect(journal.entries[3].url?.absoluteString == "https://shop.example.com/product/2")
        #expect(
            journal.startState
                == TabRouterState(selected: .home, stacks: [.home: .init(), .search: .init(), .profile: .init()]))
        #expect(journal.endState == app.state)
        #expect(app.stopRecording() == journal)
        #expect(app.journal == nil)
        try await app.navigate(to: .login)
        #expect(app.router(for: .profile).journal == nil)
    }

    @Test func keepsTheNewestEntriesAndRoundTripsThroughJSON() async throws {
        let app = Self.makeApp()
        app.startRecording(keepingNewest: 4)
        try await Self.recordSession(on: app)
        let journal = try #require(app.journal)
        #expect(journal.entries.map(\.step) == [5, 6, 7, 8])
        #expect(journal.droppedCount == 5)
        #expect(journal.startState.selected == .home)
        #expect(journal.startState[.home].stack == [.product(id: 1), .product(id: 2)])
        #expect(journal.startState[.search].stack == [.results(query: "shoes")])
        let decoded = try JSONDecoder().decode(
            TabNavigationJournal<ShopTab, ShopRoute>.self, from: JSONEncoder().encode(journal))
        #expect(decoded == journal)
        // The kept window replays from its start state on a fresh app.
        let fresh = Self.makeApp()
        #expect(await decoded.replay(on: fresh) == nil)
        #expect(fresh.state == app.state)
    }

    /// A bounded tab journal is the newest entries of an unbounded one, with the tree
    /// before them, at every length and capacity.
    @Test(arguments: [1, 2, 3])
    func aBoundedJournalIsTheNewestOfTheWhole(capacity: Int) async throws {
        let whole = Self.makeApp()
        let bounded = Self.makeApp()
        whole.startRecording()
        bounded.startRecording(keepingNewest: capacity)
        let tabs = ShopTab.allCases
        for step in 0..<14 {
            for app in [whole, bounded] {
                switch step % 3 {
                case 0: try await app.select(tabs[step % tabs.count])
                case 1: try await app.navigate(to: step % 2 == 0 ? .settings : .product(id: step))
                default: try await app.selectedRouter.navigateBack()
                }
            }
            let all = try #require(whole.journal)
            let kept = try #require(bounded.journal)
            let keptCount = min(capacity, all.entries.count)
            #expect(kept.entries == Array(all.entries.suffix(keptCount)), "step \(step)")
            #expect(kept.stepCount == all.stepCount)
            #expect(kept.endState == bounded.state, "step \(step)")
            let fresh = Self.makeApp()
            #expect(await kept.replay(on: fresh) == nil, "step \(step)")
            #expect(fresh.state == bounded.state, "step \(step)")
        }
    }

    /// Every tab's router navigating at once, while the journal is read: each tab's entries
    /// keep its events' order, every step is there once, and the journal replays.
    @Test func tabsNavigatingAtOnceMergeIntoOneOrder() async throws {
        let app = Self.makeApp()
        app.startRecording()
        let recorders = ShopTab.allCases.map { StreamRecorder(app.router(for: $0).events) }
        await withTaskGroup(of: Void.self) { group in
            for (position, tab) in ShopTab.allCases.enumerated() {
                group.addTask {
                    let router = app.router(for: tab)
                    for step in 0..<15 {
                        if step % 4 == 3 {
                            try? await router.navigateBack()
                        } else {
                            try? await router.navigate(
                                to: step % 5 == 4 ? .settings : .product(id: position * 100 + step))
                        }
                    }
                }
            }
            group.addTask {
                for _ in 0..<20 {
                    _ = app.journal?.entries.count
                    await Task.yield()
                }
            }
        }
        let journal = try #require(app.journal)
        #expect(journal.entries.map(\.step) == Array(0..<45))
        for (tab, recorder) in zip(ShopTab.allCases, recorders) {
            // 15 started, 3 redirected (the settings), 15 final.
            let finals = try await recorder.next(33).filter(\.isOutcome)
            let entries = journal.entries.filter { $0.tab == tab }
            #expect(entries.count == 15)
            #expect(
                entries.map(\.operation)
                    == finals.compactMap { $0.request.map { .navigation($0.redirectedFrom.first ?? $0.operation) } })
            recorder.cancel()
        }
        #expect(journal.endState == app.state)
        let fresh = Self.makeApp()
        #expect(await journal.replay(on: fresh) == nil)
        #expect(fresh.state == app.state)
    }

    @Test func replayOnAFreshTabRouterReachesTheSameState() async throws {
        let app = Self.makeApp()
        app.startRecording()
        try await Self.recordSession(on: app)
        let journal = try #require(app.journal)
        let fresh = Self.makeApp()
        #expect(await journal.replay(on: fresh) == nil)
        #expect(fresh.state == app.state)
        #expect(fresh.selectedTab == .profile)
    }

    @Test func replayReportsTheFirstDivergenceWhenAGuardChanged() async throws {
        let app = Self.makeApp()
        app.startRecording()
        try await Self.recordSession(on: app)
        let journal = try #require(app.journal)
        let fresh = Self.makeApp(loggedIn: true)
        let divergence = try #require(await journal.replay(on: fresh))
        #expect(divergence.step == 6)
        #expect(divergence.tab == .profile)
        #expect(divergence.operation == .navigate(to: [.settings]))
        #expect(divergence.expected == .redirected(to: .navigate(to: [.login])))
        #expect(divergence.actual == .completed)
        #expect(divergence.expectedState.stack == [.login])
        #expect(divergence.actualState.stack == [.settings])
        #expect(divergence.description.hasPrefix("step 6, [profile] navigate(to: [settings]): recorded redirected"))
    }

    @Test func recordsATabWhoseRouterIsMadeLater() async throws {
        let app = App(tabs: [.home, .search], selected: .home) { _ in nil }
        app.startRecording()
        try await app.router(for: .profile).navigate(to: .settings)
        try await app.select(.profile)
        let journal = try #require(app.journal)
        #expect(
            journal.entries.map(\.description) == [
                "0: [profile] navigate(to: [settings]) -> completed", "1: [profile] select",
            ])
        #expect(journal.startState.stacks.keys.sorted { $0.rawValue < $1.rawValue } == [.home, .profile, .search])
        let fresh = App(tabs: [.home, .search], selected: .home) { _ in nil }
        #expect(await journal.replay(on: fresh) == nil)
        #expect(fresh.state == app.state)
    }

    @Test(arguments: [
        #"{"version":1,"capacity":2,"startState":{"selected":"home","stacks":[]},"stepCount":1,"entries":[{"step":0,"tab":"home","operation":{"select":{}},"outcome":{"completed":{}},"state":{"stack":[]}}]}"#,
        #"{"version":1,"capacity":2,"startState":{"selected":"home","stacks":[]},"stepCount":1,"entries":[{"step":0,"tab":"home","operation":{"navigation":{"_0":{"toRoot":{}}}},"outcome":{"completed":{}}}]}"#,
    ])
    func rejectsAStateOnASelectionOrNoneOnANavigation(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TabNavigationJournal<ShopTab, ShopRoute>.self, from: Data(json.utf8))
        }
    }
}
