import AsyncObservables
import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// The error a test guard cancels with.
struct RouterTestDenial: Error, Equatable {
    let reason: String
}

/// Runs a navigation and returns the ``NavigationError`` it threw, or `nil`.
func navigationError(_ navigation: () async throws -> Void) async -> NavigationError? {
    do {
        try await navigation()
        return nil
    } catch let error as NavigationError {
        return error
    } catch {
        Issue.record("not a NavigationError: \(error)")
        return nil
    }
}

@Suite(.suiteLimit) struct RouterGuardTests {
    typealias Route = RouterTestRoute

    @Test func aThrowingGuardCancelsAndChangesNothing() async throws {
        let router = Router<Route>(state: RouterState(stack: [.a]))
        router.addGuard(named: "auth") { pending in
            if pending.destinations.contains(.settings) { throw RouterTestDenial(reason: "not logged in") }
            return .allow
        }
        let events = StreamRecorder(router.events)
        let error = await navigationError { try await router.navigate(to: [.b, .settings]) }
        guard case .cancelledByGuard(let name, let reason) = error else {
            Issue.record("expected cancelledByGuard, got \(String(describing: error))")
            return
        }
        #expect(name == "auth")
        #expect(reason as? RouterTestDenial == RouterTestDenial(reason: "not logged in"))
        #expect(router.stack == [.a])
        let recorded = try await events.next(2)
        guard case .cancelled(let request, .cancelledByGuard) = recorded[1] else {
            Issue.record("expected a cancelled event, got \(recorded)")
            return
        }
        #expect(request.operation == .navigate(to: [.b, .settings]))
        try await router.navigate(to: .b)  // other navigations still pass
        #expect(router.stack == [.a, .b])
    }

    @Test func aGuardCanCancelByAnswering() async throws {
        let router = Router<Route>()
        router.addGuard { _ in .cancel(RouterTestDenial(reason: "closed")) }
        let error = await navigationError { try await router.navigateToRoot() }
        guard case .cancelledByGuard(let name, let reason) = error else {
            Issue.record("expected cancelledByGuard, got \(String(describing: error))")
            return
        }
        #expect(name == "#0")
        #expect((reason as? RouterTestDenial)?.reason == "closed")
        #expect(error?.isCancellation == true)
    }

    @Test func guardsSeeThePendingNavigation() async throws {
        let router = Router<Route>(state: RouterState(stack: [.a, .b]))
        let seen = _Locked<[PendingNavigation<Route>]>([])
        router.addGuard { pending in
            seen.withLock { $0.append(pending) }
            return .allow
        }
        try await router.navigate(to: [.c, .sheet])
        try await router.navigateBack(to: .a)
        let pending = seen.withLock { $0 }
        #expect(pending.count == 2)
        #expect(pending[0].from == RouterState(stack: [.a, .b]))
        #expect(pending[0].to == RouterState(stack: [.a, .b, .c], modal: .sheet))
        #expect(pending[0].destinations == [.c, .sheet])
        #expect(pending[0].request.url == nil)
        #expect(pending[1].to == RouterState(stack: [.a]), "back to a base route dismisses what is above it")
        #expect(pending[1].destinations == [])
    }

    @Test func guardsRunInRegistrationOrderAndStopAtTheFirstRefusal() async throws {
        let router = Router<Route>()
        let calls = _Locked<[String]>([])
        router.addGuard(named: "first") { _ in
            calls.withLock { $0.append("first") }
            return .allow
        }
        router.addGuard(named: "second") { _ in
            calls.withLock { $0.append("second") }
            return .cancel(RouterTestDenial(reason: "no"))
        }
        router.addGuard(named: "third") { _ in
            calls.withLock { $0.append("third") }
            return .allow
        }
        let error = await navigationError { try await router.navigate(to: .a) }
        guard case .cancelledByGuard(name: "second", _) = error else {
            Issue.record("expected the second guard to cancel, got \(String(describing: error))")
            return
        }
        #expect(calls.withLock { $0 } == ["first", "second"])
    }

    @Test func removedGuardsNoLongerRun() async throws {
        let router = Router<Route>()
        let id = router.addGuard { _ in .cancel(RouterTestDenial(reason: "no")) }
        router.removeGuard(id)
        try await router.navigate(to: .a)
        #expect(router.stack == [.a])
    }

