import AsyncObservables
import Foundation
@_spi(Testing) import StreamRouter
import StreamRouterTesting
import Testing

/// A saved state is applied only through the guards (`Router.restore()`): a saved file can
/// no longer reach a screen that a deep link cannot.
@Suite(.suiteLimit) struct GuardedRestorationTests {
    typealias Screen = RouterPersistenceTests.Screen

    struct LoggedOut: Error, CustomStringConvertible {
        var description: String { "logged out" }
    }

    /// Run 1: logged in, reaches `[home, detail(7)]` (the "checkout"), and quits.
    static func storeSavedByALoggedInRun() async throws -> InMemoryStateStore {
        let store = InMemoryStateStore()
        let router = Router<Screen>(store: store, restoring: .throughGuards)
        try await router.navigate(to: [.home, .detail(id: 7)])
        router.flush()
        return store
    }

    /// The guard of run 2, logged out: the detail screen needs a login.
    static func addAuthGuard(to router: Router<Screen>, redirecting: Bool = false) {
        router.addGuard(named: "auth") { pending in
            guard pending.destinations.contains(.detail(id: 7)) else { return .allow }
            return redirecting ? .redirect(.replace(with: [.home])) : .cancel(LoggedOut())
        }
    }

    @Test func aSavedFileDoesNotBypassTheGuards() async throws {
        let store = try await Self.storeSavedByALoggedInRun()
        let saved = store.data
        let writes = store.saveCount

        // Run 2, logged out. Were the saved stack shown by the initialiser, no guard could
        // exist yet: `Router(store:).stack` would be `[.home, .detail(id: 7)]`.
        let router = Router<Screen>(store: store, restoring: .throughGuards)
        #expect(router.stack.isEmpty, "nothing saved is shown before the guards run")
        let states = StreamRecorder(router.states)
        let persistence = StreamRecorder(router.persistenceEvents)
        let events = StreamRecorder(router.events)
        Self.addAuthGuard(to: router)

        let outcome = await router.restore()
        let refusal = NavigationError.cancelledByGuard(name: "auth", reason: LoggedOut())
        #expect(outcome == .restoreRefused(refusal))
        #expect(router.restoration == .restoreRefused(refusal))
        #expect(router.stack.isEmpty && router.modal == nil)
        #expect(try await persistence.next(1) == [.restoreRefused(refusal)])
        let request = NavigationRequest<Screen>(
            id: 0, operation: .restore(RouterState(stack: [.home, .detail(id: 7)]))
        )
        #expect(try await events.next(2) == [.started(request), .cancelled(request, refusal)])
        #expect(try await states.next(1) == [RouterState()], "no reader ever saw the saved stack")
        try await states.expectNoNewValues(within: .milliseconds(20))
        router.flush()
        #expect(store.data == saved && store.saveCount == writes, "the store is untouched until the next change")

        try await router.navigate(to: .home)
        router.flush()
        #expect(await Router<Screen>.relaunched(from: store).stack == [.home])
    }

    @Test func aRedirectingGuardAppliesTheRedirect() async throws {
        let store = try await Self.storeSavedByALoggedInRun()
        let router = Router<Screen>(
            initialState: RouterState(stack: [.list(category: "new")]), store: store, restoring: .throughGuards)
        Self.addAuthGuard(to: router, redirecting: true)
        let outcome = await router.restore()
        #expect(outcome == .restoreRedirected(to: "replace(with: [home])"))
        #expect(router.stack == [.home])
    }

    @Test func anAllowedStateIsRestoredWithItsModal() async throws {
        let store = InMemoryStateStore()
        let first = Router<Screen>(store: store)
        try await first.navigate(to: [.home, .settings])
        first.flush()
        let router = Router<Screen>(store: store, restoring: .throughGuards)
        let seen = _Locked<[[Screen]]>([])
        router.addGuard(named: "log") { pending in
            seen.withLock { $0.append(pending.destinations) }
            return .allow
        }
        #expect(await router.restore() == .restored)
        #expect(router.stack == [.home] && router.modal == .settings)
        #expect(seen.withLock { $0 } == [[.home, .settings]], "guards see the stack, then the modal")
        #expect(await router.restore() == .restored, "a second call applies nothing")
        #expect(seen.withLock { $0 }.count == 1)
    }

    /// A second call while the first one waits on a guard gets the first one's outcome when
    /// it is known, not "no store".
    @Test func aSecondCallWhileTheFirstRunsGetsItsOutcome() async throws {
        let store = try await Self.storeSavedByALoggedInRun()
        let router = Router<Screen>(store: store, restoring: .throughGuards)
        let gate = Gate()
        router.addGuard(named: "slow") { _ in
            await gate.wait()
            return .allow
        }
        let first = Task { await router.restore() }
        try await gate.arrived(1)
        let second = Task { await router.restore() }
        // Lets the second call start while the first waits (nothing public shows it has);
        // the outcome asserted is the same whichever runs first.
        for _ in 0..<10 { await Task.yield() }
        gate.open()
        #expect(await first.value == .restored)
        #expect(await second.value == .restored)
        #expect(router.stack == [.home, .detail(id: 7)])
    }

