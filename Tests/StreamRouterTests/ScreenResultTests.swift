import StreamRouter
import StreamRouterTesting
import Testing

/// `navigate(to:returning:)` and `navigateBack(returning:)` (DESIGN.md "Results from a
/// screen").
@Suite(.suiteLimit) struct ScreenResultTests {
    enum Color: Sendable, Equatable { case red, green }

    enum Screen: RouteProvider {
        case home, colorPicker, login
        case detail(id: Int)
        case sheet, otherSheet

        var transition: RouteTransition {
            switch self {
            case .sheet, .otherSheet: .modal
            default: .push
            }
        }
    }

    /// Waits until `count` navigations have completed on the recorded events.
    static func completed(_ events: StreamRecorder<RouterEvent<Screen>>, _ count: Int) async throws {
        try await events.wait { $0.count { $0.state != nil } >= count }
    }

    /// Starts `navigate(to: route, returning: Color.self)` on a task and waits until the
    /// route is shown.
    static func awaitResult(
        of route: Screen, on router: Router<Screen>, events: StreamRecorder<RouterEvent<Screen>>, completed: Int
    ) async throws -> Task<Color?, any Error> {
        let task = Task { try await router.navigate(to: route, returning: Color.self) }
        try await Self.completed(events, completed)
        return task
    }

    @Test func designSnippet() async throws {
        let router = Router<Screen>()
        let events = StreamRecorder(router.events)
        let caller = Task {
            let color: Color? = try await router.navigate(to: .colorPicker, returning: Color.self)
            return color
        }
        try await Self.completed(events, 1)
        #expect(router.stack == [.colorPicker])
        try await router.navigateBack(returning: Color.red)  // in the picker: pops it, resumes the caller
        #expect(try await caller.value == .red)
        #expect(router.stack == [])
        #expect(router.pendingResultCount == 0)
    }

    @Test func theSameRoutePushedTwiceIsTwoEntries() async throws {
        let router = Router<Screen>()
        let events = StreamRecorder(router.events)
        let first = try await Self.awaitResult(of: .colorPicker, on: router, events: events, completed: 1)
        let second = try await Self.awaitResult(of: .colorPicker, on: router, events: events, completed: 2)
        #expect(router.stack == [.colorPicker, .colorPicker])
        #expect(router.pendingResultCount == 2)
        try await router.navigateBack(returning: Color.green)
        #expect(try await second.value == .green)
        try await router.navigateBack(returning: Color.red)
        #expect(try await first.value == .red)
        #expect(router.pendingResultCount == 0)
    }

    /// Every other way the entry leaves gives `nil`.
    @Test(arguments: ["back", "backTo", "root", "replace", "replaceWithOthers", "bound"])
    func leavingAnyOtherWayGivesNil(way: String) async throws {
        let policy = InputPolicy(maximumHistoryEntries: way == "bound" ? 3 : 100)
        let router = Router<Screen>(state: RouterState(stack: [.home]), policy: policy)
        let events = StreamRecorder(router.events)
        let picker = try await Self.awaitResult(of: .colorPicker, on: router, events: events, completed: 1)
        switch way {
        case "back": try await router.navigateBack()
        case "backTo": try await router.navigateBack(to: .home)
        case "root": try await router.navigateToRoot()
        case "replace": try await router.replace(with: [.colorPicker])
        case "replaceWithOthers": try await router.perform(.replace(with: [.home, .detail(id: 1)]))
        default: try await router.navigate(to: [.detail(id: 1), .detail(id: 2), .detail(id: 3)])
        }
        #expect(try await picker.value == nil)
        #expect(router.pendingResultCount == 0)
    }

