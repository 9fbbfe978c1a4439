import AsyncObservables
import Foundation
@_spi(Testing) import StreamRouter
import StreamRouterTesting
import Testing

/// A guard that asks the user: the navigation waits, pending, for the app's dialog; the
/// answer proceeds or cancels it; leave conditions ask when an entry with unsaved changes
/// would leave, and answer the views at once.
@Suite(.suiteLimit) struct ConfirmBeforeLeavingTests {
    enum Route: RouteProvider {
        case notes
        case editor(Int)
        case compose
        case other(Int)

        var transition: RouteTransition { self == .compose ? .sheet : .push }

        static func registerURLs() -> URLMatcherGroup<Route>? {
            .group("notes.example.com") {
                $0.mapStack("notes/{id}") { [.notes, .other(try $0.param("id"))] }
            }
        }
    }

    /// A draft's dirty flag, shared by the view and the leave condition.
    final class Draft: Sendable {
        let dirty = _Locked(false)
        var isDirty: Bool { dirty.withLock { $0 } }
        func set(_ value: Bool) { dirty.withLock { $0 = value } }
    }

    /// Waits until `read` gives a value, and returns it.
    func pending<Value>(
        isolation: isolated (any Actor)? = #isolation, _ read: () -> Value?
    ) async throws -> Value {
        try await eventually { read() != nil }
        return try #require(read())
    }

    static func makeRouter(
        _ draft: Draft, stack: [Route] = [.notes, .editor(1)], options: NavigationOptions = NavigationOptions()
    ) -> Router<Route> {
        let router = Router<Route>(state: RouterState(stack: stack), options: options)
        router.addLeaveCondition(for: .editor(1), prompt: "Discard your changes?") { draft.isDirty }
        router.addLeaveCondition(for: .compose, prompt: "Discard the message?") { draft.isDirty }
        return router
    }