    @Test func aRedirectNavigatesElsewhereThroughTheGuardsAgain() async throws {
        let router = Router<Route>(state: RouterState(stack: [.home]))
        let checked = _Locked<[NavigationOperation<Route>]>([])
        router.addGuard(named: "auth") { pending in
            checked.withLock { $0.append(pending.request.operation) }
            if case .profile = pending.destinations.last { return .redirect(to: .login) }
            return .allow
        }
        let events = StreamRecorder(router.events)
        try await router.navigate(to: .profile(id: 3))
        #expect(router.stack == [.home, .login])
        #expect(checked.withLock { $0 } == [.navigate(to: [.profile(id: 3)]), .navigate(to: [.login])])
        let recorded = try await events.next(3)
        guard case .started(let original) = recorded[0],
            case .redirected(let from, let to) = recorded[1],
            case .completed(let done, let state, let action) = recorded[2]
        else {
            Issue.record("unexpected events \(recorded)")
            return
        }
        #expect(from == original)
        #expect(to.id == original.id)
        #expect(to.operation == .navigate(to: [.login]))
        #expect(to.redirectedFrom == [.navigate(to: [.profile(id: 3)])])
        #expect(done == to)
        #expect(state.stack == [.home, .login])
        #expect(action == NavigationAction(currentPath: "/home/login", previousPath: "/home", action: .push))
    }

    @Test func aRedirectCanBeAnyOperation() async throws {
        let router = Router<Route>(state: RouterState(stack: [.a, .b]))
        router.addGuard { pending in
            pending.request.operation == .navigate(to: [.logout]) ? .redirect(.toRoot) : .allow
        }
        try await router.navigate(to: .logout)
        #expect(router.stack == [])
    }

    @Test func redirectLoopsAreDetected() async throws {
        let router = Router<Route>(state: RouterState(stack: [.home]))
        router.addGuard { pending in
            switch pending.destinations {
            case [.a]: .redirect(to: .b)
            case [.b]: .redirect(to: .c)
            case [.c]: .redirect(to: .a)
            default: .allow
            }
        }
        let events = StreamRecorder(router.events)
        let error = await navigationError { try await router.navigate(to: .a) }
        guard case .redirectLoop(let chain) = error else {
            Issue.record("expected redirectLoop, got \(String(describing: error))")
            return
        }
        #expect(chain == ["navigate(to: [a])", "navigate(to: [b])", "navigate(to: [c])", "navigate(to: [a])"])
        #expect(error?.isCancellation == false)
        #expect(router.stack == [.home])
        let recorded = try await events.next(4)
        guard case .failed(_, .redirectLoop) = recorded[3] else {
            Issue.record("expected a failed event, got \(recorded)")
            return
        }
    }

    @Test func aRedirectToItselfIsALoop() async throws {
        let router = Router<Route>()
        router.addGuard { pending in .redirect(pending.request.operation) }
        let error = await navigationError { try await router.navigate(to: .a) }
        guard case .redirectLoop(let chain) = error else {
            Issue.record("expected redirectLoop, got \(String(describing: error))")
            return
        }
        #expect(chain.count == 2)
    }

    @Test func endlessRedirectChainsAreLoops() async throws {
        let router = Router<Route>()
        router.addGuard { pending in
            if case .profile(let id) = pending.destinations.first { return .redirect(to: .profile(id: id + 1)) }
            return .allow
        }
        let error = await navigationError { try await router.navigate(to: .profile(id: 0)) }
        guard case .redirectLoop(let chain) = error else {
            Issue.record("expected redirectLoop, got \(String(describing: error))")
            return
        }
        #expect(chain.count == Router<Route>.maximumRedirects + 2)
        #expect(router.stack == [])
    }

    @Test func redirectsUpToTheLimitAreFine() async throws {
        let router = Router<Route>()
        let limit = Router<Route>.maximumRedirects
        router.addGuard { pending in
            if case .profile(let id) = pending.destinations.first, id < limit {
                return .redirect(to: .profile(id: id + 1))
            }
            return .allow
        }
        try await router.navigate(to: .profile(id: 0))
        #expect(router.stack == [.profile(id: limit)])
    }

    @Test func preparationsRunForEachShownRouteAndThrowToCancel() async throws {
        let router = Router<Route>()
        let prepared = _Locked<[Route]>([])
        router.addPreparation(named: "screens") { route in
            prepared.withLock { $0.append(route) }
            if route == .settings { throw RouterTestDenial(reason: "cannot build settings") }
        }
        try await router.navigate(to: [.a, .b])
        try await router.navigateBack()  // shows nothing new: no preparation
        let error = await navigationError { try await router.navigate(to: [.c, .settings, .d]) }
        guard case .cancelledByGuard(name: "screens", _) = error else {
            Issue.record("expected the preparation to cancel, got \(String(describing: error))")
            return
        }
        #expect(prepared.withLock { $0 } == [.a, .b, .c, .settings])
        #expect(router.stack == [.a])
    }

