import Foundation
import StreamRouter
import StreamRouterTesting
import Synchronization
import Testing

/// Route metadata (DESIGN, "Route metadata and pictures"): titles streamed by routers, tab
/// routers and split routers, analytics names on events and journal entries.
@Suite(.suiteLimit) struct RouteMetadataTests {
    enum ShopRoute: RouteProvider {
        case home, orders
        case order(Int)
        case settings
        case pane(String)
        case untitled

        var transition: RouteTransition {
            self == .settings ? .sheet : .push
        }

        var metadata: RouteMetadata {
            switch self {
            case .home: RouteMetadata(title: "Home", analyticsName: "home")
            case .orders: RouteMetadata(title: "Orders", analyticsName: "orders")
            case .order(let id): RouteMetadata(title: "Order \(id)", analyticsName: "order_detail")
            case .settings: RouteMetadata(title: "Settings", analyticsName: "settings")
            case .pane(let name): RouteMetadata(title: name)
            case .untitled: RouteMetadata()
            }
        }
    }

    enum ShopTab: String, CaseIterable, Codable, Sendable {
        case shop, account
    }

    /// A route type that declares no metadata gets an empty one.
    enum PlainRoute: RouteProvider {
        case a
    }

    /// A route that counts the reads of its metadata.
    enum CountedRoute: RouteProvider {
        case page(Int)

        static let reads = Atomic<Int>(0)

        var metadata: RouteMetadata {
            Self.reads.add(1, ordering: .relaxed)
            return RouteMetadata(title: "page", analyticsName: "page")
        }
    }

    /// Navigations read no metadata, even with events, states and a journal recorded; titles
    /// read one per displayed entry per state, a journal one per entry when it is read.
    @Test func metadataIsReadOnlyForWhoeverAsks() async throws {
        let router = Router<CountedRoute>()
        let events = StreamRecorder(router.events)
        let states = StreamRecorder(router.states)
        router.startRecording()
        for id in 0..<50 {
            try await router.navigate(to: .page(id))
        }
        _ = try await events.next(100)
        _ = try await states.next(51)
        #expect(CountedRoute.reads.load(ordering: .relaxed) == 0)
        let titles = StreamRecorder(router.titles)
        #expect(try await titles.next().first?.count == 50)
        #expect(CountedRoute.reads.load(ordering: .relaxed) == 50, "one read per displayed entry")
        try await router.navigateBack()
        #expect(try await titles.next().first?.count == 49)
        #expect(CountedRoute.reads.load(ordering: .relaxed) == 50 + 49)
        let journal = try #require(router.journal)
        #expect(journal.entries.count == 51 && journal.entries.allSatisfy { $0.analyticsName == "page" })
        #expect(CountedRoute.reads.load(ordering: .relaxed) == 50 + 49 + 51, "one read per entry")
    }

    @Test func metadataDefaultsToNone() {
        #expect(PlainRoute.a.metadata == RouteMetadata())
        #expect(RouteMetadata().title == nil && RouteMetadata().analyticsName == nil)
        #expect(RouterState<PlainRoute>(stack: [.a]).titles == [])
    }