    /// A pop queued right behind the push runs as soon as the push commits, possibly
    /// before the caller waits: the value is kept for it.
    @Test func aPopRightBehindThePushStillDelivers() async throws {
        for _ in 0..<50 {
            let router = Router<Screen>()
            let events = StreamRecorder(router.events)
            let picker = Task { try await router.navigate(to: .colorPicker, returning: Color.self) }
            try await events.wait { $0.contains { if case .started = $0 { true } else { false } } }
            try await router.navigateBack(returning: Color.green)
            #expect(try await picker.value == .green)
            #expect(router.stack == [] && router.pendingResultCount == 0)
        }
    }

    @Test func aValueOfAnotherTypeGivesNil() async throws {
        let router = Router<Screen>()
        let events = StreamRecorder(router.events)
        let picker = try await Self.awaitResult(of: .colorPicker, on: router, events: events, completed: 1)
        try await router.navigateBack(returning: "red")
        #expect(try await picker.value == nil)
        #expect(router.pendingResultCount == 0)
    }

    @Test func cancellingTheCallerGivesNilAndLeavesTheStack() async throws {
        let router = Router<Screen>()
        let events = StreamRecorder(router.events)
        let picker = try await Self.awaitResult(of: .colorPicker, on: router, events: events, completed: 1)
        picker.cancel()
        #expect(try await picker.value == nil)
        #expect(router.stack == [.colorPicker])
        #expect(router.pendingResultCount == 0)
        try await router.navigateBack(returning: Color.red)  // nobody awaits: just pops
        #expect(router.stack == [])
    }

    @Test func aValueForAnEntryNobodyAwaitsJustPops() async throws {
        let router = Router<Screen>()
        let events = StreamRecorder(router.events)
        let picker = try await Self.awaitResult(of: .colorPicker, on: router, events: events, completed: 1)
        try await router.navigate(to: .detail(id: 1))
        try await router.navigateBack(returning: Color.red)  // pops the detail, nobody awaits it
        #expect(router.stack == [.colorPicker])
        #expect(router.pendingResultCount == 1)
        try await router.navigateBack(returning: Color.green)
        #expect(try await picker.value == .green)
        try await router.navigateBack(returning: Color.green)  // empty stack: nothing changes
        #expect(router.stack == [] && router.pendingResultCount == 0)
    }

    /// A presentation answers with `dismiss(returning:)`; leaving any other way (dismissed,
    /// dismissed with everything, a root or replace) gives `nil`. A sheet over it does not
    /// end it.
    @Test func aPresentationReturnsWhenDismissed() async throws {
        let router = Router<Screen>(state: RouterState(stack: [.home]))
        let events = StreamRecorder(router.events)
        let sheet = try await Self.awaitResult(of: .sheet, on: router, events: events, completed: 1)
        try await router.navigate(to: .detail(id: 1))  // pushed inside the sheet
        try await router.navigateBack(returning: Color.green)  // pops the detail: nobody awaits it
        #expect(router.presentations == [Presentation(.sheet)] && router.pendingResultCount == 1)
        try await router.navigateBack(returning: Color.green)  // at the sheet's root: nothing changes
        #expect(router.modal == .sheet)
        try await router.navigate(to: .otherSheet)  // over it: the sheet stays
        try await router.dismiss()
        #expect(router.modal == .sheet && router.pendingResultCount == 1)
        try await router.dismiss(returning: Color.red)
        #expect(try await sheet.value == .red)
        #expect(router.modal == nil && router.stack == [.home])

        let dismissed = try await Self.awaitResult(of: .sheet, on: router, events: events, completed: 8)
        try await router.dismiss()
        #expect(try await dismissed.value == nil)
        let under = try await Self.awaitResult(of: .sheet, on: router, events: events, completed: 10)
        try await router.navigate(to: .otherSheet)
        try await router.dismissAll()
        #expect(try await under.value == nil)
        #expect(router.pendingResultCount == 0)
    }

