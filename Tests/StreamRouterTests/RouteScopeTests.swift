@_spi(Testing) import StreamRouter
import StreamRouterTesting
import Testing

/// Records what route-scoped operations do, in order.
private final class ActivityLog: Sendable {
    let events = MulticastSubject<String>()

    /// An operation that logs its start, waits until cancelled, then logs its end.
    func operation(_ match: RouteInformation) async {
        let id = match.parameters["id"] ?? "-"
        events.send("start \(id)")
        let never = MulticastSubject<Void>()
        for await _ in never.values {}  // returns when the task is cancelled
        events.send("end \(id)")
    }

    /// An operation that logs its start, waits until cancelled, then keeps ignoring the
    /// cancellation until `gate` opens (a slow clean-up), then logs its end.
    func slowToStop(at gate: Gate) -> @Sendable (RouteInformation) async -> Void {
        { match in
            let id = match.parameters["id"] ?? "-"
            self.events.send("start \(id)")
            let never = MulticastSubject<Void>()
            for await _ in never.values {}  // returns when the task is cancelled
            self.events.send("stopping \(id)")
            await gate.wait()
            self.events.send("end \(id)")
        }
    }
}

@Suite(.suiteLimit) struct RouteScopeTests {
    @Test func activatesWhileMatchingAndRestartsOnNewParameters() async throws {
        let navigator = Navigator()
        let log = ActivityLog()
        let recorder = StreamRecorder(log.events.values)
        let token = navigator.whileMatching(try PathPattern("/user/:id/*"), perform: log.operation)
        navigator.navigate("/user/1")
        #expect(try await recorder.next(1) == ["start 1"])
        navigator.navigate("/user/1/posts")  // same match: keeps running
        navigator.navigate("/user/2")
        #expect(try await recorder.next(2) == ["end 1", "start 2"])
        navigator.navigate("/about")
        #expect(try await recorder.next(1) == ["end 2"])
        navigator.navigate("/user/3")
        #expect(try await recorder.next(1) == ["start 3"])
        token.cancel()
        #expect(try await recorder.next(1) == ["end 3"])
        #expect(recorder.values == ["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"])
        try await eventually { navigator.subscriberCount == 0 }
    }

    @Test func startsAtOnceWhenTheRouteIsAlreadyActive() async throws {
        let navigator = Navigator(initialPath: "/user/7")
        let log = ActivityLog()
        let recorder = StreamRecorder(log.events.values)
        let token = navigator.whileMatching(try PathPattern("/user/:id"), perform: log.operation)
        #expect(try await recorder.next(1) == ["start 7"])
        withExtendedLifetime(token) {}
    }

    @Test func droppingTheTokenCancelsTheWork() async throws {
        let navigator = Navigator(initialPath: "/user/1")
        let log = ActivityLog()
        let recorder = StreamRecorder(log.events.values)
        var tokens: Set<SubscriptionToken> = []
        navigator.whileMatching(try PathPattern("/user/:id"), perform: log.operation).store(in: &tokens)
        #expect(try await recorder.next(1) == ["start 1"])
        tokens.removeAll()
        #expect(try await recorder.next(1) == ["end 1"])
        try await eventually { navigator.subscriberCount == 0 }
    }

    @Test func deallocatingTheNavigatorStopsTheWork() async throws {
        var navigator: Navigator? = Navigator(initialPath: "/user/1")
        let log = ActivityLog()
        let recorder = StreamRecorder(log.events.values)
        let token = try #require(navigator?.whileMatching(try PathPattern("/user/:id"), perform: log.operation))
        #expect(try await recorder.next(1) == ["start 1"])
        navigator = nil
        #expect(try await recorder.next(1) == ["end 1"])
        withExtendedLifetime(token) {}
    }

    @Test func structuredFormEndsWithTheCallingTask() async throws {
        let navigator = Navigator(initialPath: "/user/1")
        let log = ActivityLog()
        let recorder = StreamRecorder(log.events.values)
        let pattern = try PathPattern("/user/:id")
        let running = Task { await navigator.runWhileMatching(pattern, perform: log.operation) }
        #expect(try await recorder.next(1) == ["start 1"])
        running.cancel()
        await running.value
        #expect(recorder.values == ["start 1", "end 1"])
    }

    @Test func cancellingWhileAnOldRunStopsStartsNoNewRun() async throws {
        let navigator = Navigator(initialPath: "/user/1")
        let log = ActivityLog()
        let recorder = StreamRecorder(log.events.values)
        let gate = Gate()
        let pattern = try PathPattern("/user/:id")
        let scope = Task {
            await navigator.runWhileMatching(pattern, perform: log.slowToStop(at: gate))
            log.events.send("scope ended")
        }
        #expect(try await recorder.next(1) == ["start 1"])
        navigator.navigate("/user/2")  // cancels run 1; a run for 2 waits for it to stop
        #expect(try await recorder.next(1) == ["stopping 1"])
        scope.cancel()
        gate.open()
        try await recorder.wait { $0.contains("scope ended") }
        #expect(recorder.values == ["start 1", "stopping 1", "end 1", "scope ended"])
    }

    @Test func onlyTheLatestMatchRunsAfterASlowStop() async throws {
        let navigator = Navigator(initialPath: "/user/1")
        let log = ActivityLog()
        let recorder = StreamRecorder(log.events.values)
        let gate = Gate()
        let token = navigator.whileMatching(try PathPattern("/user/:id"), perform: log.slowToStop(at: gate))
        #expect(try await recorder.next(1) == ["start 1"])
        navigator.navigate("/user/2")  // taken at once: cancels run 1, then waits for it
        #expect(try await recorder.next(1) == ["stopping 1"])
        navigator.navigate("/user/3")  // superseded while run 1 stops: never runs
        navigator.navigate("/user/4")
        gate.open()
        try await recorder.wait { $0.contains("start 4") }
        #expect(recorder.values == ["start 1", "stopping 1", "end 1", "start 2", "stopping 2", "end 2", "start 4"])
        token.cancel()
        try await recorder.wait { $0.last == "end 4" }
    }

    @Test func deallocatingTheNavigatorWhileAnOldRunStopsStartsNoNewRun() async throws {
        var navigator: Navigator? = Navigator(initialPath: "/user/1")
        let log = ActivityLog()
        let recorder = StreamRecorder(log.events.values)
        let gate = Gate()
        let pattern = try PathPattern("/user/:id")
        let token = try #require(navigator?.whileMatching(pattern, perform: log.slowToStop(at: gate)))
        #expect(try await recorder.next(1) == ["start 1"])
        navigator?.navigate("/user/2")
        #expect(try await recorder.next(1) == ["stopping 1"])
        navigator = nil
        gate.open()
        #expect(try await recorder.next(1) == ["end 1"])
        // The token's task cannot be awaited, so the absence of a run for 2 is checked over a
        // short window (without the fix, "start 2" follows "end 1" at once).
        try await recorder.expectNoNewValues(within: .milliseconds(200))
        withExtendedLifetime(token) {}
    }
}
