// Fuzz target `restore`: state restoration from untrusted bytes (`Navigator(store:)` and
// `Router(store:)` over an in-memory store holding the input).
//
// Invariants:
// - never a crash; either the state is restored or the default state is used and the
//   reason reported (`restoration` is `.restored`, `.nothingSaved` or `.restoreFailed`);
// - a restored navigator holds only normalised paths the policy accepts, and keeps
//   working (navigate, back, forward) and saving;
// - a navigator that did not restore is at the initial path with an empty history, and
//   the store is untouched until the first change.
//
// Saving runs on a background task: the harness calls `flush()` (which writes the pending
// state on the calling thread) before it reads the store, and before returning waits until
// every navigator, router and store of the input is gone, so that no background save is
// still queued when libFuzzer takes the next input (LeakSanitizer would report it).
import Foundation
import StreamRouter

final class MemoryStore: NavigationStateStore, @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    private(set) var saves = 0

    init(_ data: Data?) { self.data = data }

    var current: Data? { lock.withLock { data } }

    func load() throws -> Data? { lock.withLock { data } }

    func save(_ data: Data) throws {
        lock.withLock {
            self.data = data
            saves += 1
        }
    }
}

enum StoredRoute: RouteProvider {
    case home
    case product(id: Int)
    case search(query: String, page: Int?)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let stores = check(Data(bytes: data, count: size))
    // Each navigator's and router's persistence keeps its store: a store is gone once the
    // background writer that held the persistence has finished.
    let deadline = ContinuousClock.now + .seconds(5)
    while stores.contains(where: { $0.store != nil }) {
        require(ContinuousClock.now < deadline, "a background save did not finish within 5 s")
        usleep(100)
    }
    return 0
}

/// A weak reference to a store, to see when everything that saved to it is gone.
struct WeakStore {
    weak var store: MemoryStore?
}

/// Checks the invariants on `input`; returns the stores it made, weakly.
func check(_ input: Data) -> [WeakStore] {
    let policy = InputPolicy.standard

    let store = MemoryStore(input)
    let navigator = Navigator(initialPath: "/start", store: store)
    switch navigator.restoration {
    case .restored?:
        let history = navigator.history
        for path in history.entries + history.forwardEntries {
            require(PathResolver.isNormalized(path), "restored a path that is not normalised: \(show(path))")
            require(
                (try? policy.check(path: path)) != nil && (try? policy.check(resolvedPath: path)) != nil,
                "restored a path the policy rejects: \(show(path))")
        }
        require(navigator.path == history.entries.last, "current path is not the last entry")
    case .restoreFailed?, .nothingSaved?:
        require(
            navigator.path == "/start" && navigator.historyStackSize == 0 && navigator.forwardStackSize == 0,
            "default state not used")
        require(store.current == input && store.saves == 0, "the store was written before any change")
    case let other:
        require(false, "unexpected restoration \(String(describing: other))")
    }
    let before = navigator.path
    let target = before == "/fuzzed" ? "/fuzzed/again" : "/fuzzed"
    require(navigator.navigate(target) != nil && navigator.path == target, "navigate after restoring failed")
    navigator.flush()  // the save runs in the background: write it now
    require(store.saves == 1, "no save after a change (\(store.saves) saves)")
    require(navigator.goBack()?.currentPath == before, "goBack after restoring")
    require(navigator.goForward()?.currentPath == target, "goForward after restoring")
    navigator.flush()

    // What was saved restores to the same history.
    let againStore = MemoryStore(store.current)
    let again = Navigator(initialPath: "/other", store: againStore)
    require(again.restoration == .restored && again.history == navigator.history, "a saved history does not round-trip")

    // The typed router restores from the same bytes, or starts empty.
    let routerStore = MemoryStore(input)
    let router = Router<StoredRoute>(store: routerStore)
    switch router.restoration {
    case .restored?:
        require(PathResolver.isNormalized(router.path), "restored router path \(show(router.path))")
    case .restoreFailed?, .nothingSaved?:
        require(router.stack.isEmpty && router.modal == nil, "router default state not used")
        require(
            routerStore.current == input && routerStore.saves == 0, "the router store was written before any change")
    case let other:
        require(false, "unexpected router restoration \(String(describing: other))")
    }
    return [WeakStore(store: store), WeakStore(store: againStore), WeakStore(store: routerStore)]
}
