import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

@Suite(.suiteLimit) struct NavigatorPersistenceTests {
    /// A fresh folder, removed by the caller's `defer`.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "StreamRouterTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The names of the temporary files a `FileStateStore` writes (`.<name>.tmp-*`) in `folder`.
    static func temporaryFiles(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp-") }.sorted()
    }

    @Test func historyRoundTripsThroughAFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileStateStore(url: folder.appendingPathComponent("navigation.json"))

        let first = Navigator(initialPath: "/", store: store)
        #expect(first.restoration == .nothingSaved)
        first.navigate("/news")
        first.navigate("42")
        first.navigate("/settings")
        first.goBack()
        first.flush()

        let relaunched = Navigator(initialPath: "/", store: store)
        #expect(relaunched.restoration == .restored)
        #expect(relaunched.path == "/news/42")
        #expect(relaunched.history == first.history)
        #expect(relaunched.canGoForward)
        #expect(try Self.temporaryFiles(in: folder) == [])
    }

    @Test func clearIsSaved() throws {
        let store = InMemoryStateStore()
        let navigator = Navigator(initialPath: "/a", store: store)
        navigator.navigate("/b")
        navigator.clear()
        navigator.flush()
        #expect(Navigator(store: store).history.entries == ["/b"])
    }

    @Test(arguments: [
        ("empty file", Data()),
        ("corrupt JSON", Data("{\"version\": 1, \"state\": {\"entries\": [\"/a\"".utf8)),
        ("not JSON", Data([0xFF, 0x00, 0x13, 0x37])),
        ("wrong shape", Data("{\"version\": 1, \"state\": {\"entries\": 5, \"forwardEntries\": []}}".utf8)),
        ("no current entry", Data("{\"version\": 1, \"state\": {\"entries\": [], \"forwardEntries\": []}}".utf8)),
        ("older version", Data("{\"version\": 0, \"state\": {\"entries\": [\"/old\"], \"forwardEntries\": []}}".utf8)),
        ("newer version", Data("{\"version\": 99, \"whatever\": true}".utf8)),
    ])
    func unusableDataFallsBackAndIsReported(name: String, data: Data) async throws {
        let store = InMemoryStateStore(data: data)
        let navigator = Navigator(initialPath: "/home", store: store)
        #expect(navigator.path == "/home")
        #expect(navigator.historyStackSize == 0)
        guard case .restoreFailed(let error) = navigator.restoration else {
            Issue.record("\(name): expected a restore failure, got \(String(describing: navigator.restoration))")
            return
        }
        if name.hasSuffix("version") {
            #expect(error == .incompatibleVersion(found: name == "older version" ? 0 : 99, expected: 1))
        }
        let events = StreamRecorder(navigator.persistenceEvents)
        #expect(try await events.next(1) == [.restoreFailed(error)])
        // Nothing is overwritten before a new change...
        #expect(store.data == data)
        #expect(store.saveCount == 0)
        // ...and the first change replaces the bad data.
        navigator.navigate("/next")
        navigator.flush()
        #expect(Navigator(store: store).path == "/next")
    }

    @Test func truncatedFileFromAKilledWriterFallsBack() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileStateStore(url: folder.appendingPathComponent("navigation.json"))
        let navigator = Navigator(store: store)
        for index in 0..<20 { navigator.navigate("/page/\(index)") }
        navigator.flush()
        let saved = try #require(try store.load())
        for length in [0, 1, saved.count / 2, saved.count - 1] {
            try saved.prefix(length).write(to: store.url)
            let relaunched = Navigator(initialPath: "/fallback", store: store)
            #expect(relaunched.path == "/fallback", "truncated to \(length) bytes")
            #expect(relaunched.restoration != .restored)
        }
    }

    @Test func aStrayTemporaryFileIsIgnoredAndRemoved() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileStateStore(url: folder.appendingPathComponent("navigation.json"))
        let navigator = Navigator(store: store)
        navigator.navigate("/saved")
        navigator.flush()
        // A writer killed mid-save leaves half a temporary file next to the good one.
        let stray = folder.appendingPathComponent(".navigation.json.tmp-dead-0000")
        try Data("{\"version\": 1, \"sta".utf8).write(to: stray)
        let relaunched = Navigator(store: store)
        #expect(relaunched.restoration == .restored)
        #expect(relaunched.path == "/saved")
        relaunched.navigate("/next")
        relaunched.flush()
        #expect(Navigator(store: store).path == "/next")
        #expect(try Self.temporaryFiles(in: folder) == [])
    }

    @Test func aMissingFileIsNothingSaved() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileStateStore(url: folder.appendingPathComponent("absent.json"))
        let navigator = Navigator(initialPath: "/start", store: store)
        #expect(navigator.restoration == .nothingSaved)
        #expect(navigator.path == "/start")
    }

    @Test func anUnwritableStoreFailsSavesNotNavigation() {
        let store = FileStateStore(url: URL(fileURLWithPath: "/proc/self/no/such/folder/state.json"))
        let navigator = Navigator(initialPath: "/", store: store)
        #expect(navigator.restoration == .nothingSaved)
        navigator.navigate("/x")  // the save fails; navigation stands
        #expect(navigator.path == "/x")
    }

    @Test func failedSavesAreReportedAndTheChangeStands() async throws {
        let store = InMemoryStateStore()
        let navigator = Navigator(store: store)
        let events = StreamRecorder(navigator.persistenceEvents)
        #expect(try await events.next(1) == [.nothingSaved])
        store.failsSaving = true
        navigator.navigate("/x")
        let failure = try await events.next(1)
        guard case .saveFailed = failure.first else {
            Issue.record("expected a save failure, got \(failure)")
            return
        }
        #expect(navigator.path == "/x")
        // The store works again: a flush writes the state whose write failed.
        store.failsSaving = false
        navigator.flush()
        #expect(Navigator(store: store).path == "/x")
    }

    @Test func userDefaultsStoreRoundTrips() throws {
        let store = UserDefaultsStateStore(key: "navigation-\(UUID().uuidString)", suiteName: "StreamRouterTests")
        defer { store.clear() }
        let navigator = Navigator(store: store)
        navigator.navigate("/profile")
        navigator.navigate("edit")
        navigator.flush()
        let relaunched = Navigator(store: store)
        #expect(relaunched.path == "/profile/edit")
        #expect(relaunched.historyStackSize == 2)
    }

    @Test func concurrentChangesSaveTheLatestState() async throws {
        let store = InMemoryStateStore()
        let navigator = Navigator(store: store)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for step in 0..<50 { navigator.navigate("/w\(worker)/\(step)") }
                }
            }
        }
        #expect(Navigator(store: store).history == navigator.history)
    }
}
