import Foundation
import Observation
import StreamRouter
import StreamRouterTesting
import Testing

/// README "Surviving a relaunch", "In a SwiftUI app" and "Time-based operators".
@Suite(.suiteLimit) struct ReadmePersistenceTests {
    @Test func survivingARelaunch() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileStateStore(url: folder.appendingPathComponent("navigation.json"))
        let navigator = Navigator(initialPath: "/", store: store)
        navigator.navigate("/news/42")
        navigator.flush()  // saves run in the background; flush writes now (app termination, tests)
        #expect(navigator.restoration == .nothingSaved)
        #expect(Navigator(store: store).path == "/news/42")

        let defaultsStore = UserDefaultsStateStore(key: "main-navigator-\(UUID().uuidString)")
        defer { defaultsStore.clear() }
        #expect(try defaultsStore.load() == nil)
    }

    @MainActor
    func showArticle(navigator: Navigator, changed: @escaping @Sendable () -> Void) throws -> NavigatorModel {
        let article = try PathPattern("/news/:id")
        let model = NavigatorModel(navigator: navigator, watching: [article])
        withObservationTracking {
            _ = model.matches[article]
        } onChange: {
            changed()
        }
        return model
    }

    @MainActor
    @Test func navigatorModelSection() async throws {
        let navigator = Navigator()
        let (changes, continuation) = AsyncStream.makeStream(of: Void.self)
        let recorder = StreamRecorder(changes)
        let model = try showArticle(navigator: navigator) { continuation.yield() }
        navigator.navigate("/news/3")
        _ = try await recorder.next(1)
        #expect(model.matches.values.first?.parameters["id"] == "3")
    }

    @Test func searchIsDebounced() async throws {
        let clock = TestClock()
        let queries = TestSource<String>()
        let recorder = StreamRecorder(queries.debounce(for: .milliseconds(300), clock: clock))
        queries.send("s")
        queries.send("sw")
        try await queries.waitForRequests(3)
        try await clock.waitForSleepers(scheduled: 1)
        clock.advance(by: .milliseconds(300))
        #expect(try await recorder.next(1) == ["sw"])
    }
}
