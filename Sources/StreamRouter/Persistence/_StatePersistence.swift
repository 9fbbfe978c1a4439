import AsyncObservables
import Foundation

/// What happened while restoring or saving navigation state.
public enum PersistenceEvent: Sendable, Equatable, CustomStringConvertible {
    /// Saved state was found and restored.
    case restored
    /// The store held nothing: the default state was used.
    case nothingSaved
    /// The saved state could not be used; the default state was used instead and the store
    /// was left untouched until the next change.
    case restoreFailed(PersistenceError)
    /// Saving after a change failed (the change itself stands).
    case saveFailed(PersistenceError)
    /// The saved state was read, but applying it through the router's guards failed or was
    /// cancelled (``Router/restore()``): the router stayed at its initial state and the store
    /// was left untouched until the next change.
    case restoreRefused(NavigationError)
    /// The saved state was read, but a guard redirected its restoration
    /// (``Router/restore()``): the redirect was applied instead. `operation` describes it.
    case restoreRedirected(to: String)

    /// A sentence for logs.
    public var description: String {
        switch self {
        case .restored: "restored saved state"
        case .nothingSaved: "no saved state: started from the default"
        case .restoreFailed(let error): "could not restore saved state (\(error)): started from the default"
        case .saveFailed(let error): "could not save state: \(error)"
        case .restoreRefused(let error): "the guards refused the saved state (\(error)): kept the initial state"
        case .restoreRedirected(let operation): "the guards redirected the saved state to \(operation)"
        }
    }
}

/// Why saved navigation state could not be read or written.
public enum PersistenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store itself failed (file system, permissions, ...).
    case store(String)
    /// The bytes are not a saved state (empty, truncated, not JSON, wrong shape).
    case unreadable(String)
    /// The state was saved by another version of the format.
    case incompatibleVersion(found: Int, expected: Int)
    /// The saved data is larger than ``InputPolicy/maximumStateBytes``; it was not decoded.
    case tooLarge(bytes: Int, limit: Int)
    /// The saved state holds more entries than ``InputPolicy/maximumHistoryEntries``: a
    /// history, or one stack of a router (its base stack, its presentations, or one
    /// presentation's stack). Counted before any route is decoded.
    case tooManyEntries(count: Int, limit: Int)
    /// A saved path, or the ``RouteProvider/path`` of a saved route, is one the
    /// ``InputPolicy`` rejects: too long, or holding a control character, in a router's
    /// case also once percent-decoded (``InputPolicy/check(restoredRoutePath:)``).
    case rejectedInput(InputError)

    /// A sentence for logs.
    public var description: String {
        switch self {
        case .store(let reason): "store error: \(reason)"
        case .unreadable(let reason): "unreadable data: \(reason)"
        case .incompatibleVersion(let found, let expected): "saved with format version \(found), expected \(expected)"
        case .tooLarge(let bytes, let limit): "the saved state is \(bytes) bytes; the limit is \(limit)"
        case .tooManyEntries(let count, let limit): "the saved state holds \(count) entries; the limit is \(limit)"
        case .rejectedInput(let error): "the input policy rejects a saved path: \(error)"
        }
    }
}

/// The saved form of a state: the format version, then the state.
struct PersistedState<State: Codable>: Codable {
    var version: Int
    var state: State
}

