import Foundation
import StreamRouterTesting
import Testing

@testable import StreamRouter

/// What a tab router presents above its tabs is part of its tree: its guards and loaders run
/// there, its events, paths and state include it, it is saved, and a refused link changes
/// nothing anywhere.
@Suite(.suiteLimit) struct TabTreeTests {
    enum Tab: String, CaseIterable, Codable, Sendable {
        case explore, activity
    }

    enum Route: RouteProvider {
        case project(Int)
        case secretReward(Int)
        case player
        case chapter(Int)
        case login
        case activity

        var transition: RouteTransition {
            switch self {
            case .secretReward, .login: .sheet
            case .player: .fullScreen
            default: .push
            }
        }

        var tab: Tab? {
            switch self {
            case .project: .explore
            case .activity: .activity
            case .secretReward, .player, .chapter, .login: nil
            }
        }

        static func registerURLs() -> URLMatcherGroup<Route>? {
            .group("app.example.com") {
                $0.map("projects/{id}") { try .project($0.param("id")) }
                $0.map("rewards/{id}") { try .secretReward($0.param("id")) }
                $0.map("activity") { .activity }
            }
        }
    }

    struct Refusal: Error {}

    static func makeApp(store: InMemoryStateStore? = nil) -> TabRouter<Tab, Route> {
        if let store {
            return TabRouter<Tab, Route>(tabs: Tab.allCases, selected: .explore, store: store) { $0.tab }
        }
        return TabRouter<Tab, Route>(tabs: Tab.allCases, selected: .explore) { $0.tab }
    }

    static func url(_ path: String) throws -> URL {
        try #require(URL(string: "https://app.example.com/\(path)"))
    }

    /// A logged-out user opening a link whose route is presented above the tabs meets the
    /// tab router's guard, as inside what is presented there.
    @Test func aTabRoutersGuardRunsAboveTheTabs() async throws {
        let app = Self.makeApp()
        let refused = _Locked<[Route]>([])
        app.addGuard(named: "login") { pending in
            guard let route = pending.destinations.first, case .secretReward = route else { return .allow }
            refused.withLock { $0.append(route) }
            return .cancel(Refusal())
        }
        #expect(await app.openURL(try Self.url("rewards/7")) == false)
        #expect(app.presentations.isEmpty)
        #expect(refused.withLock { $0 } == [.secretReward(7)])
        try await app.present(.player)
        await #expect(throws: NavigationError.self) { try await app.navigate(to: .secretReward(8)) }
        #expect(app.presentations == [Presentation(.player, style: .fullScreen)])
    }

    /// A guard refusing a tab's deep link while a player is shown above the tabs leaves the
    /// player shown, and the refusal is published.
    @Test func aRefusedLinkLeavesThePlayerAboveTheTabs() async throws {
        let app = Self.makeApp()
        try await app.present(.player)
        app.router(for: .explore).addGuard(named: "paywall") { _ in .cancel(Refusal()) }
        let events = StreamRecorder(app.events)
        #expect(await app.openURL(try Self.url("projects/3")) == false)
        #expect(app.presentations == [Presentation(.player, style: .fullScreen)])
        #expect(app.selectedTab == .explore && app.router(for: .explore).stack.isEmpty)
        try await events.wait {
            $0.contains { if case .cancelled = $0.event { !$0.isAboveTabs } else { false } }
        }
    }

