import Foundation
@_spi(Testing) import StreamRouter
import StreamRouterTesting
import Testing

/// `NavigationOptions`: repeated pushes ignored, and navigations superseded by
/// later ones under `.latestWins`.
@Suite(.suiteLimit) struct NavigationOptionsTests {
    typealias Route = RouterTestRoute

    /// Two taps on the same route, the second called while the first holds its turn in a
    /// guard: `count` routes end on the stack.
    func doubleTap(_ repeatedPush: NavigationOptions.RepeatedPush, route: Route = .a) async throws -> Router<Route> {
        let router = Router<Route>(options: NavigationOptions(repeatedPush: repeatedPush))
        let gate = Gate()
        let guardRuns = _Locked(0)
        router.addGuard { _ in
            guardRuns.withLock { $0 += 1 }
            await gate.wait()
            return .allow
        }
        let events = StreamRecorder(router.events)
        let first = Task { try await router.navigate(to: route) }
        try await gate.arrived(1)
        let second = Task { try await router.navigate(to: route) }
        try await events.wait { $0.filter { $0.isStart(of: [route]) }.count == 2 }
        gate.open()
        try await first.value
        try await second.value
        #expect(guardRuns.withLock { $0 } == (repeatedPush == .ignore ? 1 : 2), "an ignored push runs no guard")
        try await events.wait { $0.filter(\.isOutcome).count == 2 }
        let outcomes = events.values
        #expect(outcomes.filter(\.isOutcome).allSatisfy { if case .completed = $0 { true } else { false } })
        return router
    }

    @Test func aDoubleTapPushesOnceUnderIgnoreAndTwiceUnderPush() async throws {
        #expect(try await doubleTap(.ignore).stack == [.a])
        #expect(try await doubleTap(.push).stack == [.a, .a])
    }

    @Test func aDoubleTapPresentsOneSheetUnderIgnore() async throws {
        #expect(try await doubleTap(.ignore, route: .sheet).presentations.count == 1)
        #expect(try await doubleTap(.push, route: .sheet).presentations.count == 2)
    }

    @Test func ignoringLooksAtTheTopmostDisplayedRouteOnly() async throws {
        let router = Router<Route>(options: NavigationOptions(repeatedPush: .ignore))
        try await router.navigate(to: [.a, .b])
        try await router.navigate(to: .a)  // not on top: pushed
        #expect(router.stack == [.a, .b, .a])
        try await router.navigate(to: [.a])  // on top: ignored, even as a list of one
        try await router.navigate(to: [.a, .a])  // a list of two: pushed
        #expect(router.stack == [.a, .b, .a, .a, .a])
        try await router.navigate(to: .sheet)
        try await router.navigate(to: .a)  // inside the sheet: its stack is empty, so pushed
        #expect(router.presentations.map(\.stack) == [[.a]])
    }

    /// Resuming a redirected navigation is a new navigation: under `.latestWins` it takes the
    /// turn from one stuck in a guard.
    @Test func resumingARedirectedNavigationSupersedesUnderLatestWins() async throws {
        let router = Router<Route>(options: NavigationOptions(concurrency: .latestWins))
        let gate = Gate()
        let loggedIn = _Locked(false)
        router.addGuard { pending in
            if pending.destinations == [.settings], !loggedIn.withLock({ $0 }) { return .redirect(to: .login) }
            if pending.destinations == [.a] { await gate.wait() }  // ignores cancellation
            return .allow
        }
        try await router.navigate(to: .settings)
        #expect(router.stack == [.login] && router.redirectedRequest != nil)
        loggedIn.withLock { $0 = true }
        let stuck = Task { try await router.navigate(to: .a) }
        try await gate.arrived(1)
        #expect(try await router.resumeRedirected())
        #expect(router.stack == [.login, .settings])
        gate.open()
        await #expect(throws: NavigationError.superseded) { try await stuck.value }
        #expect(router.stack == [.login, .settings])
    }

    /// A guard of a superseded navigation that asks for a confirmation too late leaves the
    /// one pending (the later navigation's) in place.
    @Test func aSupersededGuardsLateConfirmationLeavesTheLiveOnePending() async throws {
        let router = Router<Route>(options: NavigationOptions(concurrency: .latestWins))
        let gate = Gate()
        router.addGuard(named: "ask") { pending in
            switch pending.destinations {
            case [.a]:
                await gate.wait()  // a slow check that ignores the cancellation
                return .confirm("first")
            case [.b]: return .confirm("second")
            default: return .allow
            }
        }
        let first = Task { try await router.navigate(to: .a) }
        try await gate.arrived(1)
        let second = Task { try await router.navigate(to: .b) }  // supersedes .a, then asks
        try await eventually { router.pendingConfirmation?.prompt as? String == "second" }
        let live = try #require(router.pendingConfirmation)
        gate.open()  // .a's guard answers now, for a navigation already superseded
        await #expect(throws: NavigationError.superseded) { try await first.value }
        #expect(router.pendingConfirmation == live)
        live.proceed()
        try await second.value
        #expect(router.stack == [.b])
    }