    /// Under `.latestWins`, a navigation called while the saved state is restored through the
    /// guards waits for it instead of superseding it (a link opened at launch).
    @Test func aNavigationDuringTheRestorationWaitsForItUnderLatestWins() async throws {
        let store = try await Self.storeSavedByALoggedInRun()
        let gate = Gate()
        let slow = NavigationGuard<Screen>(named: "slow") { pending in
            if case .restore = pending.request.operation { await gate.wait() }
            return .allow
        }
        let router = Router<Screen>(store: store, guards: [slow], options: NavigationOptions(concurrency: .latestWins))
        try await gate.arrived(1)
        let tap = Task { try await router.navigate(to: .list(category: "new")) }
        try await eventually { router.pendingNavigationCount == 2 }
        gate.open()
        try await tap.value
        #expect(await router.restore() == .restored)
        #expect(router.stack == [.home, .detail(id: 7), .list(category: "new")])
        // Once it has ended, a navigation supersedes again.
        let held = Gate()
        router.addGuard(named: "held") { pending in
            if pending.destinations == [.settings] { await held.wait() }
            return .allow
        }
        let stuck = Task { try await router.navigate(to: .settings) }
        try await held.arrived(1)
        try await router.navigate(to: .home)
        held.open()
        await #expect(throws: NavigationError.superseded) { try await stuck.value }
    }

    @Test func theInitialStateIsUsedWhenNothingIsSaved() async throws {
        let router = Router<Screen>(initialState: RouterState(stack: [.home]), store: InMemoryStateStore())
        #expect(router.stack == [.home])
        #expect(router.restoration == .nothingSaved)
        #expect(await router.restore() == .nothingSaved)
        #expect(router.stack == [.home])
    }

    @Test func restoringAStateGoesThroughTheGuards() async throws {
        let router = Router<Screen>()
        Self.addAuthGuard(to: router)
        let error = await navigationError { try await router.restore(RouterState(stack: [.home, .detail(id: 7)])) }
        #expect(error == .cancelledByGuard(name: "auth", reason: LoggedOut()))
        try await router.restore(RouterState(stack: [.home, .list(category: "a")]))
        #expect(router.stack == [.home, .list(category: "a")])
        #expect(await router.restore() == nil, "no store")
    }
}

/// The same for a `TabRouter`: every tab's saved stack goes through that tab's guards.
@Suite(.suiteLimit) struct GuardedTabRestorationTests {
    struct LoggedOut: Error, CustomStringConvertible {
        var description: String { "logged out" }
    }

    static func app(_ store: any NavigationStateStore) -> TabRouter<ShopTab, ShopRoute> {
        TabRouter<ShopTab, ShopRoute>(
            tabs: ShopTab.allCases, selected: .home, store: store, restoring: .throughGuards
        ) { $0.tab }
    }

    @Test func aSavedTreeNoLongerBypassesTheGuards() async throws {
        let store = InMemoryStateStore()
        let first = Self.app(store)
        try await first.navigate(to: .product(id: 7))
        try await first.select(.profile)
        try await first.navigate(to: .settings)
        first.flush()

        let app = Self.app(store)
        #expect(app.state.stacks.values.allSatisfy { $0.stack.isEmpty } && app.selectedTab == .home)
        let events = StreamRecorder(app.events)
        let persistence = StreamRecorder(app.persistenceEvents)
        app.addGuard(named: "auth") { pending in
            pending.destinations.contains(.settings) ? .cancel(LoggedOut()) : .allow
        }
        let refusal = NavigationError.cancelledByGuard(name: "auth", reason: LoggedOut())
        #expect(await app.restore() == .restoreRefused(refusal))
        #expect(try await persistence.next(1) == [.restoreRefused(refusal)])
        #expect(app.router(for: .home).stack == [.product(id: 7)], "an allowed tab is restored")
        #expect(app.router(for: .profile).stack.isEmpty, "the refused tab stays empty")
        #expect(app.selectedTab == .profile)
        let cancelled = try await events.next(4).filter { $0.event.error != nil }
        #expect(cancelled.map(\.tab) == [.profile])
        #expect(cancelled.first?.event.error == refusal)
    }

    /// A second call while the first one waits on a guard gets the first one's outcome.
    @Test func aSecondCallWhileTheFirstRunsGetsItsOutcome() async throws {
        let store = InMemoryStateStore()
        let first = Self.app(store)
        try await first.navigate(to: .product(id: 7))
        first.flush()
        let app = Self.app(store)
        let gate = Gate()
        app.addGuard(named: "slow") { _ in
            await gate.wait()
            return .allow
        }
        let restoring = Task { await app.restore() }
        try await gate.arrived(1)
        let second = Task { await app.restore() }
        // Lets the second call start while the first waits (nothing public shows it has);
        // the outcome asserted is the same whichever runs first.
        for _ in 0..<10 { await Task.yield() }
        gate.open()
        #expect(await restoring.value == .restored)
        #expect(await second.value == .restored)
        #expect(app.router(for: .home).stack == [.product(id: 7)])
    }

    @Test func aRedirectIsAppliedOnItsTab() async throws {
        let store = InMemoryStateStore()
        let first = Self.app(store)
        try await first.select(.profile)
        try await first.navigate(to: .settings)
        first.flush()

        let app = Self.app(store)
        app.addGuard(named: "auth") { pending in
            pending.destinations.contains(.settings) ? .redirect(to: .login) : .allow
        }
        #expect(await app.restore() == .restoreRedirected(to: "navigate(to: [login])"))
        #expect(app.router(for: .profile).stack == [.login])
        #expect(await app.restore() == .restoreRedirected(to: "navigate(to: [login])"), "applied once")
    }
}