    @Test func eventsPathsAndStateIncludeWhatIsAboveTheTabs() async throws {
        let app = Self.makeApp()
        try await app.navigate(to: .project(1))
        let paths = StreamRecorder(app.paths())
        let events = StreamRecorder(app.events)
        try await app.present(.player)
        try await app.navigate(to: .chapter(2))
        #expect(app.path == "/project/1/player/chapter/2")
        #expect(app.state.aboveTabs == [Presentation(.player, style: .fullScreen, stack: [.chapter(2)])])
        try await app.navigateBack()
        try await app.dismiss()
        #expect(
            try await paths.next(5) == [
                "/project/1", "/project/1/player", "/project/1/player/chapter/2", "/project/1/player", "/project/1",
            ])
        try await events.wait { $0.filter { $0.isAboveTabs && $0.event.isOutcome }.count == 4 }
        // With nothing above the tabs, the verbs act on the selected tab.
        try await app.navigateBack()
        #expect(app.router(for: .explore).stack.isEmpty)
    }

    @Test func loadersRunAboveTheTabs() async throws {
        let app = Self.makeApp()
        let loads = _Locked<[Route]>([])
        let ids = app.addLoader(named: "route") { route in
            loads.withLock { $0.append(route) }
            return "\(route)"
        }
        try await app.present(.player)
        #expect(app.loaded(String.self, for: .player) == "player")
        app.removeGuard(ids)
        try await app.navigate(to: .chapter(1))
        #expect(loads.withLock { $0 } == [.player], "removed from above the tabs too")
    }

    /// A guard added on the tab router also guards a tab made later, until it is removed.
    @Test func aTabRoutersGuardReachesTabsMadeLater() async throws {
        let app = TabRouter<String, Route>(tabs: ["explore"], selected: "explore") { _ in nil }
        let ids = app.addGuard(named: "closed") { _ in .cancel(Refusal()) }
        let later = app.router(for: "saved")
        await #expect(throws: NavigationError.self) { try await later.navigate(to: .project(1)) }
        app.removeGuard(ids)
        try await later.navigate(to: .project(1))
        try await app.present(.player)
        #expect(later.stack == [.project(1)] && app.presentations.count == 1)
    }

    @Test func whatIsAboveTheTabsSurvivesARelaunch() async throws {
        let store = InMemoryStateStore()
        let app = Self.makeApp(store: store)
        try await app.navigate(to: .project(4))
        try await app.present(.player)
        try await app.navigate(to: .chapter(9))
        app.flush()
        let relaunched = Self.makeApp(store: store)
        #expect(relaunched.restoration == .restored)
        #expect(relaunched.presentations == [Presentation(.player, style: .fullScreen, stack: [.chapter(9)])])
        #expect(relaunched.path == "/project/4/player/chapter/9")
    }

    /// A tree saved before what is above the tabs was saved decodes with nothing there.
    @Test func aTreeSavedWithoutAboveTheTabsDecodes() throws {
        let json = #"{"selected":"explore","stacks":[{"tab":"explore","state":{"stack":[{"project":{"_0":1}}]}}]}"#
        let state = try JSONDecoder().decode(TabRouterState<Tab, Route>.self, from: Data(json.utf8))
        #expect(state.aboveTabs.isEmpty && state[.explore].stack == [.project(1)])
    }
}

@MainActor
@Suite(.suiteLimit) struct TabTreeModelTests {
    /// A later write reads back as written while it waits behind an earlier one.
    @Test func aLaterWriteReadsBackWhileItWaitsBehindAnEarlierOne() async throws {
        let app = TabTreeTests.makeApp()
        let model = TabRouterModel(tabRouter: app)
        let gate = Gate()
        app.addGuard(named: "hold dismissals") { pending in
            if pending.request.operation == .dismiss { await gate.wait() }
            return .allow
        }
        model.presented = .player
        model.presented = nil  // swiped away before the cover was shown
        try await gate.arrived(1)  // the player is shown; its dismissal waits in the guard
        try await eventually { model.state.aboveTabs.count == 1 }  // the model has the player's state
        #expect(model.presented == nil, "the last write reads back as written while it waits")
        gate.open()
        await model.settled()
        #expect(app.presentations.isEmpty)
    }

    /// A write to the model's binding reads back as written while its navigation waits for a
    /// guard, then the model follows the tab router's refusal.
    @Test func aPresentedWriteReadsBackThenFollowsTheRefusal() async throws {
        let app = TabTreeTests.makeApp()
        let model = TabRouterModel(tabRouter: app)
        let gate = Gate()
        app.addGuard(named: "hold") { pending in
            guard pending.destinations.contains(.player) else { return .allow }
            await gate.wait()
            return .cancel(TabTreeTests.Refusal())
        }
        model.presented = .player
        try await gate.arrived(1)
        #expect(model.presented == .player, "shown as written while the guard holds")
        gate.open()
        await model.settled()
        #expect(model.presented == nil, "the refusal shows")
        #expect(app.presentations.isEmpty)
        try await app.present(.login)
        try await eventually { model.presented == .login && model.path == "/login" }
        model.presented = nil
        await model.settled()
        #expect(app.presentations.isEmpty)
        try await eventually { model.presented == nil && model.path == "/" }
    }
}

/// A navigation that also dismisses what is above the tabs changes nothing anywhere when a
/// guard on either side refuses, and the journal records what happens above the tabs.
@Suite(.suiteLimit) struct TabTreeAtomicityTests {
    typealias Route = TabTreeTests.Route

    /// A guard refusing the dismissal of the player leaves the tab as it was too.
    @Test func aRefusedDismissalAboveTheTabsLeavesTheTabUnchanged() async throws {
        let app = TabTreeTests.makeApp()
        try await app.present(.player)
        app.addGuard(named: "keep the player") { pending in
            pending.request.operation == .dismissAll ? .cancel(TabTreeTests.Refusal()) : .allow
        }
        #expect(await app.openURL(try TabTreeTests.url("projects/3")) == false)
        #expect(app.router(for: .explore).stack.isEmpty)
        #expect(app.presentations == [Presentation(.player, style: .fullScreen)])
        await #expect(throws: NavigationError.self) { try await app.replace(with: [.project(5)]) }
        #expect(app.router(for: .explore).stack.isEmpty)
        #expect(app.presentations == [Presentation(.player, style: .fullScreen)])
    }

