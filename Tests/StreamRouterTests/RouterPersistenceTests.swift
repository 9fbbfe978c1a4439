import Foundation
import Observation
import StreamRouter
import StreamRouterTesting
import Testing

@Suite(.suiteLimit) struct RouterPersistenceTests {
    enum Screen: RouteProvider {
        case home
        case list(category: String)
        case detail(id: Int)
        case settings

        var transition: RouteTransition {
            self == .settings ? .modal : .push
        }
    }

    @Test func stackAndModalRoundTrip() async throws {
        let store = InMemoryStateStore()
        let router = Router<Screen>(store: store)
        #expect(router.restoration == .nothingSaved)
        try await router.navigate(to: [.home, .list(category: "shoes"), .detail(id: 7)])
        try await router.navigate(to: .settings)
        router.flush()
        #expect((1...2).contains(store.saveCount), "saves are coalesced: one or two writes")

        let atOnce = Router<Screen>(store: store)  // restored at creation, the default
        #expect(atOnce.restoration == .restored)
        #expect(atOnce.stack == [.home, .list(category: "shoes"), .detail(id: 7)])
        let relaunched = Router<Screen>(store: store, restoring: .throughGuards)
        #expect(relaunched.restoration == nil && relaunched.stack.isEmpty, "nothing shown before restore()")
        #expect(await relaunched.restore() == .restored)
        #expect(relaunched.restoration == .restored)
        #expect(relaunched.stack == [.home, .list(category: "shoes"), .detail(id: 7)])
        #expect(relaunched.modal == .settings)
        try await relaunched.dismiss()
        try await relaunched.navigateBack()
        relaunched.flush()
        let third = await Router<Screen>.relaunched(from: store)
        #expect(third.stack == [.home, .list(category: "shoes")] && third.modal == nil)
    }

    @Test func aNavigationThatChangesNothingIsNotSaved() async throws {
        let store = InMemoryStateStore()
        let router = Router<Screen>(store: store)
        try await router.navigateBack(0)
        try await router.navigateToRoot()
        router.flush()
        #expect(store.saveCount == 0)
    }

    @Test(arguments: [
        Data(),
        Data("{\"version\": 1, \"state\": {\"stack\": [{\"gone\": {}}]}}".utf8),
        Data("{\"version\": 2, \"state\": {\"stack\": []}}".utf8),
        Data("not json".utf8),
    ])
    func unusableStateFallsBackToAnEmptyStack(data: Data) async throws {
        let store = InMemoryStateStore(data: data)
        let router = Router<Screen>(store: store)
        #expect(router.stack.isEmpty)
        #expect(router.modal == nil)
        guard case .restoreFailed = router.restoration else {
            Issue.record("expected a restore failure, got \(String(describing: router.restoration))")
            return
        }
        let events = StreamRecorder(router.persistenceEvents)
        #expect(try await events.next(1).count == 1)
        #expect(store.data == data)  // untouched until a change
        try await router.navigate(to: .home)
        router.flush()
        #expect(await Router<Screen>.relaunched(from: store).stack == [.home])
    }

    @Test func fileStoreRoundTrip() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileStateStore(url: folder.appendingPathComponent("router.json"))
        let router = Router<Screen>(store: store)
        try await router.navigate(to: [.home, .detail(id: 1)])
        router.flush()
        #expect(await Router<Screen>.relaunched(from: store).stack == [.home, .detail(id: 1)])
    }
}

extension Router {
    /// A router made from `store`, with the saved state restored (no guards).
    static func relaunched(from store: any NavigationStateStore) async -> Router {
        let router = Router(store: store)
        await router.restore()
        return router
    }
}

@MainActor
@Suite(.suiteLimit) struct RouterModelTests {
    @Test func mirrorsTheRouter() async throws {
        let router = Router<RouterPersistenceTests.Screen>()
        let detail = try PathPattern("/home/detail/:id")
        let model = RouterModel(router: router, watching: [detail])
        #expect(model.stack.isEmpty && model.path == "/")
        let (changes, continuation) = AsyncStream.makeStream(of: Void.self)
        let recorder = StreamRecorder(changes)
        withObservationTracking {
            _ = model.stack
        } onChange: {
            continuation.yield()
        }
        try await router.navigate(to: [.home, .detail(id: 4)])
        _ = try await recorder.next(1)
        #expect(model.stack == [.home, .detail(id: 4)])
        #expect(model.matches[detail]?.parameters["id"] == "4")
        #expect(model.lastAction?.action == .push)
        withObservationTracking {
            _ = model.modal
        } onChange: {
            continuation.yield()
        }
        try await router.navigate(to: .settings)
        _ = try await recorder.next(1)
        #expect(model.modal == .settings)
    }
}
