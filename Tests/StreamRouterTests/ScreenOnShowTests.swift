import AsyncObservables
import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// The screen on show on every router kind, its changes, and the screen views analytics
/// read: one view per change of the visible screen, with the previous screen, its time on
/// show on an injected clock, and where the navigation came from.
@Suite(.suiteLimit) struct ScreenOnShowTests {
    enum Tab: String, Codable, Sendable, CaseIterable {
        case news, inbox
    }

    enum Route: RouteProvider {
        case feed
        case article(Int)
        case comments(Int)
        case compose
        case settings
        case mailbox
        case message(Int)

        var transition: RouteTransition {
            switch self {
            case .compose, .settings: .sheet
            default: .push
            }
        }

        var metadata: RouteMetadata {
            switch self {
            case .article(let id): RouteMetadata(title: "Article \(id)", analyticsName: "article")
            case .feed: RouteMetadata(title: "Feed", analyticsName: "feed")
            default: RouteMetadata()
            }
        }

        var tab: Tab? {
            switch self {
            case .feed, .article, .comments: .news
            case .mailbox, .message: .inbox
            case .compose, .settings: nil
            }
        }

        static func registerURLs() -> URLMatcherGroup<Route>? {
            .group("news.example.com") {
                $0.map("articles/{id}", linking: { if case .article(let id) = $0 { ["id": "\(id)"] } else { nil } }) {
                    .article(try $0.param("id"))
                }
                $0.map("settings") { .settings }
            }
        }
    }

    static let articleURL = URL(string: "https://news.example.com/articles/42")

    /// The screen on show through a push, a pop, a presentation and a dismissal (which
    /// reveals the screen under it), with its title, analytics name, link and level.
    @Test func aRoutersScreenFollowsItsTopmostEntry() async throws {
        let router = Router<Route>()
        #expect(router.displayedScreen.route == nil, "the root")
        let screens = StreamRecorder(router.displayedScreens())
        try await router.navigate(to: .feed)
        try await router.navigate(to: .article(42))
        let article = router.displayedScreen
        #expect(article.route == .article(42))
        #expect(article.title == "Article 42" && article.analyticsName == "article")
        #expect(article.url?.absoluteString == "https://news.example.com/articles/42")
        #expect(article.level == 0 && article.tab == nil && article.column == nil)
        try await router.navigate(to: .compose)
        #expect(router.displayedScreen.level == 1)
        try await router.dismiss()
        #expect(router.displayedScreen == article, "the dismissal reveals the same entry")
        try await router.navigateBack()
        let values = try await screens.next(6)
        #expect(values.map(\.route) == [nil, .feed, .article(42), .compose, .article(42), .feed])
        #expect(values.map(\.level) == [0, 0, 0, 1, 0, 0])
        #expect(values[4] == values[2], "the dismissal reveals the article's own entry")
        #expect(values[5] == values[1], "popping reveals the feed's own entry")
    }

    /// A navigation that leaves the same screen on top is not a change: a replace that
    /// keeps the top entry, a back with nothing to pop, a push of the same route is (a new
    /// entry).
    @Test func aNavigationThatKeepsTheScreenYieldsNothing() async throws {
        let router = Router<Route>(state: RouterState(stack: [.feed, .article(1)]))
        let screens = StreamRecorder(router.displayedScreens())
        #expect(try await screens.next().map(\.route) == [.article(1)])
        try await router.replace(with: [.feed, .article(1)])  // keeps both entries
        try await router.dismiss()  // nothing presented
        try await router.navigate(to: .article(1))  // the same route again: a new screen
        let pushed = try await screens.next()
        #expect(pushed.map(\.route) == [.article(1)])
        #expect(pushed.first?.level == 0)
        try await router.navigate(to: .comments(1))
        #expect(try await screens.next().map(\.route) == [.comments(1)], "nothing came in between")
    }

