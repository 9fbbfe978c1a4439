import AsyncObservables
import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// Guards given to the initialiser exist before the saved state is read: a launch logged in
/// reaches a guarded screen; the next launch, logged out, cannot restore it in
/// `Router(store:)` before the guards run, without a call to `restore()`.
@Suite(.suiteLimit) struct CreationGuardedRestorationTests {
    typealias Screen = RouterPersistenceTests.Screen
    typealias LoggedOut = GuardedRestorationTests.LoggedOut

    static func auth(redirecting: Bool = false) -> NavigationGuard<Screen> {
        NavigationGuard(named: "auth") { pending in
            guard pending.destinations.contains(.detail(id: 7)) else { return .allow }
            return redirecting ? .redirect(.replace(with: [.home])) : .cancel(LoggedOut())
        }
    }

    @Test func theSavedFileBypassIsClosedAtCreation() async throws {
        let store = try await GuardedRestorationTests.storeSavedByALoggedInRun()
        let saved = store.data
        let writes = store.saveCount

        // Without guards the initialiser shows the saved stack at once (the bypass, when a
        // guard is only added afterwards):
        #expect(Router<Screen>(store: store).stack == [.home, .detail(id: 7)])

        let router = Router<Screen>(store: store, guards: [Self.auth()])
        #expect(router.stack.isEmpty, "nothing saved is shown before the guard allows it")
        let states = StreamRecorder(router.states)
        let refusal = NavigationError.cancelledByGuard(name: "auth", reason: LoggedOut())
        #expect(await router.restore() == .restoreRefused(refusal))
        #expect(router.restoration == .restoreRefused(refusal))
        #expect(router.stack.isEmpty && router.modal == nil)
        #expect(try await states.next(1) == [RouterState()])
        try await states.expectNoNewValues(within: .milliseconds(20))
        router.flush()
        #expect(store.data == saved && store.saveCount == writes, "the store is untouched until the next change")
    }

    @Test func theRestorationIsTheFirstNavigation() async throws {
        let store = InMemoryStateStore()
        let first = Router<Screen>(store: store)
        try await first.navigate(to: [.home, .list(category: "new")])
        first.flush()

        let router = Router<Screen>(store: store, guards: [Self.auth()])
        let events = StreamRecorder(router.events)
        try await router.navigate(to: .detail(id: 1))  // called after creation: runs after the restore
        #expect(router.stack == [.home, .list(category: "new"), .detail(id: 1)])
        #expect(await router.restore() == .restored)
        let completed = try await events.next(3).compactMap(\.state)
        #expect(
            completed.map(\.stack) == [
                [.home, .list(category: "new")], [.home, .list(category: "new"), .detail(id: 1)],
            ])
    }

    @Test func aRedirectAtCreationIsApplied() async throws {
        let store = try await GuardedRestorationTests.storeSavedByALoggedInRun()
        let router = Router<Screen>(store: store, guards: [Self.auth(redirecting: true)])
        #expect(await router.restore() == .restoreRedirected(to: "replace(with: [home])"))
        #expect(router.stack == [.home])
        #expect(await router.restore() == .restoreRedirected(to: "replace(with: [home])"), "applied once")
    }

    @Test func restoreFromInsideAGuardReturnsAtOnce() async throws {
        let store = try await GuardedRestorationTests.storeSavedByALoggedInRun()
        let inner = _Locked<PersistenceEvent?>(nil)
        let holder = _Locked<Router<Screen>?>(nil)
        let asksForTheOutcome = NavigationGuard<Screen>(named: "asks") { _ in
            if let router = holder.withLock({ $0 }) {
                inner.withLock { $0 = nil }
                let outcome = await router.restore()
                inner.withLock { $0 = outcome }
            }
            return .allow
        }
        let router = Router<Screen>(store: store, restoring: .atCreation, guards: [asksForTheOutcome])
        holder.withLock { $0 = router }
        _ = await router.restore()
        try await router.navigate(to: .settings)  // its guard calls restore() and must not hang
        #expect(inner.withLock { $0 } == .restored)
    }

    @Test func guardsGivenToATabRouterHoldForEverySavedStack() async throws {
        let store = InMemoryStateStore()
        let first = GuardedTabRestorationTests.app(store)
        try await first.navigate(to: .product(id: 7))
        try await first.select(.profile)
        try await first.navigate(to: .settings)
        first.flush()

        let auth = NavigationGuard<ShopRoute>(named: "auth") { pending in
            pending.destinations.contains(.settings) ? .cancel(LoggedOut()) : .allow
        }
        let app = TabRouter<ShopTab, ShopRoute>(
            tabs: ShopTab.allCases, selected: .home, store: store, guards: [auth]
        ) { $0.tab }
        #expect(app.state.stacks.values.allSatisfy { $0.stack.isEmpty } && app.selectedTab == .home)
        let refusal = NavigationError.cancelledByGuard(name: "auth", reason: LoggedOut())
        #expect(await app.restore() == .restoreRefused(refusal))
        #expect(app.router(for: .home).stack == [.product(id: 7)], "an allowed tab is restored")
        #expect(app.router(for: .profile).stack.isEmpty, "the refused tab stays empty")
        #expect(app.selectedTab == .profile)

        // Without guards, DESIGN's `TabRouter(tabs:selected:store:)` restores at once.
        let plain = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home, store: store) { $0.tab }
        #expect(plain.router(for: .home).stack == [.product(id: 7)])
    }
}

/// `TabRouter.restore()` from inside a tab's guard returns at once and keeps the saved tree.
@Suite(.suiteLimit) struct TabRestorationReentrancyTests {
    @Test func restoreFromInsideATabGuardKeepsTheSavedTree() async throws {
        let store = InMemoryStateStore()
        let first = GuardedTabRestorationTests.app(store)
        try await first.navigate(to: .product(id: 7))
        first.flush()

        let app = GuardedTabRestorationTests.app(store)
        let inner = _Locked<PersistenceEvent?>(nil)
        let asked = _Locked(false)
        app.addGuard(named: "asks") { [weak app] _ in
            guard let app, !asked.withLock({ $0 }) else { return .allow }
            asked.withLock { $0 = true }
            let outcome = await app.restore()
            inner.withLock { $0 = outcome }
            return .allow
        }
        try await app.navigate(to: .product(id: 1))  // its guard calls restore()
        #expect(inner.withLock { $0 } == .restoreRefused(.reentrantNavigation))
        #expect(await app.restore() == .restored, "the saved tree was kept for this call")
        #expect(app.router(for: .home).stack == [.product(id: 7)])
    }
}
