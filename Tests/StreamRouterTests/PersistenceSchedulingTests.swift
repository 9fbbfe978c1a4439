import AsyncObservables
import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// Saving off the navigating task: coalesced, latest state last, never blocking or
/// deadlocking navigation; restoring within the policy's limits.
@Suite(.suiteLimit) struct PersistenceSchedulingTests {
    @Test func aSlowStoreNeverBlocksNavigation() async throws {
        let store = GatedStore()
        let navigator = Navigator(store: store)
        let navigations = _Locked(0)
        Thread.detachNewThread {
            for index in 0..<200 {
                navigator.navigate("/page/\(index)")
                navigations.withLock { $0 += 1 }
            }
        }
        // The store blocks its first save until the gate opens; navigation goes on meanwhile.
        try await eventually(timeout: .seconds(20)) { navigations.withLock { $0 } == 200 }
        #expect(store.saves.count <= 1)
        store.open()
        navigator.flush()
        let saved = try #require(store.saves.last)
        #expect(String(decoding: saved, as: UTF8.self).contains("page\\/199\""), "the last write is the latest state")
        #expect(store.saves.count < 200, "saves are coalesced: \(store.saves.count) writes for 200 navigations")
    }

    @Test func aStoreWhoseSaveNavigatesDoesNotDeadlock() async throws {
        let store = ReentrantStore()
        let navigator = Navigator(store: store)
        store.navigator.withLock { $0 = navigator }
        let finished = _Locked(false)
        Thread.detachNewThread {
            navigator.navigate("/first")
            navigator.flush()  // the store navigates to /from-save while saving, then that is saved too
            navigator.flush()
            finished.withLock { $0 = true }
        }
        try await eventually(timeout: .seconds(20)) { finished.withLock { $0 } }
        #expect(navigator.path == "/from-save")
        let last = try #require(store.inner.data)
        #expect(String(decoding: last, as: UTF8.self).contains("/from-save"))
    }

    @Test func restoringRefusesOversizedData() throws {
        let store = InMemoryStateStore()
        let navigator = Navigator(store: store)
        for index in 0..<50 { navigator.navigate("/a-rather-long-path-segment/\(index)") }
        navigator.flush()
        let size = try #require(store.data).count
        let relaunched = Navigator(initialPath: "/home", store: store, policy: InputPolicy(maximumStateBytes: size - 1))
        #expect(relaunched.restoration == .restoreFailed(.tooLarge(bytes: size, limit: size - 1)))
        #expect(relaunched.path == "/home")
    }

    /// An oversized file is refused from its size, which the error reports.
    @Test func aFileStoreRefusesAnOversizedFileWithItsSize() throws {
        let folder = try NavigatorPersistenceTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileStateStore(url: folder.appendingPathComponent("big.json"))
        try store.save(Data(repeating: UInt8(ascii: " "), count: 1_000_000))
        #expect(throws: PersistenceError.tooLarge(bytes: 1_000_000, limit: 1_000)) {
            try store.load(maximumBytes: 1_000)
        }
        let navigator = Navigator(store: store, policy: InputPolicy(maximumStateBytes: 1_000))
        #expect(navigator.restoration == .restoreFailed(.tooLarge(bytes: 1_000_000, limit: 1_000)))
        #expect(try store.load(maximumBytes: 1_000_000)?.count == 1_000_000, "at the limit, read")
    }

    @Test func restoringRefusesMoreEntriesThanThePolicyKeeps() throws {
        let store = InMemoryStateStore()
        let navigator = Navigator(store: store, policy: InputPolicy(maximumHistoryEntries: 100))
        for index in 0..<60 { navigator.navigate("/\(index)") }
        navigator.flush()
        let writes = store.saveCount
        let relaunched = Navigator(initialPath: "/home", store: store, policy: InputPolicy(maximumHistoryEntries: 10))
        #expect(relaunched.restoration == .restoreFailed(.tooManyEntries(count: 61, limit: 10)))
        #expect(relaunched.path == "/home")
        #expect(store.saveCount == writes, "the store is untouched until the next change")
    }

    @Test func aRouterChecksRestoredRoutesAgainstThePolicy() async throws {
        let store = InMemoryStateStore()
        let router = Router<Page>(store: store)
        try await router.navigate(to: [.named("fine"), .named("bell\u{07}")])
        router.flush()
        let relaunched = Router<Page>(store: store)
        #expect(
            relaunched.restoration == .restoreFailed(.rejectedInput(.controlCharacter(.path, scalar: 7, offset: 5))))
        #expect(relaunched.stack == [])

        let short = Router<Page>(store: store, policy: InputPolicy(maximumHistoryEntries: 1))
        #expect(short.restoration == .restoreFailed(.tooManyEntries(count: 2, limit: 1)))
    }

    enum Page: RouteProvider {
        case named(String)

        var path: String {
            switch self {
            case .named(let name): "/\(name)"
            }
        }
    }
}

/// A store whose first save blocks until the test opens it; records every save.
private final class GatedStore: NavigationStateStore {
    private let gate = DispatchSemaphore(value: 0)
    private let state = _Locked<(saves: [Data], isOpen: Bool)>(([], false))

    var saves: [Data] { state.withLock { $0.saves } }

    func open() {
        state.withLock { $0.isOpen = true }
        gate.signal()
    }

    func load() throws -> Data? { nil }

    func save(_ data: Data) throws {
        if !state.withLock({ $0.isOpen }) {
            gate.wait()
        }
        state.withLock { $0.saves.append(data) }
    }
}

/// A store whose first save navigates the navigator it saves for.
private final class ReentrantStore: NavigationStateStore {
    let inner = InMemoryStateStore()
    let navigator = _Locked<Navigator?>(nil)
    private let hasNavigated = _Locked(false)

    func load() throws -> Data? { try inner.load() }

    func save(_ data: Data) throws {
        try inner.save(data)
        let first = hasNavigated.withLock { done in
            defer { done = true }
            return !done
        }
        if first {
            navigator.withLock { $0 }?.navigate("/from-save")
        }
    }
}
