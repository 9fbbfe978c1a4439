import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

@Suite(.suiteLimit) struct NavigationJournalTests {
    typealias Route = RouterTestRoute

    /// The app's guards: `.settings` is refused unless `settingsOpen`; `.profile(id: 3)` is
    /// redirected to `.login`.
    static func addAppGuards(to router: Router<Route>, settingsOpen: Bool = false) {
        router.addGuard(named: "auth") { pending in
            if pending.destinations.contains(.settings), !settingsOpen {
                return .cancel(RouterTestDenial(reason: "settings are locked"))
            }
            if pending.destinations.contains(.profile(id: 3)) { return .redirect(to: .login) }
            return .allow
        }
    }

    /// A session: a push, a refusal, a redirect, a move back, a replacement.
    static func recordSession(on router: Router<Route>) async {
        try? await router.navigate(to: .home)
        try? await router.navigate(to: .settings)
        try? await router.navigate(to: [.a, .b])
        try? await router.navigate(to: .profile(id: 3))
        try? await router.navigateBack(2)
        try? await router.replace(with: [.home, .c])
    }

    @Test func recordsEachAttemptInOrderWithItsOutcome() async throws {
        let router = Router<Route>()
        Self.addAppGuards(to: router)
        #expect(router.journal == nil)
        router.startRecording()
        await Self.recordSession(on: router)
        let journal = try #require(router.journal)
        #expect(journal.entries.map(\.step) == Array(0..<6))
        #expect(
            journal.entries.map(\.operation) == [
                .navigate(to: [.home]), .navigate(to: [.settings]), .navigate(to: [.a, .b]),
                .navigate(to: [.profile(id: 3)]), .back(count: 2), .replace(with: [.home, .c]),
            ])
        #expect(
            journal.entries.map(\.outcome) == [
                .completed,
                .cancelled(.cancelledByGuard(name: "auth", reason: RouterTestDenial(reason: "settings are locked"))),
                .completed, .redirected(to: .navigate(to: [.login])), .completed, .completed,
            ])
        #expect(
            journal.entries.map(\.state.stack) == [
                [.home], [.home], [.home, .a, .b], [.home, .a, .b, .login], [.home, .a], [.home, .c],
            ])
        #expect(journal.startState == RouterState())
        #expect(journal.endState == router.state)
        #expect(router.stopRecording() == journal)
        #expect(router.journal == nil)
        try await router.navigate(to: .d)
        #expect(router.journal == nil)
    }

    /// Many tasks navigating at once: the entries are the router's final events, in the
    /// order `events` publishes them, and the journal still replays to the same state.
    @Test func entriesFollowTheEventOrderUnderConcurrency() async throws {
        let router = Router<Route>()
        Self.addAppGuards(to: router)
        router.startRecording()
        let events = StreamRecorder(router.events)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    switch index % 4 {
                    case 0: try? await router.navigate(to: .a)
                    case 1: try? await router.navigate(to: .settings)
                    case 2: try? await router.navigateBack()
                    default: try? await router.navigate(to: .profile(id: 3))
                    }
                }
            }
        }
        // 40 started, 10 redirected (the profiles), 40 final.
        let finals = try await events.next(90).filter(\.isOutcome)
        let journal = try #require(router.journal)
        #expect(journal.entries.count == 40)
        #expect(
            journal.entries.map(\.operation)
                == finals.compactMap { event in event.request.map { $0.redirectedFrom.first ?? $0.operation } })
        #expect(journal.entries.map(\.outcome.error) == finals.map(\.error))
        #expect(journal.endState == router.state)
        let fresh = Router<Route>()
        Self.addAppGuards(to: fresh)
        #expect(await journal.replay(on: fresh) == nil)
        #expect(fresh.state == router.state)
        events.cancel()
    }

    @Test func aURLIsRecordedWithItsOperation() async throws {
        let router = Router<Route>(
            urlMatchers: .group("example.com") { $0.map("settings") { .settings } })
        router.startRecording()
        let url = try #require(URL(string: "https://example.com/settings"))
        #expect(await router.openURL(url))
        let entry = try #require(router.journal?.entries.first)
        #expect(entry.url == url)
        #expect(entry.operation == .navigate(to: [.settings]))
    }

    @Test func keepsTheNewestEntriesAndTheStateBeforeThem() async throws {
        let router = Router<Route>(state: RouterState(stack: [.a]))
        router.startRecording(keepingNewest: 3)
        for route in [Route.b, .c, .d, .home, .login] {
            try await router.navigate(to: route)
        }
        let journal = try #require(router.journal)
        #expect(journal.capacity == 3)
        #expect(journal.stepCount == 5)
        #expect(journal.droppedCount == 2)
        #expect(journal.entries.map(\.step) == [2, 3, 4])
        #expect(journal.startState == RouterState(stack: [.a, .b, .c]))
        // Replaying the kept window from a fresh router restores the start state first.
        let fresh = Router<Route>()
        #expect(await journal.replay(on: fresh) == nil)
        #expect(fresh.state == router.state)
        // A capacity below 1 keeps one entry.
        router.startRecording(keepingNewest: 0)
        try await router.navigateBack()
        try await router.navigateBack()
        #expect(router.journal?.entries.map(\.step) == [1])
    }

    @Test func theLargestCapacityKeepsEveryEntry() async throws {
        let router = Router<Route>()
        router.startRecording(keepingNewest: .max)
        try await router.navigate(to: .a)
        try await router.navigate(to: .b)
        #expect(router.journal?.entries.map(\.step) == [0, 1])
        let app = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home) { $0.tab }
        app.startRecording(keepingNewest: .max)
        try await app.select(.search)
        try await app.navigate(to: .results(query: "shoes"))
        #expect(app.journal?.entries.count == 2)
    }

    /// A bounded journal is the newest entries of an unbounded one, with the state before
    /// them, at every length and capacity (the recorder drops in batches).
    @Test(arguments: [1, 2, 3, 5])
    func aBoundedJournalIsTheNewestOfTheWhole(capacity: Int) async throws {
        let routes: [Route] = [.a, .b, .settings, .c, .profile(id: 3), .d]
        let whole = Router<Route>()
        let bounded = Router<Route>()
        for router in [whole, bounded] {
            Self.addAppGuards(to: router)
        }
        whole.startRecording()
        bounded.startRecording(keepingNewest: capacity)
        for step in 0..<17 {
            for router in [whole, bounded] {
                if step % 3 == 2 {
                    try? await router.navigateBack()
                } else {
                    try? await router.navigate(to: routes[step % routes.count])
                }
            }
            let all = try #require(whole.journal)
            let kept = try #require(bounded.journal)
            let keptCount = min(capacity, all.entries.count)
            #expect(kept.entries == Array(all.entries.suffix(keptCount)), "step \(step)")
            #expect(kept.stepCount == all.stepCount)
            let before = all.entries.count - keptCount
            #expect(kept.startState == (before == 0 ? all.startState : all.entries[before - 1].state), "step \(step)")
            #expect(kept.endState == bounded.state)
        }
    }

    @Test func roundTripsThroughJSON() async throws {
        let router = Router<Route>()
        Self.addAppGuards(to: router)
        router.startRecording(keepingNewest: 4)
        await Self.recordSession(on: router)
        try await router.navigate(to: .sheet)
        try await router.dismiss()
        let journal = try #require(router.journal)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(journal)
        let decoded = try JSONDecoder().decode(NavigationJournal<Route>.self, from: data)
        #expect(decoded == journal)
        #expect(decoded.description == journal.description)
        #expect(try encoder.encode(decoded) == data)
    }

    @Test(arguments: [
        #"{"version":2,"capacity":2,"startState":{"stack":[]},"stepCount":0,"entries":[]}"#,
        #"{"version":1,"capacity":0,"startState":{"stack":[]},"stepCount":0,"entries":[]}"#,
        #"{"version":1,"capacity":2,"startState":{"stack":[]},"stepCount":0,"entries":[{"step":0,"operation":{"toRoot":{}},"outcome":{"completed":{}},"state":{"stack":[]}}]}"#,
        #"{"version":1,"capacity":1,"startState":{"stack":[]},"stepCount":2,"entries":[{"step":0,"operation":{"toRoot":{}},"outcome":{"completed":{}},"state":{"stack":[]}},{"step":1,"operation":{"toRoot":{}},"outcome":{"completed":{}},"state":{"stack":[]}}]}"#,
        #"{"version":1,"capacity":3,"startState":{"stack":[]},"stepCount":3,"entries":[{"step":1,"operation":{"toRoot":{}},"outcome":{"completed":{}},"state":{"stack":[]}},{"step":1,"operation":{"toRoot":{}},"outcome":{"completed":{}},"state":{"stack":[]}}]}"#,
        #"{"version":1,"capacity":3,"startState":{"stack":[]},"stepCount":3,"entries":[{"step":0,"operation":{"toRoot":{}},"outcome":{"cancelled":{"_0":{"kind":"unknown"}}},"state":{"stack":[]}}]}"#,
    ])
    func rejectsAnInconsistentJournal(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NavigationJournal<Route>.self, from: Data(json.utf8))
        }
    }

    @Test func everyNavigationErrorRoundTrips() throws {
        let errors: [NavigationError] = [
            .cancelledByGuard(name: "auth", reason: RouterTestDenial(reason: "no")),
            .transitionCancelled(identifier: "fade", reason: CancellationError()),
            .missingTransitionHandler(identifier: "fade"), .redirectLoop(chain: ["a", "b", "a"]), .taskCancelled,
            .deadlineExceeded(name: "slow", deadline: .milliseconds(250)), .reentrantNavigation,
        ]
        let decoded = try JSONDecoder().decode([NavigationError].self, from: JSONEncoder().encode(errors))
        #expect(decoded == errors)
        #expect(decoded.map(\.description) == errors.map(\.description))
    }

    @Test func replayOnAFreshRouterReachesTheSameState() async throws {
        let router = Router<Route>()
        Self.addAppGuards(to: router)
        router.startRecording()
        await Self.recordSession(on: router)
        let journal = try #require(router.journal)

        let fresh = Router<Route>()
        Self.addAppGuards(to: fresh)
        fresh.startRecording()
        #expect(await journal.replay(on: fresh) == nil)
        #expect(fresh.state == router.state)
        // The replay went through the fresh router's pipeline: it recorded the same journal.
        #expect(fresh.journal == journal)
    }

    @Test func replayReportsTheFirstStepWhoseOutcomeDiffers() async throws {
        let router = Router<Route>()
        Self.addAppGuards(to: router)
        router.startRecording()
        await Self.recordSession(on: router)
        let journal = try #require(router.journal)

        // The guard changed: settings are open now.
        let fresh = Router<Route>()
        Self.addAppGuards(to: fresh, settingsOpen: true)
        let divergence = try #require(await journal.replay(on: fresh))
        #expect(divergence.step == 1)
        #expect(divergence.tab == nil, "a router's journal has no tabs")
        #expect(divergence.operation == .navigate(to: [.settings]))
        #expect(
            divergence.expected
                == .cancelled(.cancelledByGuard(name: "auth", reason: RouterTestDenial(reason: "settings are locked"))))
        #expect(divergence.actual == .completed)
        #expect(divergence.expectedState == RouterState(stack: [.home]))
        #expect(divergence.actualState == RouterState(stack: [.home, .settings]))
        #expect(divergence.description.hasPrefix("step 1, navigate(to: [settings]): recorded cancelled"))
        // Replay stopped there.
        #expect(fresh.stack == [.home, .settings])

        // No guard at all: the redirect is the first divergence after settings... here the first.
        let unguarded = Router<Route>()
        let other = try #require(await journal.replay(on: unguarded))
        #expect(other.step == 1)
    }

    /// A redirected navigation whose target a loader loaded for replays as recorded.
    @Test func aRedirectedNavigationThatLoadedReplaysAsRecorded() async throws {
        func app() -> Router<Route> {
            let router = Router<Route>()
            router.addGuard(named: "login") { pending in
                pending.destinations.contains(.settings) ? .redirect(to: .profile(id: 1)) : .allow
            }
            router.addLoader(named: "profile") { route in
                if case .profile(let id) = route { id } else { nil }
            }
            return router
        }
        let router = app()
        router.startRecording()
        try await router.navigate(to: .settings)
        let journal = try #require(router.journal)
        #expect(journal.entries.map(\.loads) == [["profile"]])
        #expect(await journal.replay(on: app()) == nil)
    }

    /// A replayed navigation that asks a confirmation the recording did not ask diverges
    /// there, declined, instead of waiting for an answer.
    @Test func aConfirmationTheRecordingDidNotAskDivergesAtOnce() async throws {
        let router = Router<Route>()
        router.startRecording()
        try await router.navigate(to: .a)
        try await router.navigateBack()
        let journal = try #require(router.journal)
        let fresh = Router<Route>()
        fresh.addLeaveCondition(for: .a, prompt: "Discard?") { true }
        let divergence = try #require(await journal.replay(on: fresh))
        #expect(divergence.step == 1)
        guard case .cancelled(.cancelledByGuard(_, let reason)) = divergence.actual, reason is ConfirmationDeclined
        else {
            Issue.record("expected the confirmation declined, got \(divergence.actual)")
            return
        }
        #expect(fresh.stack == [.a] && fresh.pendingConfirmation == nil)
    }

    @Test func replayReportsAStartStateItCannotRestore() async throws {
        let router = Router<Route>(state: RouterState(stack: [.settings]))
        router.startRecording()
        try await router.navigate(to: .a)
        let journal = try #require(router.journal)
        let fresh = Router<Route>()
        Self.addAppGuards(to: fresh)
        let divergence = try #require(await journal.replay(on: fresh))
        #expect(divergence.step == nil)
        #expect(divergence.operation == .restore(RouterState(stack: [.settings])))
        #expect(divergence.actual.error?.isCancellation == true)
        #expect(divergence.description.hasPrefix("start, restore("))
    }

    @Test func replaySkipsAttemptsTheCallerCancelled() async throws {
        let router = Router<Route>()
        router.startRecording()
        let gate = Gate()
        let released = Gate()
        router.addGuard(named: "slow") { pending in
            if pending.destinations.contains(.a) {
                gate.open()
                await released.wait()
            }
            return .allow
        }
        let first = Task { try await router.navigate(to: .a) }
        await gate.wait()
        let second = Task { try await router.navigate(to: .b) }
        second.cancel()
        // The cancelled call ends (recorded) while the first still holds its turn.
        try await eventually(timeout: .seconds(30)) { router.journal?.stepCount == 1 }
        released.open()
        try await first.value
        _ = await second.result
        let journal = try #require(router.journal)
        #expect(journal.entries.map(\.outcome) == [.cancelled(.taskCancelled), .completed])
        let fresh = Router<Route>()
        #expect(await journal.replay(on: fresh) == nil)
        #expect(fresh.stack == [.a])
    }
}