/// Restores a state from a store at launch and saves it after each change: the shared
/// engine of every ``StatePersisting`` type's persistence.
///
/// Saving is off the navigating task and coalesced: ``save(_:)`` only records the latest
/// state (O(1): states share their storage) and, when no write is under way, starts one on
/// a background task; that task encodes and writes the latest state, then any newer one,
/// until none is pending. So a burst of navigations costs one or two writes, and the last
/// write is always the latest state. ``flush()`` writes the pending state at once, on the
/// calling thread (for app termination and tests).
///
/// Locks: the pending state has a lock of its own, held only to swap a value; writes are
/// serialised by a second lock, held while encoding and writing (never while publishing
/// or calling a navigator). A store whose `save` navigates the same navigator records a
/// new pending state and returns: it cannot deadlock.
@usableFromInline
final class _StatePersistence<State: Codable & Sendable>: PendingWriter {
    /// The version written by this build; anything else is reported as incompatible.
    let version: Int
    private let store: any NavigationStateStore
    private let maximumBytes: Int
    /// The most entries of each saved array, counted before decoding it; `nil`: not counted.
    private let maximumEntries: Int?
    /// The state to write next; the last state whose write failed, while no newer one is
    /// recorded (``flush()`` tries it again); whether a background write is under way; the
    /// generation of the newest state recorded.
    private let pending = _Locked<(state: State?, unwritten: State?, isWriting: Bool, generation: Int)>(
        (nil, nil, false, 0))
    /// Serialises writes (background and ``flush()``); counts the successful ones.
    private let writes = _Locked(0)
    /// The restore outcome (the state), then each save failure (the events).
    /// `nil` until the restore outcome is known.
    private let outcomes = ObservableState<PersistenceEvent?, PersistenceEvent>(nil)

    private let validate: @Sendable (State) throws -> Void
    /// Records the owner's latest state, for an owner that records its states from a task of
    /// its own (a ``TabRouter``): ``flush()`` runs it first.
    private let recordLatest = _Locked<(@Sendable () -> Void)?>(nil)

    /// - Parameters:
    ///   - maximumBytes: The largest saved data ``restore()`` decodes.
    ///   - maximumEntries: The most entries the state's arrays may hold (a policy's
    ///     ``InputPolicy/maximumHistoryEntries``; below 1 counts as 1): ``RouterState``,
    ///     ``Presentation`` and ``NavigationHistory`` count theirs before decoding them (see
    ///     `_RestoredEntryLimit`), so an oversized state is refused without decoding its
    ///     routes. `nil`: only `validate` counts, after decoding.
    ///   - validate: Checks a decoded state before it is used; a ``PersistenceError`` it
    ///     throws is reported as it is, anything else as unreadable data.
    init(
        store: any NavigationStateStore,
        version: Int,
        maximumBytes: Int,
        maximumEntries: Int? = nil,
        validate: @escaping @Sendable (State) throws -> Void = { _ in }
    ) {
        self.store = store
        self.version = version
        self.maximumBytes = maximumBytes
        self.maximumEntries = maximumEntries.map { max($0, 1) }
        self.validate = validate
        PendingSaves.add(self)
    }

    deinit {
        PendingSaves.remove(self)
    }

    /// Where the store keeps its bytes.
    var storageIdentity: AnyHashable? { store.storageIdentity }

    /// How the last restore went; `nil` until it is known.
    var restoration: PersistenceEvent? {
        outcomes.state
    }

    /// The number of successful writes so far.
    var writeCount: Int {
        writes.withLock { $0 }
    }

    /// The handle of ``StatePersisting``'s accessors.
    var handle: _PersistenceHandle {
        _PersistenceHandle(outcomes: outcomes, writer: self)
    }

    /// Reads the saved state, and records how that went. Never throws and never writes.
    func restore() -> State? {
        let (state, event) = read()
        record(event)
        return state
    }

    /// How the restore went, once it is known: for a `restore()` called while another one
    /// applies the saved state. A cancelled caller gets the outcome if known by then, else
    /// ``PersistenceEvent/restoreRefused(_:)`` with ``NavigationError/taskCancelled``.
    func awaitRestoration() async -> PersistenceEvent {
        // Subscribed under the lock `record` takes: the outcome is in `initial` or comes after.
        let events = outcomes.subscribe(initial: { $0.map { [$0] } ?? [] }, transform: { $0 })
        for await event in events {
            if case .saveFailed = event { continue }
            return event
        }
        return restoration ?? .restoreRefused(.taskCancelled)
    }

    /// Records how restoring went, and publishes it to the subscribers already there.
    func record(_ event: PersistenceEvent) {
        outcomes.update { restoration, publish in
            restoration = event
            publish(event)
        }
    }

