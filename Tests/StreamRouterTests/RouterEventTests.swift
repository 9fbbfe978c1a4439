import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// `router.events`, `router.streams` and the DESIGN/XRouter stream contracts.
@Suite(.suiteLimit) struct RouterEventTests {
    typealias Route = EventRoute

    enum EventRoute: RouteProvider {
        case home
        case profile(id: Int)
        case secret
        static func registerURLs() -> URLMatcherGroup<EventRoute>? {
            .group("example.com") {
                $0.map("home") { .home }
                $0.map("user/{id}") { try .profile(id: $0.param("id")) }
                $0.map("secret") { .secret }
            }
        }
    }

    static func denySecrets(_ router: Router<Route>) {
        router.addGuard(named: "secrets") { pending in
            pending.destinations.contains(.secret) ? .cancel(RouterTestDenial(reason: "secret")) : .allow
        }
    }

    @Test func everyAttemptAndOutcomeIsPublished() async throws {
        let router = Router<Route>()
        Self.denySecrets(router)
        let events = StreamRecorder(router.events)
        try await router.navigate(to: .home)
        _ = await navigationError { try await router.navigate(to: .secret) }
        await router.openURL(URL(string: "https://example.com/user/7")!)
        await router.openURL(URL(string: "https://example.com/user/seven")!)
        await router.openURL(URL(string: "https://example.com/secret")!)
        let recorded = try await events.next(9)
        #expect(
            recorded.map(Self.kind) == [
                "started", "completed",  // navigate(to: .home)
                "started", "cancelled",  // navigate(to: .secret)
                "started", "completed",  // user/7
                "urlNotHandled",  // user/seven
                "started", "cancelled",  // secret, then its urlNotHandled below
            ])
        // Conversion failures name the parameter.
        guard case .urlNotHandled(_, .parameterConversionFailed(let parameterError)) = recorded[6] else {
            Issue.record("expected a parameter failure, got \(recorded[6])")
            return
        }
        #expect(parameterError.name == "id")
        #expect(parameterError.value == "seven")
        #expect(parameterError.type == "Int")
        // A URL whose navigation is cancelled is not handled, and says why.
        let last = try await events.next(1)[0]
        guard case .urlNotHandled(let url, .navigationFailed(.cancelledByGuard(name: "secrets", _))) = last else {
            Issue.record("expected a navigation failure, got \(last)")
            return
        }
        #expect(url.absoluteString == "https://example.com/secret")
        #expect(recorded[4].request?.url?.absoluteString == "https://example.com/user/7")
        #expect(router.stack == [.home, .profile(id: 7)])
    }

    static func kind(_ event: RouterEvent<Route>) -> String {
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

    @Test func eventsSubscribeWhenCreated() async throws {
        let router = Router<Route>()
        let events = router.events
        try await router.navigate(to: .home)
        var iterator = events.makeAsyncIterator()
        guard case .started(let request) = await iterator.next() else {
            Issue.record("expected the started event")
            return
        }
        #expect(request.operation == .navigate(to: [.home]))
    }

    @Test func eventsAreOneLoopOfErrorLogging() async throws {
        let router = Router<Route>()
        Self.denySecrets(router)
        let failures = StreamRecorder(router.events.compactMap { $0.error.map { "\($0)" } })
        _ = await navigationError { try await router.navigate(to: .secret) }
        try await router.navigate(to: .home)
        _ = await navigationError { try await router.navigate(to: [.home, .secret]) }
        #expect(
            try await failures.next(2) == [
                "cancelled by guard 'secrets': RouterTestDenial(reason: \"secret\")",
                "cancelled by guard 'secrets': RouterTestDenial(reason: \"secret\")",
            ])
    }

    @Test func navigateStreamCompletesOnce() async throws {
        let router = Router<Route>()
        var values = 0
        for try await _ in router.streams.navigate(to: .home) { values += 1 }
        #expect(values == 0)
        #expect(router.stack == [.home])
        let recorder = StreamRecorder(router.streams.navigate(to: [.profile(id: 1), .profile(id: 2)]))
        #expect(try await recorder.waitForFinish().isEmpty)
        #expect(recorder.failure == nil)
        #expect(router.stack == [.home, .profile(id: 1), .profile(id: 2)])
    }

    /// The stream's failure type is `NavigationError`: a typed-throws loop needs no cast.
    @Test func navigateStreamThrowsATypedError() async {
        let router = Router<Route>()
        Self.denySecrets(router)
        func loop() async throws(NavigationError) {
            for try await _ in router.streams.navigate(to: .secret) {}
        }
        do {
            try await loop()
            Issue.record("expected the guard's cancellation")
        } catch {
            guard case .cancelledByGuard(name: "secrets", _) = error else {
                Issue.record("expected the guard's cancellation, got \(error)")
                return
            }
        }
        #expect(router.stack == [])
    }

    @Test func navigateStreamThrowsTheNavigationError() async throws {
        let router = Router<Route>()
        Self.denySecrets(router)
        let recorder = StreamRecorder(router.streams.navigate(to: .secret))
        try await recorder.waitForFinish()
        guard case .cancelledByGuard(name: "secrets", _) = recorder.failure as? NavigationError else {
            Issue.record("expected the guard's cancellation, got \(String(describing: recorder.failure))")
            return
        }
        #expect(router.stack == [])
    }

    @Test func openURLStreamYieldsOneBool() async throws {
        let router = Router<Route>()
        Self.denySecrets(router)
        var answers: [Bool] = []
        for await handled in router.streams.openURL(URL(string: "https://example.com/user/3")!) {
            answers.append(handled)
        }
        #expect(answers == [true])
        let unknown = StreamRecorder(router.streams.openURL(URL(string: "https://example.com/nope")!))
        #expect(try await unknown.waitForFinish() == [false])
        let denied = StreamRecorder(router.streams.openURL(URL(string: "https://example.com/secret")!))
        #expect(try await denied.waitForFinish() == [false])
        #expect(router.stack == [.profile(id: 3)])
    }

    @Test func droppingANavigateStreamBeforeItRunsCancelsIt() async throws {
        let router = Router<Route>()
        let gate = Gate()
        router.addGuard { pending in
            if pending.destinations == [.home] { await gate.wait() }
            return .allow
        }
        let events = StreamRecorder(router.events)
        let first = Task { try await router.navigate(to: .home) }
        try await gate.arrived(1)
        do {
            let dropped = router.streams.navigate(to: .profile(id: 1))
            _ = dropped
        }
        try await events.wait {
            $0.contains { if case .cancelled(_, .taskCancelled) = $0 { true } else { false } }
        }
        gate.open()
        try await first.value
        #expect(router.stack == [.home])
    }

    @Test func aCancelledConsumerOfANavigateStreamSeesNoCompletion() async throws {
        let router = Router<Route>()
        let gate = Gate()
        router.addGuard { _ in
            await gate.wait()
            return .allow
        }
        let events = StreamRecorder(router.events)
        let consumer = Task {
            for try await _ in router.streams.navigate(to: .home) {}
        }
        try await gate.arrived(1)
        consumer.cancel()
        let result = await consumer.result
        gate.open()
        #expect(throws: NavigationError.taskCancelled) { try result.get() }
        try await events.wait {
            $0.contains { if case .cancelled(_, .taskCancelled) = $0 { true } else { false } }
        }
        #expect(router.stack.isEmpty)
        // A consumer that is not cancelled finishes once the navigation commits.
        for try await _ in router.streams.navigate(to: .home) {}
        #expect(router.stack == [.home])
    }

    @Test func streamsEndWhenTheRouterIsDeallocated() async throws {
        var router: Router<Route>? = Router<Route>()
        let events = StreamRecorder(try #require(router).events)
        let paths = StreamRecorder(try #require(router).paths())
        try await router?.navigate(to: .home)
        router = nil
        #expect(try await events.waitForFinish().count == 2)
        #expect(try await paths.waitForFinish() == ["/", "/home"])
    }
}