    /// Screen views on a test clock: exact durations, the previous screen, no duplicates,
    /// and the source of a tap, a link, a notification and a widget.
    @Test func screenViewsMeasureTimeOnTheClockAndCarryTheirSource() async throws {
        let clock = TestClock()
        let router = Router<Route>()
        let views = StreamRecorder(router.screenViews(clock: clock))
        try await router.navigate(to: .feed)
        clock.advance(by: .seconds(3))
        #expect(await router.openURL(try #require(Self.articleURL)))
        clock.advance(by: .milliseconds(1500))
        try await router.navigate(to: .comments(42), source: .notification)
        try await router.navigateBack(0)  // no change
        clock.advance(by: .seconds(10))
        #expect(await router.openURL(try #require(URL(string: "https://news.example.com/settings")), source: .widget))
        try await router.navigate(to: .feed, source: "spotlight")
        let recorded = try await views.next(6)
        #expect(recorded.map(\.screen.route) == [nil, .feed, .article(42), .comments(42), .settings, .feed])
        #expect(
            recorded.map(\.source) == [.inApp, .inApp, .link, .notification, .widget, NavigationSource("spotlight")])
        #expect(
            recorded.map(\.previousDuration) == [nil, .zero, .seconds(3), .milliseconds(1500), .seconds(10), .zero])
        #expect(recorded.map(\.previous?.route) == [nil, nil, .feed, .article(42), .comments(42), .settings])
        #expect(recorded[0].previous == nil)
    }

    /// Events and journal entries carry the source; a guard sees it; a redirect keeps it.
    @Test func requestsEventsAndJournalEntriesCarryTheSource() async throws {
        let seen = _Locked<[NavigationSource]>([])
        func makeRouter() -> Router<Route> {
            let router = Router<Route>()
            router.addGuard(named: "sources") { pending in
                seen.withLock { $0.append(pending.request.source) }
                return pending.destinations.contains(.settings) ? .redirect(to: .feed) : .allow
            }
            return router
        }
        let router = makeRouter()
        let events = StreamRecorder(router.events)
        router.startRecording(keepingNewest: 10)
        try await router.navigate(to: .feed)
        try await router.navigate(to: [.article(1)], source: .intent)
        #expect(await router.openURL(try #require(Self.articleURL), source: .notification))
        try await router.navigate(to: .settings, source: .widget)  // redirected, keeps its source
        try await router.navigateBack()
        #expect(seen.withLock { $0 } == [.inApp, .intent, .notification, .widget, .widget, .inApp])
        try await events.wait { $0.count { $0.state != nil } == 5 }
        let completed = events.values.filter { $0.state != nil }
        #expect(completed.compactMap(\.request?.source) == [.inApp, .intent, .notification, .widget, .inApp])
        let journal = try #require(router.journal)
        #expect(journal.entries.map(\.source) == [.inApp, .intent, .notification, .widget, .inApp])
        let decoded = try JSONDecoder().decode(
            NavigationJournal<Route>.self, from: try JSONEncoder().encode(journal))
        #expect(decoded == journal)
        #expect(await journal.replay(on: makeRouter()) == nil, "the replay gives each navigation its source")
        #expect(seen.withLock { Array($0.suffix(6)) } == [.inApp, .intent, .notification, .widget, .widget, .inApp])
    }

    /// A journal saved before entries had sources still decodes: each entry reads the
    /// default of its operation and URL.
    @Test func aJournalWithoutSourcesDecodesWithTheDefaults() async throws {
        let router = Router<Route>()
        router.startRecording(keepingNewest: 10)
        try await router.navigate(to: .feed, source: .widget)
        #expect(await router.openURL(try #require(Self.articleURL), source: .intent))
        try await router.perform(.restore(RouterState()), source: .notification)
        let journal = try #require(router.journal)
        #expect(journal.entries.map(\.source) == [.widget, .intent, .notification])
        // The same journal as a version without sources wrote it.
        var object = try #require(
            try JSONSerialization.jsonObject(with: try JSONEncoder().encode(journal)) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]])
        object["entries"] = entries.map { entry in entry.filter { $0.key != "source" } }
        let old = try JSONSerialization.data(withJSONObject: object)
        #expect(!String(decoding: old, as: UTF8.self).contains("source"))
        let decoded = try JSONDecoder().decode(NavigationJournal<Route>.self, from: old)
        #expect(decoded.entries.map(\.source) == [.inApp, .link, .restoration])
        #expect(decoded.entries.map(\.operation) == journal.entries.map(\.operation))
    }

    /// The tab router's screen: the selected tab's top (or root) with its tab, a switch of
    /// tabs is a change, a navigation of a tab not on show is not, what is presented above
    /// the tabs is on top of every tab.
    @Test func aTabRoutersScreenIsTheSelectedTabsTopOrWhatIsAboveTheTabs() async throws {
        let clock = TestClock()
        let app = TabRouter<Tab, Route>(tabs: Tab.allCases, selected: .news) { $0.tab }
        app.startRecording(keepingNewest: 20)
        let views = StreamRecorder(app.screenViews(clock: clock))
        try await app.navigate(to: .feed, source: .notification)
        try await app.router(for: .inbox).navigate(to: .mailbox)  // a tab not on show
        try await app.select(.inbox)
        clock.advance(by: .seconds(2))
        try await app.present(.settings)  // above the tabs
        #expect(app.displayedScreen.tab == nil && app.displayedScreen.level == 1)
        try await app.dismiss()
        try await app.select(.news)
        let recorded = try await views.next(6)
        #expect(recorded.map(\.screen.route) == [nil, .feed, .mailbox, .settings, .mailbox, .feed])
        #expect(recorded.map { $0.screen.tab as? Tab } == [.news, .news, .inbox, nil, .inbox, .news])
        #expect(recorded[3].previousDuration == .seconds(2))
        #expect(recorded[4].screen == recorded[2].screen, "the dismissal reveals the mailbox's entry")
        #expect(app.displayedScreen == recorded[5].screen)
        #expect(recorded.map(\.source) == [.inApp, .notification, .inApp, .inApp, .inApp, .inApp])
        let journal = try #require(app.journal)
        #expect(journal.entries.map(\.source).first == .notification)
        let decoded = try JSONDecoder().decode(
            TabNavigationJournal<Tab, Route>.self, from: try JSONEncoder().encode(journal))
        #expect(decoded == journal)
    }

    /// The split router's screen carries its column; collapsing and expanding change no
    /// screen.
    @Test func aSplitRoutersScreenHasItsColumnAndLayoutChangesNoScreen() async throws {
        let split = SplitRouter<Route>(columns: .triple)
        let screens = StreamRecorder(split.displayedScreens())
        try await split.select(.mailbox)
        split.isCollapsed = true
        split.isCollapsed = false
        #expect(try await split.showContent(.message(1)))
        #expect(try await split.showDetail(.article(1)))
        try await split.navigate(to: .comments(1))
        try await split.navigate(to: .compose)
        let values = try await screens.next(6)
        #expect(values.map(\.route) == [nil, .mailbox, .message(1), .article(1), .comments(1), .compose])
        #expect(values.map(\.column) == [nil, .sidebar, .content, .detail, .detail, nil])
        #expect(split.displayedScreen.level == 1)
    }

    /// A relaunch: a state restored at creation is shown by `restoration`, and so is one
    /// restored through guards; later navigations have their own source.
    @Test func aRelaunchShowsItsScreenFromRestoration() async throws {
        let store = InMemoryStateStore()
        let first = Router<Route>(store: store)
        try await first.navigate(to: [.feed, .article(7)])
        first.flush()

        let relaunched = Router<Route>(store: store)
        let views = StreamRecorder(relaunched.screenViews(clock: TestClock()))
        let shown = try await views.next()
        #expect(shown.map(\.screen.route) == [.article(7)])
        #expect(shown.map(\.source) == [.restoration])

        let guarded = Router<Route>(store: store, restoring: .throughGuards)
        let guardedViews = StreamRecorder(guarded.screenViews(clock: TestClock()))
        await guarded.restore()
        let restored = try await guardedViews.next(2)
        #expect(restored.map(\.screen.route) == [nil, .article(7)])
        #expect(restored.map(\.source) == [.inApp, .restoration])

        let tabStore = InMemoryStateStore()
        let app = TabRouter<Tab, Route>(tabs: Tab.allCases, selected: .news, store: tabStore) { $0.tab }
        try await app.navigate(to: .feed)
        app.flush()
        let relaunchedApp = TabRouter<Tab, Route>(tabs: Tab.allCases, selected: .news, store: tabStore) { $0.tab }
        let appViews = StreamRecorder(relaunchedApp.screenViews(clock: TestClock()))
        let appShown = try await appViews.next()
        #expect(appShown.map(\.screen.route) == [.feed] && appShown.map(\.source) == [.restoration])
    }

    /// A held link keeps the source its caller gave until it is released.
    @Test func aHeldLinkKeepsItsSource() async throws {
        let router = Router<Route>()
        let views = StreamRecorder(router.screenViews(clock: TestClock()))
        router.holdURLs(expiringAfter: .seconds(600))
        let url = try #require(Self.articleURL)
        let opening = Task { await router.openURL(url, source: .intent) }
        await router.waitUntilHeld(1)
        router.releaseURLs()
        #expect(await opening.value)
        let recorded = try await views.next(2)
        #expect(recorded.map(\.source) == [.inApp, .intent])
    }

    /// A link into a tab not on show switches to it: that screen view carries the link's
    /// source; a tab switch in the app stays `inApp`.
    @Test func aLinkThatSwitchesTabsCarriesItsSource() async throws {
        let app = TabRouter<Tab, Route>(tabs: Tab.allCases, selected: .inbox) { $0.tab }
        let views = StreamRecorder(app.screenViews(clock: TestClock()))
        #expect(await app.openURL(try #require(Self.articleURL), source: .widget))
        try await app.select(.inbox)
        let recorded = try await views.next(3)
        #expect(recorded.map(\.screen.route) == [nil, .article(42), nil])
        #expect(recorded.map(\.source) == [.inApp, .widget, .inApp])
    }

    /// A link into a tab not on show, while something is presented above the tabs: one
    /// change of the screen, straight to the link's screen, with its source. The path shows
    /// the link's tab under the presentation, then without it.
    @Test func aLinkThatDismissesAboveTheTabsChangesTheScreenOnce() async throws {
        let app = TabRouter<Tab, Route>(tabs: Tab.allCases, selected: .inbox) { $0.tab }
        try await app.navigate(to: .mailbox)
        try await app.present(.settings)
        let views = StreamRecorder(app.screenViews(clock: TestClock()))
        let paths = StreamRecorder(app.paths())
        #expect(await app.openURL(try #require(Self.articleURL), source: .widget))
        try await app.select(.inbox)
        let recorded = try await views.next(3)
        #expect(recorded.map(\.screen.route) == [.settings, .article(42), .mailbox])
        #expect(recorded.map(\.source) == [.inApp, .widget, .inApp])
        let shownPaths = try await paths.next(4)
        #expect(shownPaths == ["/mailbox/settings", "/article/42/settings", "/article/42", "/mailbox"])
    }

    /// Under `.latestWins`, a link whose navigation a later one supersedes leaves what is
    /// presented above the tabs, and the selection, as they were.
    @Test func aSupersededLinkLeavesWhatIsAboveTheTabs() async throws {
        let app = TabRouter<Tab, Route>(
            tabs: Tab.allCases, selected: .inbox, options: NavigationOptions(concurrency: .latestWins)
        ) { $0.tab }
        let gate = Gate()
        app.addGuard { pending in
            if pending.destinations == [.article(42)] { await gate.wait() }
            return .allow
        }
        try await app.present(.settings)
        let opening = Task { await app.openURL(try #require(Self.articleURL)) }
        try await gate.arrived(1)
        try await app.router(for: .news).navigate(to: .feed)  // supersedes the link's navigation
        gate.open()
        #expect(try await opening.value == false)
        #expect(app.presentations == [Presentation(.settings)])
        #expect(app.selectedTab == .inbox && app.router(for: .news).stack == [.feed])
    }
}