    @Test func customTransitionsAreAwaitedThenPushed() async throws {
        let router = Router<Route>(state: RouterState(stack: [.a]))
        let performed = _Locked<[(Route, RouterState<Route>)]>([])
        router.registerTransition("fade") { route, pending in
            performed.withLock { $0.append((route, pending.from)) }
        }
        try await router.navigate(to: .fancy)
        #expect(router.stack == [.a, .fancy])
        let calls = performed.withLock { $0 }
        #expect(calls.count == 1)
        #expect(calls.first?.0 == .fancy)
        #expect(calls.first?.1 == RouterState(stack: [.a]))
    }

    @Test func aThrowingCustomTransitionCancels() async throws {
        let router = Router<Route>()
        router.registerTransition("fade") { _, _ in throw RouterTestDenial(reason: "animation interrupted") }
        let events = StreamRecorder(router.events)
        let error = await navigationError { try await router.navigate(to: [.a, .fancy]) }
        guard case .transitionCancelled(identifier: "fade", let reason) = error else {
            Issue.record("expected transitionCancelled, got \(String(describing: error))")
            return
        }
        #expect((reason as? RouterTestDenial)?.reason == "animation interrupted")
        #expect(router.stack == [])
        guard case .cancelled(_, .transitionCancelled) = try await events.next(2)[1] else {
            Issue.record("expected a cancelled event")
            return
        }
    }

    /// Where a test puts a hook that sees its task's cancellation and throws.
    enum CancellableHook: String, CaseIterable, Sendable {
        case guardCheck, preparation, transition
    }

    @Test(arguments: CancellableHook.allCases)
    func aCancellationErrorFromAHookOfACancelledTaskIsTaskCancelled(_ hook: CancellableHook) async throws {
        let router = Router<Route>(state: RouterState(stack: [.a]))
        let gate = Gate()
        let waitThenCheck: @Sendable () async throws -> Void = {
            await gate.wait()
            try Task.checkCancellation()
        }
        router.registerTransition("fade") { _, _ in if hook == .transition { try await waitThenCheck() } }
        switch hook {
        case .guardCheck:
            router.addGuard { _ in
                try await waitThenCheck()
                return .allow
            }
        case .preparation:
            router.addPreparation { _ in try await waitThenCheck() }
        case .transition:
            break
        }
        let events = StreamRecorder(router.events)
        let navigation = Task { await navigationError { try await router.navigate(to: .fancy) } }
        try await gate.arrived(1)
        navigation.cancel()
        gate.open()
        let error = await navigation.value
        guard case .taskCancelled = error else {
            Issue.record("expected taskCancelled, got \(String(describing: error))")
            return
        }
        #expect(router.stack == [.a])
        guard case .cancelled(_, .taskCancelled) = try await events.next(2)[1] else {
            Issue.record("expected a cancelled event")
            return
        }
    }

    @Test func aCancellationErrorWhileTheTaskRunsOnIsTheGuards() async throws {
        let router = Router<Route>()
        router.addGuard(named: "inner") { _ in throw CancellationError() }  // e.g. an inner task was cancelled
        let error = await navigationError { try await router.navigate(to: .a) }
        guard case .cancelledByGuard(name: "inner", let reason) = error else {
            Issue.record("expected cancelledByGuard, got \(String(describing: error))")
            return
        }
        #expect(reason is CancellationError)
    }

    @Test func aMissingCustomTransitionHandlerFails() async throws {
        let router = Router<Route>()
        router.registerTransition("fade") { _, _ in }
        router.removeTransition("fade")
        let events = StreamRecorder(router.events)
        let error = await navigationError { try await router.navigate(to: .fancy) }
        guard case .missingTransitionHandler(identifier: "fade") = error else {
            Issue.record("expected missingTransitionHandler, got \(String(describing: error))")
            return
        }
        guard case .failed(_, .missingTransitionHandler) = try await events.next(2)[1] else {
            Issue.record("expected a failed event")
            return
        }
        #expect(router.stack == [])
    }

    @Test func guardsMayReadTheRouter() async throws {
        let router = Router<Route>(state: RouterState(stack: [.a]))
        router.addGuard { [router] _ in
            router.stack.count < 2 ? .allow : .cancel(RouterTestDenial(reason: "full"))
        }
        try await router.navigate(to: .b)
        let error = await navigationError { try await router.navigate(to: .c) }
        #expect(error?.isCancellation == true)
        #expect(router.stack == [.a, .b])
    }
}