    /// Reads the saved state without recording anything, after writing what every other
    /// navigator and router of the process has recorded (see `PendingSaves`).
    func read() -> (state: State?, event: PersistenceEvent) {
        PendingSaves.flushAll(except: self)
        let data: Data?
        do {
            data = try store.load(maximumBytes: maximumBytes)
        } catch let error as PersistenceError {
            return (nil, .restoreFailed(error))
        } catch {
            return (nil, .restoreFailed(.store("\(error)")))
        }
        guard let data else { return (nil, .nothingSaved) }
        guard data.count <= maximumBytes else {
            return (nil, .restoreFailed(.tooLarge(bytes: data.count, limit: maximumBytes)))
        }
        let decoder = JSONDecoder()
        if let maximumEntries {
            decoder.userInfo[_RestoredEntryLimit.key] = maximumEntries
        }
        do {
            let header = try decoder.decode(VersionHeader.self, from: data)
            guard header.version == version else {
                return (nil, .restoreFailed(.incompatibleVersion(found: header.version, expected: version)))
            }
            let state = try decoder.decode(PersistedState<State>.self, from: data).state
            try validate(state)
            return (state, .restored)
        } catch let error as PersistenceError {
            return (nil, .restoreFailed(error))
        } catch {
            return (nil, .restoreFailed(.unreadable(Self.describe(error))))
        }
    }

    /// Records the state `current()` returns as the one to save, and starts a background
    /// write when none is under way. O(1): it never encodes or writes on the calling task.
    ///
    /// `current` runs under the pending state's lock, so that of two concurrent saves the
    /// one recorded last read the state last: the pending state is never older than one
    /// already recorded.
    /// - Parameter generation: The state's number, for callers that may record states out of
    ///   order: a state numbered at or below one already recorded is ignored.
    func save(generation: Int? = nil, _ current: () -> State) {
        let mustStart = pending.withLock { pending in
            if let generation {
                guard generation > pending.generation else { return false }
                pending.generation = generation
            }
            pending.state = current()
            pending.unwritten = nil
            defer { pending.isWriting = true }
            return !pending.isWriting
        }
        if mustStart {
            Task.detached(priority: .utility) { [self] in
                writePending()
            }
        }
    }

    /// Writes the pending state now, on the calling thread, after any write under way: the
    /// latest state recorded, or the last one whose write failed when none is newer.
    /// Returns once it is written (or failed, which is reported on the events).
    func flush() {
        recordLatest.withLock { $0 }?()
        writeLatest(retryingUnwritten: true)
    }

    /// Makes ``flush()`` (and so a restore from the same place, see `PendingSaves`) record
    /// the owner's latest state with `record` before it writes.
    func flushes(recordingLatestWith record: @escaping @Sendable () -> Void) {
        recordLatest.withLock { $0 = record }
    }

    /// The background writer: writes the latest state until none is pending.
    private func writePending() {
        while true {
            writeLatest()
            let isDone = pending.withLock { pending in
                guard pending.state == nil else { return false }
                pending.isWriting = false
                return true
            }
            if isDone {
                return
            }
        }
    }

    /// Takes the latest pending state and writes it, under the write lock, so writes happen
    /// in the order their states were taken: the newest always last. A state whose write
    /// fails is kept, while no newer one is recorded, for the next ``flush()``.
    /// - Parameter retryingUnwritten: Whether to write the kept state when none is pending.
    private func writeLatest(retryingUnwritten: Bool = false) {
        let failure: PersistenceError? = writes.withLock { count in
            let taken = pending.withLock { pending in
                pending.state.take() ?? (retryingUnwritten ? pending.unwritten.take() : nil)
            }
            guard let state = taken else { return nil }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            do {
                let data = try encoder.encode(PersistedState(version: version, state: state))
                try store.save(data)
                count += 1
                return nil
            } catch {
                pending.withLock { pending in
                    if pending.state == nil { pending.unwritten = state }
                }
                return .store("\(error)")
            }
        }
        if let failure {
            outcomes.update { _, publish in publish(.saveFailed(failure)) }
        }
    }

    private struct VersionHeader: Decodable {
        var version: Int
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context)?: context.debugDescription
        case .keyNotFound(let key, _)?: "missing key '\(key.stringValue)'"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?: context.debugDescription
        default: "\(error)"
        }
    }
}