    /// Push, a sheet, a push inside it, untitled entries, dismissal and pops: each change of
    /// the titles once, in order; a navigation that leaves them as they were publishes none.
    @Test func titlesStreamThroughPushesAndSheets() async throws {
        let router = Router<ShopRoute>(state: RouterState(stack: [.home]))
        let titles = StreamRecorder(router.titles(bufferingPolicy: .unbounded))
        #expect(try await titles.next() == [["Home"]], "the current value first")
        try await router.navigate(to: .orders)
        try await router.navigate(to: .order(7))
        #expect(try await titles.next(2) == [["Home", "Orders"], ["Home", "Orders", "Order 7"]])
        try await router.navigate(to: .settings)  // a sheet
        try await router.navigate(to: .untitled)  // inside it, left out: no new value
        try await router.navigate(to: .pane("Privacy"))
        #expect(
            try await titles.next(2) == [
                ["Home", "Orders", "Order 7", "Settings"], ["Home", "Orders", "Order 7", "Settings", "Privacy"],
            ])
        #expect(router.state.titles == ["Home", "Orders", "Order 7", "Settings", "Privacy"])
        try await router.dismiss()
        try await router.navigateBack(to: .home)
        #expect(try await titles.next(2) == [["Home", "Orders", "Order 7"], ["Home"]])
        try await router.navigate(to: .untitled)  // no new value
        try await router.replace(with: [.orders])
        #expect(try await titles.next() == [["Orders"]])
    }

    /// The selected tab's titles, then what is presented above the tabs; a tab switch
    /// changes them, a navigation on a tab that is not selected does not.
    @Test func titlesStreamThroughTabSwitches() async throws {
        let app = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .shop) { _ in nil }
        try await app.navigate(to: .home)
        try await app.router(for: .account).navigate(to: .pane("Account"))
        let titles = StreamRecorder(app.titles(bufferingPolicy: .unbounded))
        #expect(try await titles.next() == [["Home"]])
        try await app.select(.account)
        #expect(try await titles.next() == [["Account"]])
        try await app.router(for: .shop).navigate(to: .orders)  // not shown: no new value
        try await app.navigate(to: .order(3))
        #expect(try await titles.next() == [["Account", "Order 3"]])
        try await app.present(.settings)  // above the tabs
        #expect(try await titles.next() == [["Account", "Order 3", "Settings"]])
        try await app.dismiss()
        try await app.select(.shop)
        #expect(try await titles.next(2) == [["Account", "Order 3"], ["Home", "Orders"]])
    }

    /// The columns as one stack, in either layout: collapsing publishes nothing.
    @Test func titlesStreamThroughSplitCollapse() async throws {
        let mail = SplitRouter<ShopRoute>(columns: .double)
        let titles = StreamRecorder(mail.titles(bufferingPolicy: .unbounded))
        #expect(try await titles.next() == [[]])
        try await mail.select(.orders)
        try await mail.navigate(to: .order(7))
        #expect(try await titles.next(2) == [["Orders"], ["Orders", "Order 7"]])
        mail.isCollapsed = true  // layout: no new value
        try await mail.navigate(to: .pane("Receipt"))
        #expect(try await titles.next() == [["Orders", "Order 7", "Receipt"]])
        try await mail.navigateBack()
        mail.isCollapsed = false
        try await mail.navigateBack()
        #expect(try await titles.next(2) == [["Orders", "Order 7"], ["Orders"]])
        try await mail.navigateBack()  // clears the selection
        #expect(try await titles.next() == [[]])
    }

    /// Each event names the screen it is about: the one asked for until it completes, the
    /// one shown after it completes.
    @Test func analyticsNamesOnEvents() async throws {
        struct Closed: Error {}
        let router = Router<ShopRoute>()
        let events = StreamRecorder(router.events)
        try await router.navigate(to: .home)
        try await router.navigate(to: .order(1))
        try await router.navigateBack()
        router.addGuard(named: "shop") { pending in
            if pending.destinations.contains(.orders) { return .redirect(to: .settings) }
            if pending.destinations.contains(.order(2)) { return .cancel(Closed()) }
            return .allow
        }
        try await router.navigate(to: .orders)
        await #expect(throws: NavigationError.self) { try await router.navigate(to: .order(2)) }
        try await router.navigate(to: .untitled)  // inside the sheet: a screen without a name
        let names = try await events.next(13).map { "\(kind($0)) \($0.analyticsName ?? "-")" }
        #expect(
            names == [
                "started home", "completed home",
                "started order_detail", "completed order_detail",
                "started -", "completed home",  // a move back names no route until it completes
                "started orders", "redirected settings", "completed settings",
                "started order_detail", "cancelled order_detail",
                "started -", "completed -",
            ])
    }

    /// Journal entries keep the analytics name of their final event, survive a JSON round
    /// trip, and a journal saved before entries had one still decodes.
    @Test func analyticsNamesOnJournalEntries() async throws {
        let router = Router<ShopRoute>()
        router.startRecording()
        try await router.navigate(to: .home)
        try await router.navigate(to: .settings)
        try await router.dismiss()
        try await router.navigate(to: .untitled)
        let journal = try #require(router.journal)
        #expect(journal.entries.map(\.analyticsName) == ["home", "settings", "home", nil])
        let data = try JSONEncoder().encode(journal)
        #expect(try JSONDecoder().decode(NavigationJournal<ShopRoute>.self, from: data) == journal)

        // The same journal as an older version saved it: none of the keys entries have had
        // since (names, loads, sources, confirmations).
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(entries.filter { $0["analyticsName"] != nil }.count == 3, "a nil name is left out")
        let newer: Set = ["analyticsName", "loads", "source", "confirmations"]
        object["entries"] = entries.map { $0.filter { !newer.contains($0.key) } }
        let old = try JSONSerialization.data(withJSONObject: object)
        let decoded = try JSONDecoder().decode(NavigationJournal<ShopRoute>.self, from: old)
        #expect(decoded.entries.map(\.analyticsName) == [nil, nil, nil, nil])
        #expect(decoded.entries.map(\.state) == journal.entries.map(\.state))
        #expect(await decoded.replay(on: Router<ShopRoute>()) == nil)
    }

    /// A tab journal's navigations name their screen; a selection names the selected tab's.
    @Test func analyticsNamesOnTabJournalEntries() async throws {
        let app = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .shop) { _ in nil }
        app.startRecording()
        try await app.navigate(to: .orders)
        try await app.select(.account)
        try await app.navigate(to: .order(4))
        try await app.select(.shop)
        let journal = try #require(app.journal)
        #expect(journal.entries.map(\.analyticsName) == ["orders", nil, "order_detail", "orders"])
        let data = try JSONEncoder().encode(journal)
        #expect(try JSONDecoder().decode(TabNavigationJournal<ShopTab, ShopRoute>.self, from: data) == journal)
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]])
        let newer: Set = ["analyticsName", "isAboveTabs", "source", "confirmations"]
        object["entries"] = entries.map { $0.filter { !newer.contains($0.key) } }
        let old = try JSONSerialization.data(withJSONObject: object)
        let decoded = try JSONDecoder().decode(TabNavigationJournal<ShopTab, ShopRoute>.self, from: old)
        #expect(decoded.entries.allSatisfy { $0.analyticsName == nil })
    }

    /// Dismissing what is above the tabs names the tab's screen shown again, on the event
    /// and in the journal, as a dismissal does on a router.
    @Test func aDismissalAboveTheTabsNamesTheScreenShownAgain() async throws {
        let app = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .shop) { _ in nil }
        try await app.navigate(to: .orders)
        app.startRecording()
        let events = StreamRecorder(app.events)
        try await app.present(.settings)  // above the tabs
        try await app.dismiss()  // orders is on show again
        let completed = try await events.next(4).filter {
            if case .completed = $0.event { true } else { false }
        }
        #expect(completed.map(\.analyticsName) == ["settings", "orders"])
        #expect(try #require(app.journal).entries.map(\.analyticsName) == ["settings", "orders"])
    }

    private func kind(_ event: RouterEvent<ShopRoute>) -> String {
        switch event {
        case .started: "started"
        case .redirected: "redirected"
        case .completed: "completed"
        case .cancelled: "cancelled"
        case .failed: "failed"
        case .loaded: "loaded"
        case .urlNotHandled: "urlNotHandled"
        case .urlHandledByAction: "urlHandledByAction"
        case .confirmationRequested: "confirmationRequested"
        case .confirmationEnded: "confirmationEnded"
        }
    }
}
