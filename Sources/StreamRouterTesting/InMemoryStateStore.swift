import AsyncObservables
import Foundation
import StreamRouter

/// A `NavigationStateStore` in memory, for tests: inspect what was saved, plant bad data,
/// or make saves fail.
public final class InMemoryStateStore: NavigationStateStore {
    /// The store object itself: navigators sharing it write pending saves before restoring.
    public var storageIdentity: AnyHashable? { ObjectIdentifier(self) }

    private struct State {
        var data: Data?
        var saveCount = 0
        var failsSaving = false
    }

    private let state: _Locked<State>

    /// A store holding `data` (nothing by default).
    public init(data: Data? = nil) {
        state = _Locked(State(data: data))
    }

    /// The saved bytes.
    public var data: Data? {
        get { state.withLock { $0.data } }
        set { state.withLock { $0.data = newValue } }
    }

    /// The number of successful saves.
    public var saveCount: Int {
        state.withLock { $0.saveCount }
    }

    /// When `true`, every save throws.
    public var failsSaving: Bool {
        get { state.withLock { $0.failsSaving } }
        set { state.withLock { $0.failsSaving = newValue } }
    }

    /// The stored bytes (``data``).
    public func load() throws -> Data? {
        data
    }

    /// Stores the bytes and counts the save, or throws
    /// ``InMemoryStateStoreError/saveFailed`` while ``failsSaving`` is set.
    public func save(_ data: Data) throws {
        try state.withLock { state in
            guard !state.failsSaving else { throw InMemoryStateStoreError.saveFailed }
            state.data = data
            state.saveCount += 1
        }
    }
}

/// The error of an ``InMemoryStateStore`` told to fail.
public enum InMemoryStateStoreError: Error, Sendable {
    /// ``InMemoryStateStore/failsSaving`` is set.
    case saveFailed
}
