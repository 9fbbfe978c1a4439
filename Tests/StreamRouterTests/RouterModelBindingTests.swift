import Observation
import StreamRouter
import StreamRouterTesting
import Testing

/// `RouterModel.stack` and `.modal` as the bindings `NavigationStack(path:)` and
/// `.sheet(item:)` write back through, tested by calling the setters as SwiftUI would.
@MainActor
@Suite(.suiteLimit) struct RouterModelBindingTests {
    typealias Screen = RouterPersistenceTests.Screen

    enum Refusal: Error { case areYouSure }

    @Test func aShorterPrefixPops() async throws {
        let router = Router<Screen>(state: RouterState(stack: [.home, .list(category: "a"), .detail(id: 1)]))
        let events = StreamRecorder(router.events)
        let model = RouterModel(router: router)
        model.stack = [.home]  // a swipe-back past two screens
        #expect(model.stack == [.home])
        await model.settled()
        #expect(router.stack == [.home])
        #expect(model.stack == [.home] && model.path == "/home")
        let operations = try await events.next(2).compactMap { $0.request?.operation }
        #expect(operations == [.back(count: 2), .back(count: 2)])
        #expect(model.lastAction == router.lastAction)
        #expect(model.lastAction?.action == .back)
    }

    @Test func aLongerStackThatExtendsPushes() async throws {
        let router = Router<Screen>(state: RouterState(stack: [.home]))
        let events = StreamRecorder(router.events)
        let model = RouterModel(router: router)
        model.stack = [.home, .detail(id: 1), .detail(id: 2)]
        await model.settled()
        #expect(router.stack == [.home, .detail(id: 1), .detail(id: 2)])
        #expect(model.stack == router.stack)
        let operation = try await events.next(1).first?.request?.operation
        #expect(operation == .navigate(to: [.detail(id: 1), .detail(id: 2)]))
    }

    @Test func anythingElseReplaces() async throws {
        let router = Router<Screen>(state: RouterState(stack: [.home, .detail(id: 1)]))
        let events = StreamRecorder(router.events)
        let model = RouterModel(router: router)
        model.stack = [.home, .detail(id: 2)]
        await model.settled()
        #expect(router.stack == [.home, .detail(id: 2)] && model.stack == router.stack)
        let operation = try await events.next(1).first?.request?.operation
        #expect(operation == .replace(with: [.home, .detail(id: 2)]))
    }

    @Test func settingTheSameStackDoesNothing() async throws {
        let router = Router<Screen>(state: RouterState(stack: [.home]))
        let events = StreamRecorder(router.events)
        let model = RouterModel(router: router)
        model.stack = [.home]
        await model.settled()
        try await events.expectNoNewValues(within: .milliseconds(20))
    }

    @Test func aNilModalDismissesAndANewOnePresents() async throws {
        let router = Router<Screen>(state: RouterState(stack: [.home], modal: .settings))
        let model = RouterModel(router: router)
        #expect(model.modal == .settings)
        model.modal = nil  // a swipe-down
        await model.settled()
        #expect(router.modal == nil && model.modal == nil)
        #expect(model.lastAction?.action == .back)
        #expect(model.lastAction?.previousPath == "/home/settings")
        model.modal = .settings
        await model.settled()
        #expect(router.modal == .settings && model.modal == .settings)
        #expect(model.lastAction == router.lastAction)
        #expect(model.lastAction?.currentPath == "/home/settings")
    }

    @Test func aRefusedPopSnapsBack() async throws {
        let full: [Screen] = [.home, .detail(id: 1)]
        let router = Router<Screen>(state: RouterState(stack: full))
        router.addGuard(named: "are you sure?") { pending in
            if case .back = pending.request.operation { .cancel(Refusal.areYouSure) } else { .allow }
        }
        let model = RouterModel(router: router)
        let (changes, continuation) = AsyncStream.makeStream(of: Void.self)
        let recorder = StreamRecorder(changes)
        model.stack = [.home]
        #expect(model.stack == [.home], "the model shows what the UI shows until the router answers")
        withObservationTracking {
            _ = model.stack
        } onChange: {
            continuation.yield()
        }
        await model.settled()
        _ = try await recorder.next(1)  // SwiftUI is told to read the stack again
        #expect(router.stack == full)
        #expect(model.stack == full)
    }

    @Test func aRefusedDismissSnapsBack() async throws {
        let router = Router<Screen>(state: RouterState(stack: [.home], modal: .settings))
        router.addGuard { pending in
            pending.request.operation == .dismiss ? .cancel(Refusal.areYouSure) : .allow
        }
        let model = RouterModel(router: router)
        model.modal = nil
        await model.settled()
        #expect(router.modal == .settings && model.modal == .settings)
    }

    @Test func settersNavigateInTheOrderTheyWereCalled() async throws {
        let router = Router<Screen>()
        let model = RouterModel(router: router)
        model.stack = [.home]
        model.stack = [.home, .detail(id: 1)]
        model.modal = .settings
        model.stack = [.home]
        await model.settled()
        #expect(router.stack == [.home] && router.modal == .settings)
        #expect(model.stack == [.home] && model.modal == .settings)
    }

    /// The model applies each state with the last action current at that state, even when
    /// its buffer skips states.
    @Test func lastActionComesWithTheState() async throws {
        let router = Router<Screen>()
        let model = RouterModel(router: router)
        let (changes, continuation) = AsyncStream.makeStream(of: Void.self)
        let recorder = StreamRecorder(changes)
        withObservationTracking {
            _ = model.stack
        } onChange: {
            continuation.yield()
        }
        try await router.navigate(to: [.home, .detail(id: 1)])
        try await router.navigate(to: .settings)
        _ = try await recorder.next(1)
        try await eventually { model.modal == .settings }
        #expect(model.lastAction == router.lastAction)
        #expect(model.lastAction?.currentPath == "/home/detail/1/settings")
    }
}
