import AsyncObservables
import StreamRouter
import StreamRouterTesting
import Testing

/// Guards and preparations past their deadline (on a `TestClock`) cancel the navigation
/// and let the queue move on.
@Suite(.suiteLimit) struct GuardDeadlineTests {
    typealias Route = RouterTestRoute

    @Test func aStuckGuardIsCancelledAtItsDeadlineAndTheQueueMovesOn() async throws {
        let clock = TestClock()
        let router = Router<Route>()
        router.guardClock = clock
        let hang = Gate()
        defer { hang.open() }
        router.addGuard(named: "stuck", deadline: .seconds(5)) { pending in
            // Ignores cancellation: the navigation must not wait for it.
            if pending.destinations == [.a] { await hang.wait() }
            return .allow
        }
        let events = StreamRecorder(router.events)
        async let first = navigationError { try await router.navigate(to: .a) }
        _ = try await events.next(1)  // `.started` of the first: the second queues behind it
        async let second = navigationError { try await router.navigate(to: .b) }
        try await clock.waitForSleepers(scheduled: 1)
        clock.advance(by: .seconds(4))
        #expect(hang.waiterCount == 1 && router.stack.isEmpty)
        clock.advance(by: .seconds(1))
        #expect(await first == .deadlineExceeded(name: "stuck", deadline: .seconds(5)))
        #expect(await second == nil)
        #expect(router.stack == [.b])
        let recorded = try await events.next(3)  // after the first `.started`
        #expect(
            recorded.contains(
                .cancelled(
                    NavigationRequest(id: 0, operation: .navigate(to: [.a])),
                    .deadlineExceeded(name: "stuck", deadline: .seconds(5))
                )))
    }

    @Test func aStuckTransitionHandlerIsCancelledAtItsDeadline() async throws {
        let clock = TestClock()
        let router = Router<Route>()
        router.guardClock = clock
        let hang = Gate()
        defer { hang.open() }
        router.registerTransition("fade", deadline: .seconds(2)) { _, _ in
            await hang.wait()  // ignores cancellation: the navigation must not wait for it
        }
        async let stuck = navigationError { try await router.navigate(to: .fancy) }
        try await clock.waitForSleepers(scheduled: 1)
        clock.advance(by: .seconds(2))
        #expect(await stuck == .deadlineExceeded(name: "fade", deadline: .seconds(2)))
        #expect(router.stack.isEmpty)
        try await router.navigate(to: .a)  // the queue moved on
        #expect(router.stack == [.a])
    }

    @Test func theRouterDefaultAppliesToTransitionHandlers() async throws {
        let clock = TestClock()
        let router = Router<Route>()
        router.guardClock = clock
        router.defaultGuardDeadline = .seconds(1)
        router.registerTransition("fade") { _, _ in try await clock.sleep(for: .seconds(10)) }
        async let navigation = navigationError { try await router.navigate(to: .fancy) }
        try await clock.waitForSleepers(scheduled: 2)
        clock.advance(by: .seconds(1))
        #expect(await navigation == .deadlineExceeded(name: "fade", deadline: .seconds(1)))
        try await eventually { clock.sleeperCount == 0 }  // the handler was cancelled
    }

    @Test func theRouterDefaultAppliesToPreparations() async throws {
        let clock = TestClock()
        let router = Router<Route>()
        router.guardClock = clock
        #expect(router.defaultGuardDeadline == nil, "off by default")
        router.defaultGuardDeadline = .seconds(1)
        router.addPreparation(named: "load") { _ in
            try await clock.sleep(for: .seconds(10))  // a slow network call
        }
        async let navigation = navigationError { try await router.navigate(to: .a) }
        try await clock.waitForSleepers(scheduled: 2)
        clock.advance(by: .seconds(1))
        #expect(await navigation == .deadlineExceeded(name: "load", deadline: .seconds(1)))
        #expect(router.stack.isEmpty)
        try await eventually { clock.sleeperCount == 0 }  // the preparation was cancelled
    }

    @Test func aGuardsOwnDeadlineOverridesTheDefault() async throws {
        let clock = TestClock()
        let router = Router<Route>()
        router.guardClock = clock
        router.defaultGuardDeadline = .seconds(1)
        router.addGuard(named: "patient", deadline: .seconds(30)) { _ in
            try await clock.sleep(for: .seconds(2))
            return .allow
        }
        async let navigation = navigationError { try await router.navigate(to: .a) }
        try await clock.waitForSleepers(scheduled: 2)
        clock.advance(by: .seconds(2))
        #expect(await navigation == nil)
        #expect(router.stack == [.a])
    }

    @Test func anAnswerBeforeTheDeadlineStandsAndStopsTheTimer() async throws {
        let clock = TestClock()
        let router = Router<Route>()
        router.guardClock = clock
        router.addGuard(named: "quick", deadline: .seconds(1)) { pending in
            pending.destinations == [.settings] ? .redirect(to: .login) : .allow
        }
        try await router.navigate(to: .settings)
        #expect(router.stack == [.login])
        try await eventually { clock.sleeperCount == 0 }
    }

    @Test func cancellingTheNavigatingTaskEndsAGuardUnderADeadline() async throws {
        let clock = TestClock()
        let router = Router<Route>()
        router.guardClock = clock
        let hang = Gate()
        defer { hang.open() }
        router.addGuard(named: "stuck", deadline: .seconds(5)) { _ in
            await hang.wait()
            return .allow
        }
        let task = Task { await navigationError { try await router.navigate(to: .a) } }
        try await clock.waitForSleepers(scheduled: 1)
        task.cancel()
        #expect(await task.value == .taskCancelled)
        #expect(router.stack.isEmpty)
    }
}
