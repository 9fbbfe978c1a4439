import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// Split views (DESIGN, "Split views"): a sidebar, an optional content column and a detail
/// stack that collapse into one stack.
@Suite(.suiteLimit) struct SplitRouterTests {
    enum MailRoute: RouteProvider {
        case inbox
        case archive
        case thread(Int)
        case message(id: Int)
        case attachment(String)

        static func registerURLs() -> URLMatcherGroup<MailRoute>? {
            .group("mail.example.com") {
                $0.map("message/{id}") { try .message(id: $0.param("id")) }
            }
        }
    }

    /// The DESIGN snippet, line by line.
    @Test func designSnippet() async throws {
        let mail = SplitRouter<MailRoute>(columns: .double)
        try await mail.select(.inbox)
        try await mail.navigate(to: .message(id: 7))
        #expect(mail.sidebar == .inbox && mail.content == nil && mail.detail == [.message(id: 7)])
        mail.isCollapsed = true
        #expect(mail.stack == [.inbox, .message(id: 7)])
        try await mail.navigateBack()
        #expect(mail.stack == [.inbox])
        try await mail.navigateBack()  // from [.inbox] it clears the selection
        #expect(mail.stack == [] && mail.sidebar == nil)
        let state: SplitRouterState<MailRoute> = mail.state
        #expect(try JSONDecoder().decode(SplitRouterState<MailRoute>.self, from: JSONEncoder().encode(state)) == state)
        #expect(await mail.openURL(try #require(URL(string: "https://mail.example.com/message/3"))))
        #expect(mail.sidebar == .message(id: 3), "a URL lands where navigate(to:) puts its route")
    }

    /// Collapse, navigate, back, expand: the columns survive every layout change, and the
    /// layout changes nothing else.
    @Test(arguments: [SplitColumns.double, .triple])
    func collapseNavigateBackExpand(columns: SplitColumns) async throws {
        let mail = SplitRouter<MailRoute>(columns: columns)
        let events = StreamRecorder(mail.events)
        try await mail.select(.inbox)
        try await mail.navigate(to: .thread(1))
        try await mail.navigate(to: .message(id: 2))
        let expanded = mail.state
        mail.isCollapsed = true
        #expect(mail.state == expanded && mail.stack == [.inbox, .thread(1), .message(id: 2)])
        try await mail.navigate(to: .attachment("a.pdf"))
        try await mail.navigateBack()
        mail.isCollapsed = false
        #expect(mail.state == expanded)
        if columns == .triple {
            #expect(mail.content == .thread(1) && mail.detail == [.message(id: 2)])
        } else {
            #expect(mail.content == nil && mail.detail == [.thread(1), .message(id: 2)])
        }
        #expect(try await events.next(10).count(where: { $0.state != nil }) == 5)  // four navigations and a back
        try await events.expectNoNewValues(within: .milliseconds(20))  // the layout published nothing
        try await mail.select(.archive)  // clears the columns after it
        #expect(mail.stack == [.archive])
    }

    @Test func aGuardRefusingASelectionChange() async throws {
        struct Busy: Error {}
        let mail = SplitRouter<MailRoute>(columns: .triple)
        try await mail.select(.inbox)
        try await mail.navigate(to: .thread(1))
        mail.addGuard(named: "drafts") { pending in
            pending.to.stack.first != pending.from.stack.first ? .cancel(Busy()) : .allow
        }
        await #expect(throws: NavigationError.self) { try await mail.select(.archive) }
        #expect(mail.sidebar == .inbox && mail.content == .thread(1))
        try await mail.navigate(to: .message(id: 1))  // the same selection: allowed
        #expect(mail.detail == [.message(id: 1)])
    }

    /// A column change a guard redirects elsewhere answers `false`: the column does not
    /// show what was asked.
    @Test func aRedirectedColumnChangeAnswersFalse() async throws {
        let mail = SplitRouter<MailRoute>(columns: .triple)
        try await mail.select(.inbox)
        mail.addGuard(named: "archived") { pending in
            pending.destinations.contains(.message(id: 2)) ? .redirect(.replace(with: [.archive])) : .allow
        }
        #expect(try await mail.showContent(.thread(1)))
        #expect(try await mail.showDetail(.message(id: 2)) == false)
        #expect(mail.sidebar == .archive && mail.detail.isEmpty)
        #expect(try await mail.showContent(.thread(3)))
        #expect(try await mail.showDetail([.message(id: 1)]))
    }

