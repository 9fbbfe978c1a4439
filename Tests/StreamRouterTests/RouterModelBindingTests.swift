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

    /// A swipe-back made while a navigation queued before it is under way: the pop is
    /// decided at its turn, from the stack the binding was given, so it pops to that stack
    /// (deciding when set, it popped one entry: the route the earlier navigation pushed).
    @Test func aSwipeBackIsDecidedAtItsTurn() async throws {
        let router = Router<Screen>(state: RouterState(stack: [.home, .detail(id: 1)]))
        let gate = Gate()
        router.addGuard(named: "slow") { pending in
            if pending.destinations.contains(.detail(id: 2)) { await gate.wait() }
            return .allow
        }
        let events = StreamRecorder(router.events)
        let model = RouterModel(router: router, bufferingPolicy: .bufferingNewest(0))
        let push = Task { try await router.navigate(to: .detail(id: 2)) }
        try await gate.arrived(1)
        model.stack = [.home]  // the user swipes back from detail 1
        gate.open()
        try await push.value
        await model.settled()
        #expect(router.stack == [.home])
        #expect(model.stack == [.home])
        try await events.wait { $0.count(where: { $0.state != nil }) == 2 }
        let completed = events.values.filter { $0.state != nil }.compactMap { $0.request?.operation }
        #expect(completed == [.navigate(to: [.detail(id: 2)]), .back(count: 2)])
    }

    /// A write reads back as written while its navigation waits, even when a navigation of
    /// the code commits meanwhile; then the model follows the router again.
    @Test func aWriteReadsBackWhileItsNavigationWaits() async throws {
        let router = Router<Screen>(state: RouterState(stack: [.home, .detail(id: 1)]))
        let pushGate = Gate()
        let popGate = Gate()
        router.addGuard(named: "slow") { pending in
            if pending.destinations.contains(.detail(id: 2)) { await pushGate.wait() }
            if case .back = pending.request.operation { await popGate.wait() }
            return .allow
        }
        let model = RouterModel(router: router)
        let push = Task { try await router.navigate(to: .detail(id: 2)) }
        try await pushGate.arrived(1)
        model.stack = [.home]  // a swipe back, queued behind the push
        pushGate.open()
        try await push.value
        try await popGate.arrived(1)  // the push committed; the pop waits in its guard
        try await eventually { model.path == "/home/detail/1/detail/2" }  // the model has the push's state
        #expect(model.stack == [.home], "reads back as written while its navigation waits")
        popGate.open()
        await model.settled()
        #expect(router.stack == [.home] && model.stack == [.home])
    }

    /// Each set is decided at its turn among code navigations: a push the code made first is
    /// not pushed again, a replace becomes the pop it is by then.
    @Test func interleavedSetsAndCodeNavigationsEndWhereTheLastSetSaid() async throws {
        let router = Router<Screen>(state: RouterState(stack: [.home]))
        let gate = Gate()
        router.addGuard(named: "slow") { pending in
            if pending.destinations.contains(.list(category: "code")) { await gate.wait() }
            return .allow
        }
        let model = RouterModel(router: router, bufferingPolicy: .bufferingNewest(0))
        let code = Task { try await router.navigate(to: [.list(category: "code"), .detail(id: 1)]) }
        try await gate.arrived(1)
        model.stack = [.home, .list(category: "code")]  // decided at its turn: a pop of one
        model.modal = .settings
        gate.open()
        try await code.value
        await model.settled()
        #expect(router.stack == [.home, .list(category: "code")])
        #expect(router.modal == .settings)
    }

    @Test func settingTheModalTheCodePresentedMeanwhileChangesNothing() async throws {
        let router = Router<Screen>(state: RouterState(stack: [.home]))
        let gate = Gate()
        router.addGuard(named: "slow") { pending in
            if pending.destinations == [.settings] { await gate.wait() }
            return .allow
        }
        let events = StreamRecorder(router.events)
        let model = RouterModel(router: router, bufferingPolicy: .bufferingNewest(0))
        let present = Task { try await router.navigate(to: .settings) }
        try await gate.arrived(1)
        model.modal = .settings
        gate.open()
        try await present.value
        await model.settled()
        #expect(router.modal == .settings)
        try await events.wait { $0.count(where: { $0.state != nil }) == 2 }
        let completed = events.values.filter { $0.state != nil }.compactMap { $0.request?.operation }
        #expect(completed == [.navigate(to: [.settings]), .back(count: 0)], "presented once")
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