    /// Back from a dirty editor: the confirmation is published and the stack stays; proceed
    /// pops once; cancel leaves it; each ends with one terminal event.
    @Test func backFromADirtyEditorWaitsForTheAnswer() async throws {
        let draft = Draft()
        draft.set(true)
        let router = Self.makeRouter(draft)
        let events = StreamRecorder(router.events)
        #expect(router.needsConfirmationToLeave)

        let back = Task { try await router.navigateBack() }
        let asked = try await pending { router.pendingConfirmation }
        #expect(asked.prompt as? String == "Discard your changes?" && asked.guardName == "leave")
        #expect(asked.request.operation == .back(count: 1))
        #expect(router.stack == [.notes, .editor(1)], "nothing changes while the user is asked")
        asked.proceed()
        try await back.value
        #expect(router.stack == [.notes])
        #expect(router.pendingConfirmation == nil)

        try await router.navigate(to: .editor(1))
        let refused = Task { try await router.navigateBack() }
        let second = try await pending { router.pendingConfirmation }
        second.cancel()
        second.proceed()  // a later answer does nothing
        await #expect(throws: NavigationError.cancelledByGuard(name: "leave", reason: ConfirmationDeclined())) {
            try await refused.value
        }
        #expect(router.stack == [.notes, .editor(1)])
        let recorded = try await events.next(10)
        let terminal = recorded.filter { $0.state != nil || $0.error != nil }
        #expect(terminal.count == 3, "one terminal event per navigation: \(recorded)")
        #expect(recorded.filter { if case .confirmationRequested = $0 { true } else { false } }.count == 2)
        #expect(recorded.contains(.confirmationEnded(asked, proceeded: true)))
        #expect(recorded.contains(.confirmationEnded(second, proceeded: false)))
        #expect(router.pendingNavigationCount == 0)
    }

    /// A clean editor, a push over a dirty one, and a removed condition ask nothing.
    @Test func onlyALeaveOfADirtyEntryAsks() async throws {
        let draft = Draft()
        let router = Self.makeRouter(draft)
        try await router.navigateBack()  // clean: leaves at once
        try await router.navigate(to: .editor(1))
        draft.set(true)
        try await router.navigate(to: .other(2))  // a push over it: not leaving
        #expect(!router.needsConfirmationToLeave, "the screen on show is not the editor")
        #expect(router.stack == [.notes, .editor(1), .other(2)])
        let id = router.addLeaveCondition(for: .other(2), prompt: "other") { true }
        router.removeGuard(id)
        try await router.navigateBack()
        #expect(router.needsConfirmationToLeave)
        #expect(router.pendingConfirmation == nil)
    }

    /// A guard's own `.confirm`: the remaining guards run after the user proceeds, and its
    /// deadline does not run while the user is asked.
    @Test func aGuardAsksAndTheRemainingGuardsRunAfterward() async throws {
        let clock = TestClock()
        let router = Router<Route>(state: RouterState(stack: [.notes]))
        router.guardClock = clock
        let laterGuardRuns = _Locked(0)
        router.addGuard(named: "ask", deadline: .seconds(1)) { pending in
            pending.destinations.contains(.compose) ? .confirm("Start a new message?") : .allow
        }
        router.addGuard(named: "later") { _ in
            laterGuardRuns.withLock { $0 += 1 }
            return .allow
        }
        let compose = Task { try await router.navigate(to: .compose) }
        let asked = try await pending { router.pendingConfirmation }
        #expect(asked.guardName == "ask")
        clock.advance(by: .seconds(30))  // past the guard's deadline: it is not running
        #expect(laterGuardRuns.withLock { $0 } == 0)
        #expect(router.pendingConfirmation == asked)
        asked.proceed()
        try await compose.value
        #expect(router.modal == .compose)
        #expect(laterGuardRuns.withLock { $0 } == 1)
    }

    /// A deep link that would replace a dirty editor waits for the answer; under
    /// `.latestWins`, a back tap supersedes the pending link and its dialog goes away.
    @Test func aDeepLinkWhileDirtyWaitsAndALaterTapSupersedesIt() async throws {
        let draft = Draft()
        draft.set(true)
        let url = try #require(URL(string: "https://notes.example.com/notes/9"))

        let queued = Self.makeRouter(draft)
        let link = Task { await queued.openURL(url) }
        let asked = try await pending { queued.pendingConfirmation }
        #expect(asked.request.url == url && asked.request.source == .link)
        asked.proceed()
        #expect(await link.value)
        #expect(queued.stack == [.notes, .other(9)])

        let latest = Self.makeRouter(draft, options: NavigationOptions(concurrency: .latestWins))
        let confirmations = StreamRecorder(latest.pendingConfirmations())
        let pendingLink = Task { await latest.openURL(url) }
        let linkAsked = try await pending { latest.pendingConfirmation }
        let backTap = Task { try await latest.navigateBack() }  // supersedes the link
        #expect(await pendingLink.value == false)
        // The back leaves the dirty editor too: it asks on its own.
        let values = try await confirmations.next(4)
        #expect(Array(values.prefix(3)) == [nil, linkAsked, nil])
        let backAsked = try #require(values[3])
        #expect(backAsked != linkAsked && backAsked.request.operation == .back(count: 1))
        linkAsked.proceed()  // too late: nothing happens
        backAsked.proceed()
        try await backTap.value
        #expect(latest.stack == [.notes])
        #expect(latest.pendingNavigationCount == 0)
    }

    /// `needsConfirmationToLeave` agrees with the leave guard on random sequences of edits
    /// and navigations: the guard asks exactly when it said so.
    @Test func theViewsAnswerAgreesWithTheGuard() async throws {
        var generator = SeededGenerator(seed: 7)
        let drafts = [Draft(), Draft(), Draft()]
        let router = Router<Route>(state: RouterState(stack: [.notes]))
        for (index, draft) in drafts.enumerated() {
            router.addLeaveCondition(for: .editor(index), prompt: index) { draft.isDirty }
        }
        var asked = 0
        for _ in 0..<200 {
            let draft = drafts.randomElement(using: &generator)!
            draft.set(Bool.random(using: &generator))
            switch Int.random(in: 0..<4, using: &generator) {
            case 0, 1:
                try await router.navigate(to: .editor(Int.random(in: 0..<3, using: &generator)))
            default:
                let expected = router.needsConfirmationToLeave
                let done = _Locked(false)
                let back = Task {
                    defer { done.withLock { $0 = true } }
                    try await router.navigateBack()
                }
                try await eventually { router.pendingConfirmation != nil || done.withLock { $0 } }
                let confirmation = router.pendingConfirmation
                #expect((confirmation != nil) == expected)
                if let confirmation {
                    asked += 1
                    if Bool.random(using: &generator) { confirmation.proceed() } else { confirmation.cancel() }
                }
                _ = try? await back.value
            }
        }
        #expect(asked > 10)
        #expect(router.pendingNavigationCount == 0)
    }

    /// Eight tasks navigating while a confirmation is pending wait behind it and keep one
    /// total order; nothing is left pending.
    @Test func navigationsWaitingBehindAConfirmationKeepOneOrder() async throws {
        let draft = Draft()
        draft.set(true)
        let router = Self.makeRouter(draft)
        let events = StreamRecorder(router.events)
        let back = Task { try await router.navigateBack() }
        let asked = try await pending { router.pendingConfirmation }
        let pushes = (0..<8).map { index in Task { try await router.navigate(to: .other(index)) } }
        try await eventually { router.pendingNavigationCount == 8 }  // all eight wait behind it
        #expect(router.stack == [.notes, .editor(1)])
        asked.proceed()
        try await back.value
        for push in pushes {
            try await push.value
        }
        try await events.wait { $0.count { $0.state != nil } == 9 }
        let started = events.values.compactMap { if case .started(let request) = $0 { request.id } else { nil } }
        let completed = events.values.compactMap { $0.state != nil ? $0.request?.id : nil }
        #expect(completed == started, "the order of the calls")
        #expect(router.stack.count == 9 && router.stack.first == .notes)
        #expect(router.pendingNavigationCount == 0)
    }

    /// The journal records each answer and a replay gives the same ones, with no dialog.
    @Test func theJournalRecordsAndReplaysTheAnswers() async throws {
        let draft = Draft()
        draft.set(true)
        let router = Self.makeRouter(draft)
        router.startRecording(keepingNewest: 10)
        let refused = Task { try await router.navigateBack() }
        try await pending { router.pendingConfirmation }.cancel()
        _ = try? await refused.value
        let allowed = Task { try await router.navigateBack() }
        try await pending { router.pendingConfirmation }.proceed()
        try await allowed.value
        let journal = try #require(router.journal)
        #expect(journal.entries.map(\.confirmations) == [[false], [true]])
        let decoded = try JSONDecoder().decode(NavigationJournal<Route>.self, from: try JSONEncoder().encode(journal))
        #expect(decoded == journal)
        let fresh = Self.makeRouter(draft)
        #expect(await journal.replay(on: fresh) == nil)
        #expect(fresh.stack == [.notes])
        #expect(fresh.pendingConfirmation == nil)
    }

    /// A replay on a router that records is recorded with its answers, so the journal it
    /// makes replays too.
    @Test func aReplayRecordedAgainKeepsItsAnswers() async throws {
        let draft = Draft()
        draft.set(true)
        let router = Self.makeRouter(draft)
        router.startRecording()
        let back = Task { try await router.navigateBack() }
        try await pending { router.pendingConfirmation }.proceed()
        try await back.value
        let journal = try #require(router.journal)
        let fresh = Self.makeRouter(draft)
        fresh.startRecording()
        #expect(await journal.replay(on: fresh) == nil)
        #expect(fresh.journal?.entries.map(\.confirmations) == [[true]])
        let again = try #require(fresh.stopRecording())
        #expect(await again.replay(on: Self.makeRouter(draft)) == nil)
    }

    /// The swipe-down replay through a model: the binding shows the sheet again at once
    /// while the user is asked; proceeding dismisses it.
    @MainActor
    @Test func aSwipeDownThroughAModelIsShownAgainThenReplayed() async throws {
        let draft = Draft()
        let router = Self.makeRouter(draft, stack: [.notes])
        try await router.navigate(to: .compose)
        draft.set(true)
        let model = RouterModel(router: router)
        #expect(model.modal == .compose)
        #expect(router.needsConfirmationToLeave)
        model.modal = nil  // the swipe-down
        #expect(model.modal == nil, "a write reads back as written")
        let asked = try await pending { model.pendingConfirmation }
        #expect(model.modal == .compose, "the sheet is back while the user is asked")
        asked.proceed()
        await model.settled()
        #expect(model.modal == nil)
        #expect(router.modal == nil)
        #expect(model.pendingConfirmation == nil)
    }

    /// The same replay through a tab router's model: dismissing the sheet above the tabs
    /// while it is dirty shows it again while the user is asked.
    @MainActor
    @Test func aTabModelsRefusedDismissalIsShownAgainThenReplayed() async throws {
        enum Tab: String, Codable, Sendable { case notes }
        let draft = Draft()
        let app = TabRouter<Tab, Route>(tabs: [.notes], selected: .notes) { _ in nil }
        app.addLeaveCondition(for: .compose, prompt: "Discard?") { draft.isDirty }
        try await app.present(.compose)
        draft.set(true)
        let model = TabRouterModel(tabRouter: app)
        model.presented = nil
        #expect(model.presented == nil, "a write reads back as written")
        let asked = try await pending { model.pendingConfirmation }
        #expect(model.presented == .compose, "the sheet is back while the user is asked")
        asked.proceed()
        await model.settled()
        #expect(model.presented == nil && app.presentations.isEmpty)
    }

    /// Tab and split routers ask the same way, on their topmost level.
    /// A confirmation asked on a tab made after creation, not selected, is the tab router's
    /// pending one too.
    @Test func aConfirmationOnATabAddedLaterIsPending() async throws {
        let draft = Draft()
        draft.set(true)
        let app = TabRouter<String, Route>(tabs: ["home"], selected: "home") { _ in nil }
        app.addLeaveCondition(for: .editor(1), prompt: "Discard?") { draft.isDirty }
        let notes = app.router(for: "notes")
        try await notes.navigate(to: .editor(1))
        let leaving = Task { try await notes.navigateBack() }
        let asked = try await pending { notes.pendingConfirmation }
        #expect(app.pendingConfirmation == asked)
        asked.cancel()
        await #expect(throws: NavigationError.self) { try await leaving.value }
    }

    @Test func tabAndSplitRoutersAsk() async throws {
        enum Tab: String, Codable, Sendable { case notes, inbox }
        let draft = Draft()
        draft.set(true)
        let app = TabRouter<Tab, Route>(tabs: [.notes, .inbox], selected: .notes) { _ in nil }
        app.addLeaveCondition(for: .compose, prompt: "Discard?") { draft.isDirty }
        let confirmations = StreamRecorder(app.pendingConfirmations())
        app.startRecording(keepingNewest: 10)
        try await app.present(.compose)
        #expect(app.needsConfirmationToLeave)
        let dismissal = Task { try await app.dismiss() }
        let asked = try await pending { app.pendingConfirmation }
        asked.proceed()
        try await dismissal.value
        #expect(app.presentations.isEmpty)
        #expect(try await confirmations.next(3) == [nil, asked, nil])
        let journal = try #require(app.journal)
        #expect(journal.entries.map(\.confirmations) == [[], [true]])
        let fresh = TabRouter<Tab, Route>(tabs: [.notes, .inbox], selected: .notes) { _ in nil }
        fresh.addLeaveCondition(for: .compose, prompt: "Discard?") { draft.isDirty }
        #expect(await journal.replay(on: fresh) == nil, "the recorded answer, with no dialog")

        let split = SplitRouter<Route>(columns: .double)
        split.addLeaveCondition(for: .editor(1), prompt: "Discard?") { draft.isDirty }
        try await split.select(.editor(1))
        #expect(split.needsConfirmationToLeave)
        let back = Task { try await split.navigateBack() }
        try await pending { split.pendingConfirmation }.cancel()
        await #expect(throws: NavigationError.self) { try await back.value }
        #expect(split.sidebar == .editor(1))
    }
}