    /// A guard of a superseded navigation that redirects too late is not kept for
    /// `resumeRedirected()`: the redirect the user saw stays.
    @Test func aSupersededGuardsLateRedirectIsNotKeptForResuming() async throws {
        let router = Router<Route>(options: NavigationOptions(concurrency: .latestWins))
        let gate = Gate()
        router.addGuard(named: "auth") { pending in
            switch pending.destinations {
            case [.a]:
                await gate.wait()  // ignores the cancellation
                return .redirect(to: .login)
            case [.b]: return .redirect(to: .login)
            default: return .allow
            }
        }
        let first = Task { try await router.navigate(to: .a) }
        try await gate.arrived(1)
        try await router.navigate(to: .b)  // supersedes .a; redirected to .login, which commits
        #expect(router.stack == [.login])
        #expect(router.redirectedRequest?.operation == .navigate(to: [.b]))
        gate.open()
        await #expect(throws: NavigationError.superseded) { try await first.value }
        #expect(router.redirectedRequest?.operation == .navigate(to: [.b]))
    }

    @Test func aBackTapSupersedesANavigationStuckInAGuard() async throws {
        let clock = TestClock()
        let router = Router<Route>(
            state: RouterState(stack: [.home]), options: NavigationOptions(concurrency: .latestWins))
        router.guardClock = clock
        router.addGuard(named: "network") { pending in
            if pending.destinations.contains(.profile(id: 1)) {
                try await clock.sleep(for: .seconds(30))  // a search that never answers here
            }
            return .allow
        }
        let events = StreamRecorder(router.events)
        let stuck = Task { try await router.navigate(to: .profile(id: 1)) }
        try await clock.waitForSleepers(pending: 1)
        try await router.navigateBack()  // commits at once
        #expect(router.stack == [])
        await #expect(throws: NavigationError.superseded) { try await stuck.value }
        try await events.wait { $0.filter(\.isOutcome).count == 2 }
        let seen = events.values
        #expect(seen.contains { if case .cancelled(_, .superseded) = $0 { true } else { false } })
        #expect(
            seen.contains {
                if case .completed(let request, _, _) = $0 { request.operation == .back(count: 1) } else { false }
            })
        #expect(clock.sleeperCount == 0, "the superseded guard saw the cancellation")
        try await eventually { router.pendingNavigationCount == 0 }
    }

    @Test func aNewNavigationSupersedesEveryWaitingOneAndAGuardIgnoringCancellation() async throws {
        let router = Router<Route>(options: NavigationOptions(concurrency: .latestWins))
        let gate = Gate()
        router.addGuard { pending in
            if pending.destinations == [.a] { await gate.wait() }  // ignores cancellation
            return .allow
        }
        let events = StreamRecorder(router.events)
        let first = Task { try await router.navigate(to: .a) }
        try await gate.arrived(1)
        try await router.navigate(to: .b)  // takes the turn from `.a`, which is still in its guard
        #expect(router.stack == [.b])
        let third = Task { try await router.navigate(to: .c) }
        try await third.value
        gate.open()  // `.a`'s guard allows it now, too late: it does not commit
        await #expect(throws: NavigationError.superseded) { try await first.value }
        #expect(router.stack == [.b, .c])
        try await events.wait { $0.filter(\.isOutcome).count == 3 }
        let seen = events.values
        #expect(seen.filter { if case .cancelled(_, .superseded) = $0 { true } else { false } }.count == 1)
        try await eventually { router.pendingNavigationCount == 0 }
    }

    @Test func threeQuickTapsLeaveTheLastOne() async throws {
        let router = Router<Route>(options: NavigationOptions(concurrency: .latestWins))
        let clock = TestClock()
        router.guardClock = clock
        router.addGuard { pending in
            if pending.destinations != [.c] { try await clock.sleep(for: .seconds(1)) }
            return .allow
        }
        let first = Task { try await router.navigate(to: .a) }
        try await clock.waitForSleepers(scheduled: 1)
        let second = Task { try await router.navigate(to: .b) }
        try await clock.waitForSleepers(scheduled: 2)  // `.b` in its guard: `.a` superseded
        try await router.navigate(to: .c)
        await #expect(throws: NavigationError.superseded) { try await first.value }
        await #expect(throws: NavigationError.superseded) { try await second.value }
        #expect(router.stack == [.c])
        #expect(clock.sleeperCount == 0)
        try await eventually { router.pendingNavigationCount == 0 }
    }

    @Test func underQueueNothingIsSuperseded() async throws {
        let router = Router<Route>()
        let gate = Gate()
        router.addGuard { pending in
            if pending.destinations == [.a] { await gate.wait() }
            return .allow
        }
        let first = Task { try await router.navigate(to: .a) }
        try await gate.arrived(1)
        let second = Task { try await router.navigate(to: .b) }
        gate.open()
        try await first.value
        try await second.value
        #expect(router.stack == [.a, .b])
    }

    @Test func tabsAndSplitsGiveTheirOptionsToEachRouter() async throws {
        let options = NavigationOptions(concurrency: .latestWins, repeatedPush: .ignore)
        let app = TabRouter<OptionsTab, Route>(tabs: [.home, .search], selected: .home, options: options) { _ in nil }
        #expect(app.router(for: .home).options == options)
        #expect(app.router(for: .search).options == options)
        try await app.navigate(to: .a)
        try await app.navigate(to: .a)
        #expect(app.router(for: .home).stack == [.a])
        let split = SplitRouter<Route>(columns: .double, options: options)
        #expect(split.router.options == options)
    }
}

/// The tabs of ``NavigationOptionsTests``.
enum OptionsTab: String, Hashable, Codable, Sendable {
    case home, search
}