    /// A column after an empty one is left out: every route reads back in its own column.
    @Test func anInitialStateKeepsEachRouteInItsColumn() {
        let noSidebar = SplitRouter(
            initialState: SplitRouterState<MailRoute>(columns: .double, detail: [.message(id: 1)]))
        #expect(noSidebar.sidebar == nil && noSidebar.detail.isEmpty)
        let noContent = SplitRouter(
            initialState: SplitRouterState<MailRoute>(columns: .triple, sidebar: .inbox, detail: [.message(id: 1)]))
        #expect(noContent.sidebar == .inbox && noContent.content == nil && noContent.detail.isEmpty)
        let full = SplitRouterState<MailRoute>(
            columns: .triple, sidebar: .inbox, content: .thread(1), detail: [.message(id: 1)])
        #expect(SplitRouter(initialState: full).state == full)
    }

    @Test func relaunchRestoresTheColumns() async throws {
        let store = InMemoryStateStore()
        let first = SplitRouter<MailRoute>(columns: .triple, store: store)
        try await first.select(.inbox)
        try await first.navigate(to: .thread(4))
        try await first.navigate(to: .message(id: 9))
        first.router.flush()
        let relaunched = SplitRouter<MailRoute>(columns: .triple, store: store)
        #expect(relaunched.state == first.state)
        #expect(relaunched.isCollapsed == false, "the layout is not saved")
    }

    /// Restoring through guards refuses saved columns a guard says no to; the journal
    /// records the split view's navigations and replays them.
    @Test func restorationThroughGuardsAndTheJournal() async throws {
        struct Locked: Error {}
        let store = InMemoryStateStore()
        let first = SplitRouter<MailRoute>(columns: .double, store: store)
        first.router.startRecording()
        try await first.select(.archive)
        try await first.navigate(to: .message(id: 1))
        first.router.flush()
        let journal = try #require(first.router.journal)
        let replayed = SplitRouter<MailRoute>(columns: .double)
        #expect(await journal.replay(on: replayed.router) == nil)
        #expect(replayed.state == first.state)

        let noArchive = NavigationGuard<MailRoute>(named: "no archive") { pending in
            pending.destinations.contains(.archive) ? .cancel(Locked()) : .allow
        }
        let guarded = SplitRouter<MailRoute>(columns: .double, store: store, guards: [noArchive])
        #expect(
            await guarded.router.restore() == .restoreRefused(.cancelledByGuard(name: "no archive", reason: Locked())))
        #expect(guarded.stack == [])
    }

    /// Eight tasks selecting, navigating and going back: every subscriber sees one order.
    @Test func eightTasksKeepOneTotalOrder() async throws {
        let mail = SplitRouter<MailRoute>(columns: .double)
        let first = StreamRecorder(mail.events)
        let second = StreamRecorder(mail.events)
        await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for step in 0..<10 {
                        switch step % 3 {
                        case 0: try await mail.select(task.isMultiple(of: 2) ? .inbox : .archive)
                        case 1: try await mail.navigate(to: .message(id: task))
                        default: try await mail.navigateBack()
                        }
                    }
                }
            }
        }
        let one = try await first.next(8 * 10 * 2)
        let two = try await second.next(8 * 10 * 2)
        #expect(one.map(\.description) == two.map(\.description))
    }

    @MainActor
    @Test func modelBindingsWriteBack() async throws {
        let mail = SplitRouter<MailRoute>(columns: .triple)
        let model = SplitRouterModel(splitRouter: mail)
        model.selection = .inbox
        model.contentSelection = .thread(1)
        model.detailPath = [.message(id: 1), .attachment("x")]
        await model.settled()
        #expect(mail.stack == [.inbox, .thread(1), .message(id: 1), .attachment("x")])
        model.detailPath = [.message(id: 1)]  // a swipe back
        await model.settled()
        #expect(mail.detail == [.message(id: 1)])
        model.contentSelection = .thread(2)  // clears the detail stack
        await model.settled()
        #expect(mail.stack == [.inbox, .thread(2)])
        model.selection = .archive
        await model.settled()
        #expect(mail.stack == [.archive] && model.state == mail.state)
    }
}
