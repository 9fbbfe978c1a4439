import AsyncObservables
import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// The routes of the router tests.
enum RouterTestRoute: RouteProvider {
    case a, b, c, d, home, login, logout, settings
    case profile(id: Int)
    case sheet
    case fancy
    case swap

    var transition: RouteTransition {
        switch self {
        case .sheet: .modal
        case .fancy: .custom(identifier: "fade")
        case .swap: .replace
        default: .push
        }
    }
}

extension RouterEvent {
    /// Whether this ends an attempt (completed, cancelled or failed).
    var isOutcome: Bool {
        switch self {
        case .completed, .cancelled, .failed: true
        case .started, .redirected, .loaded, .urlNotHandled, .urlHandledByAction, .confirmationRequested,
            .confirmationEnded:
            false
        }
    }

    /// Whether this is the `.started` event of a navigation to exactly `routes`.
    func isStart(of routes: [Route]) -> Bool {
        if case .started(let request) = self, request.operation == .navigate(to: routes) { true } else { false }
    }
}

@Suite(.suiteLimit) struct RouterConcurrencyTests {
    typealias Route = RouterTestRoute

    @Test func concurrentNavigationsCommitInCallOrder() async throws {
        let router = Router<Route>()
        let gate = Gate()
        router.addGuard { pending in
            if pending.destinations == [.a] { await gate.wait() }
            return .allow
        }
        let events = StreamRecorder(router.events)
        let first = Task { try await router.navigate(to: .a) }
        try await events.wait { $0.contains { $0.isStart(of: [.a]) } }
        try await gate.arrived(1)  // .a holds the turn, blocked in its guard
        let second = Task { try await router.navigate(to: .b) }
        try await events.wait { $0.contains { $0.isStart(of: [.b]) } }
        let third = Task { try await router.navigate(to: [.c, .d]) }
        try await events.wait { $0.contains { $0.isStart(of: [.c, .d]) } }
        #expect(router.stack == [])  // reads never wait for the running navigation
        gate.open()
        try await first.value
        try await second.value
        try await third.value
        #expect(router.stack == [.a, .b, .c, .d])
        try await events.wait { $0.filter(\.isOutcome).count == 3 }
        let completed = events.values.filter(\.isOutcome).compactMap { $0.request?.operation }
        #expect(completed == [.navigate(to: [.a]), .navigate(to: [.b]), .navigate(to: [.c, .d])])
    }

    @Test func manyConcurrentNavigationsNeverInterleave() async throws {
        let router = Router<Route>()
        router.addGuard { _ in
            await Task.yield()
            return .allow
        }
        let events = StreamRecorder(router.events)
        let count = 200
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                group.addTask { try await router.navigate(to: .profile(id: index)) }
            }
            try await group.waitForAll()
        }
        #expect(router.stack.count == count)
        try await events.wait(timeout: .seconds(30)) { $0.filter(\.isOutcome).count == count }
        let values = events.values
        // Started in call order (ids increase), completed in the same order, one at a time.
        let started = values.compactMap { event -> UInt64? in
            if case .started(let request) = event { request.id } else { nil }
        }
        let completed = values.compactMap { event -> UInt64? in
            if case .completed(let request, _, _) = event { request.id } else { nil }
        }
        #expect(started == started.sorted())
        #expect(completed == started)
        // The stack holds the routes in commit order.
        let committedRoutes = values.compactMap { event -> Route? in
            if case .completed(let request, _, _) = event, case .navigate(let routes) = request.operation {
                routes.first
            } else {
                nil
            }
        }
        #expect(router.stack == committedRoutes)
        // Each completion's state extends the one before: commits never interleave.
        let states = values.compactMap(\.state)
        for (previous, next) in zip(states, states.dropFirst()) {
            #expect(Array(next.stack.dropLast()) == previous.stack)
        }
    }

    @Test func cancellingAWaitingNavigationHandsItsTurnOn() async throws {
        let router = Router<Route>()
        let gate = Gate()
        router.addGuard { pending in
            if pending.destinations == [.a] { await gate.wait() }
            return .allow
        }
        let events = StreamRecorder(router.events)
        let first = Task { try await router.navigate(to: .a) }
        try await gate.arrived(1)
        let second = Task { try await router.navigate(to: .b) }
        try await events.wait { $0.contains { $0.isStart(of: [.b]) } }
        let third = Task { try await router.navigate(to: .c) }
        try await events.wait { $0.contains { $0.isStart(of: [.c]) } }
        second.cancel()
        // The cancelled navigation leaves the queue at once, while .a still runs.
        try await events.wait {
            $0.contains {
                if case .cancelled(let request, .taskCancelled) = $0 {
                    request.operation == .navigate(to: [.b])
                } else {
                    false
                }
            }
        }
        #expect(router.stack == [])
        gate.open()
        try await first.value
        try await third.value
        let error = await #expect(throws: NavigationError.self) { try await second.value }
        guard case .taskCancelled = error else {
            Issue.record("expected taskCancelled, got \(String(describing: error))")
            return
        }
        #expect(router.stack == [.a, .c])
    }

    @Test func aTaskCancelledDuringItsGuardsCommitsNothing() async throws {
        let router = Router<Route>()
        let gate = Gate()
        router.addGuard { _ in
            await gate.wait()
            return .allow
        }
        let events = StreamRecorder(router.events)
        let navigation = Task { try await router.navigate(to: .a) }
        try await gate.arrived(1)
        navigation.cancel()
        gate.open()
        let error = await #expect(throws: NavigationError.self) { try await navigation.value }
        guard case .taskCancelled = error else {
            Issue.record("expected taskCancelled, got \(String(describing: error))")
            return
        }
        #expect(router.stack == [])
        let outcome = try #require(try await events.next(2).last)
        guard case .cancelled(_, .taskCancelled) = outcome else {
            Issue.record("expected a cancelled event, got \(outcome)")
            return
        }
    }

    @Test func streamsTakeTheirTurnWhenCreated() async throws {
        let router = Router<Route>()
        let gate = Gate()
        router.addGuard { pending in
            if pending.destinations == [.a] { await gate.wait() }
            return .allow
        }
        // Created in this order, synchronously: their turns follow creation order even
        // though their tasks start in any order.
        let first = StreamRecorder(router.streams.navigate(to: .a))
        let second = StreamRecorder(router.streams.navigate(to: .b))
        let third = StreamRecorder(router.streams.openURL(URL(string: "https://example.com/unknown")!))
        #expect(try await third.waitForFinish() == [false])  // unhandled: answered at once
        let fourth = StreamRecorder(router.streams.navigate(to: [.c]))
        gate.open()
        for recorder in [first, second, fourth] {
            try await recorder.waitForFinish()
            #expect(recorder.failure == nil)
        }
        #expect(router.stack == [.a, .b, .c])
    }
}
