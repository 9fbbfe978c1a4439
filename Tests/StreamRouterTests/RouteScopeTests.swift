import StreamRouter
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
}

@Suite(.timeLimit(.minutes(2))) struct RouteScopeTests {
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
}