    /// With no refusal, the link shows its route on the tab and dismisses the player.
    @Test func anAcceptedLinkDismissesThePlayerAndShowsTheTab() async throws {
        let app = TabTreeTests.makeApp()
        try await app.present(.player)
        #expect(await app.openURL(try TabTreeTests.url("projects/3")))
        #expect(app.router(for: .explore).stack == [.project(3)] && app.presentations.isEmpty)
        #expect(app.path == "/project/3")
    }

    /// The journal records navigations above the tabs, its end state holds them, and a
    /// replay on a fresh tab router performs them there.
    @Test func theJournalRecordsAndReplaysWhatIsAboveTheTabs() async throws {
        let app = TabTreeTests.makeApp()
        app.startRecording()
        try await app.navigate(to: .project(1))
        try await app.present(.player)
        try await app.navigate(to: .chapter(2))
        let journal = try #require(app.journal)
        #expect(journal.entries.map(\.isAboveTabs) == [false, true, true])
        #expect(journal.entries.map(\.tab) == [.explore, .explore, .explore])
        #expect(journal.endState == app.state)
        let decoded = try JSONDecoder().decode(
            TabNavigationJournal<TabTreeTests.Tab, Route>.self, from: JSONEncoder().encode(journal))
        #expect(decoded == journal)
        let fresh = TabTreeTests.makeApp()
        #expect(await journal.replay(on: fresh) == nil)
        #expect(fresh.state == app.state)
        // A journal whose start has something above the tabs restores it before replaying.
        app.startRecording()
        try await app.dismiss()
        let later = try #require(app.journal)
        #expect(later.startState.aboveTabs == [Presentation(.player, style: .fullScreen, stack: [.chapter(2)])])
        let another = TabTreeTests.makeApp()
        #expect(await later.replay(on: another) == nil)
        #expect(another.state == app.state)
    }

    /// A confirmation that ended while nobody listened to the tab router is not pending on
    /// a stream made later.
    @Test func aConfirmationThatEndedUnheardIsNotPendingLater() async throws {
        let app = TabTreeTests.makeApp()
        app.addLeaveCondition(for: .project(1), prompt: "Discard?") { true }
        try await app.navigate(to: .project(1))
        let leaving = Task { try await app.navigateBack() }
        try await eventually { app.pendingConfirmation != nil }
        let asked = try #require(app.pendingConfirmation)
        let first = StreamRecorder(app.pendingConfirmations())
        #expect(try await first.next(1) == [asked])
        first.cancel()
        try await eventually { app.hub.subscriberCount == 0 }
        asked.cancel()
        await #expect(throws: NavigationError.self) { try await leaving.value }
        #expect(app.pendingConfirmation == nil)
        #expect(try await StreamRecorder(app.pendingConfirmations()).next(1) == [nil])
    }

    /// A tab made at run time that shows its saved stack at once is a change of the tree.
    @Test func aTabMadeWithItsSavedStackIsPublished() async throws {
        let store = InMemoryStateStore()
        typealias App = TabRouter<String, TabTreeTests.Route>
        let first = App(tabs: ["home"], selected: "home", store: store) { _ in nil }
        try await first.router(for: "list-42").navigate(to: .project(42))
        first.flush()
        let app = App(tabs: ["home"], selected: "home", store: store) { _ in nil }
        let states = StreamRecorder(app.states())
        _ = try await states.next(1)
        _ = app.router(for: "list-42")
        #expect(try await states.next(1).first?.stacks["list-42"]?.stack == [.project(42)])
    }

    /// `restore()` called from a guard running above the tabs keeps the saved tree, whole,
    /// for a later call.
    @Test func aRestoreFromAGuardAboveTheTabsKeepsTheSavedTree() async throws {
        let store = InMemoryStateStore()
        let first = TabTreeTests.makeApp(store: store)
        try await first.navigate(to: .project(1))
        try await first.present(.player)
        first.flush()
        let app = TabRouter<TabTreeTests.Tab, TabTreeTests.Route>(
            tabs: TabTreeTests.Tab.allCases, selected: .explore, store: store, restoring: .throughGuards
        ) { $0.tab }
        let fromGuard = _Locked<PersistenceEvent?>(nil)
        app.addGuard(named: "restores") { pending in
            if pending.destinations.contains(.login) {
                let outcome = await app.restore()
                fromGuard.withLock { $0 = outcome }
            }
            return .allow
        }
        try await app.present(.login)
        #expect(fromGuard.withLock { $0 } == .restoreRefused(NavigationError.reentrantNavigation))
        #expect(app.router(for: .explore).stack.isEmpty)
        try await app.dismiss()
        #expect(await app.restore() == .restored)
        #expect(app.router(for: .explore).stack == [.project(1)])
        #expect(app.presentations.map(\.route) == [.player])
    }
}
