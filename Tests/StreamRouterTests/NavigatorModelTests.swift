import Observation
@_spi(Testing) import StreamRouter
import StreamRouterTesting
import Testing

@MainActor
@Suite(.suiteLimit) struct NavigatorModelTests {
    /// Waits for the next change of whatever `read` reads, as SwiftUI would see it.
    func nextChange(of read: @escaping @MainActor () -> Void, after change: () -> Void) async throws {
        let (changes, continuation) = AsyncStream.makeStream(of: Void.self)
        let recorder = StreamRecorder(changes)
        withObservationTracking(read) { continuation.yield() }
        change()
        _ = try await recorder.next(1)
    }

    @Test func startsFromTheNavigatorsState() throws {
        let navigator = Navigator(initialPath: "/user/1")
        navigator.navigate("/user/2")
        let pattern = try PathPattern("/user/:id")
        let model = NavigatorModel(navigator: navigator, watching: [pattern])
        #expect(model.path == "/user/2")
        #expect(model.canGoBack && !model.canGoForward)
        #expect(model.historyStackSize == 1)
        #expect(model.lastAction?.currentPath == "/user/2")
        #expect(model.matches[pattern]?.parameters["id"] == "2")
    }

    @Test func observersSeeNavigationFromAnyTask() async throws {
        let navigator = Navigator()
        let pattern = try PathPattern("/user/:id")
        let model = NavigatorModel(navigator: navigator, watching: [pattern])
        try await nextChange(of: { _ = model.path }, after: { Task.detached { navigator.navigate("/user/7") } })
        #expect(model.path == "/user/7")
        #expect(model.matches[pattern]?.parameters["id"] == "7")
        #expect(model.canGoBack)
        try await nextChange(of: { _ = model.matches }, after: { navigator.navigate("/about") })
        #expect(model.matches[pattern] == nil)
    }

    @Test func clearIsObservedToo() async throws {
        let navigator = Navigator()
        navigator.navigate("/a")
        let model = NavigatorModel(navigator: navigator)
        try await nextChange(of: { _ = model.canGoBack }, after: { navigator.clear() })
        #expect(!model.canGoBack)
        #expect(model.historyStackSize == 0)
    }

    @Test func theModelStopsWhenDeallocated() async throws {
        let navigator = Navigator()
        var model: NavigatorModel? = NavigatorModel(navigator: navigator)
        #expect(navigator.subscriberCount == 1)
        weak let weakModel = model
        model = nil
        #expect(weakModel == nil)
        try await eventually { navigator.subscriberCount == 0 }
    }
}