    /// From inside a sheet, a pushed screen's result comes back as on the base stack.
    @Test func aScreenInsideASheetReturnsItsValue() async throws {
        let router = Router<Screen>(state: RouterState(stack: [.home], modal: .sheet))
        let events = StreamRecorder(router.events)
        let picker = try await Self.awaitResult(of: .colorPicker, on: router, events: events, completed: 1)
        #expect(router.presentations == [Presentation(.sheet, stack: [.colorPicker])])
        #expect(router.stack == [.home])
        try await router.navigateBack(returning: Color.red)
        #expect(try await picker.value == .red)
        #expect(router.presentations == [Presentation(.sheet)])
    }

    @Test func aGuardThatRefusesTheShowThrows() async throws {
        let router = Router<Screen>()
        router.addGuard(named: "no") { _ in .cancel(GuardDecisionError.refused) }
        await #expect(throws: NavigationError.self) {
            _ = try await router.navigate(to: .colorPicker, returning: Color.self)
        }
        #expect(router.pendingResultCount == 0)
    }

    @Test func aRedirectElsewhereGivesNilAtOnce() async throws {
        let router = Router<Screen>()
        router.addGuard { pending in
            pending.destinations.contains(.colorPicker) ? .redirect(to: .login) : .allow
        }
        #expect(try await router.navigate(to: .colorPicker, returning: Color.self) == nil)
        #expect(router.stack == [.login])
        #expect(router.pendingResultCount == 0)
    }

    /// A redirect that still shows the route last (a whole stack ending with it) keeps the
    /// caller waiting for its result.
    @Test func aRedirectThatStillShowsTheRouteLastKeepsItsResult() async throws {
        let router = Router<Screen>(state: RouterState(stack: [.home, .login]))
        router.addGuard { pending in
            pending.request.operation == .navigate(to: [.colorPicker])
                ? .redirect(.replace(with: [.home, .colorPicker])) : .allow
        }
        let events = StreamRecorder(router.events)
        let caller = try await Self.awaitResult(of: .colorPicker, on: router, events: events, completed: 1)
        #expect(router.stack == [.home, .colorPicker])
        #expect(router.pendingResultCount == 1)
        try await router.navigateBack(returning: Color.green)
        #expect(try await caller.value == .green)
    }

    @Test func aRefusedNavigateBackKeepsTheCallerWaiting() async throws {
        let router = Router<Screen>()
        let events = StreamRecorder(router.events)
        let picker = try await Self.awaitResult(of: .colorPicker, on: router, events: events, completed: 1)
        let refusal = router.addGuard(named: "sure?") { pending in
            pending.request.operation == .back(count: 1) ? .cancel(GuardDecisionError.refused) : .allow
        }
        await #expect(throws: NavigationError.self) { try await router.navigateBack(returning: Color.red) }
        #expect(router.stack == [.colorPicker] && router.pendingResultCount == 1)
        router.removeGuard(refusal)
        try await router.navigateBack(returning: Color.green)
        #expect(try await picker.value == .green)
    }

    /// Many callers at once, then pops at once: each caller gets the value of the pop
    /// that removed its own entry or `nil`, and nothing is left behind.
    @Test func concurrentCallersAllReturn() async throws {
        let router = Router<Screen>()
        let events = StreamRecorder(router.events)
        let callers = (0..<20).map { index in
            Task { try await router.navigate(to: .detail(id: index), returning: Int.self) }
        }
        try await Self.completed(events, 20)
        #expect(router.pendingResultCount == 20)
        let order = router.stack
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<10 {
                group.addTask { try await router.navigateBack(returning: 1) }
            }
            try await group.waitForAll()
        }
        try await router.navigateToRoot()
        var results: [Screen: Int?] = [:]
        for (index, caller) in callers.enumerated() {
            results[.detail(id: index)] = try await caller.value
        }
        // The top ten entries were popped with a value, the bottom ten by the root.
        #expect(order.suffix(10).allSatisfy { results[$0] == 1 })
        #expect(order.prefix(10).allSatisfy { results[$0] == .some(nil) })
        #expect(router.pendingResultCount == 0)
    }

    enum GuardDecisionError: Error { case refused }
}
