import AsyncObservables

/// Anything that saves its navigation state to a ``NavigationStateStore``: a ``Navigator``,
/// a ``Router``, a ``TabRouter`` and a ``SplitRouter`` made with a store.
///
/// Its one requirement is the library's handle on the persistence; the accessors come with
/// it, once, for all of them: ``restoration``, ``StatePersisting/persistenceEvents`` (and
/// ``persistenceEvents(bufferingPolicy:)``) and ``flush()``.
///
/// ```swift
/// func logPersistence(of source: some StatePersisting) async {
///     for await event in source.persistenceEvents { print(event) }  // the restore outcome, then each failed save
/// }
/// func applicationWillTerminate(_ sources: [any StatePersisting]) {
///     for source in sources { source.flush() }
/// }
/// ```
///
/// > Note: The library's types are the conformers; a type of the app conforms by forwarding
/// > `_persistence` to one of them.
public protocol StatePersisting: AnyObject, Sendable {
    /// The persistence behind the accessors; `nil` for one made without a store.
    /// Made by the library (forward it to compose one of its types).
    @_spi(StreamRouterInternals) var _persistence: _PersistenceHandle? { get }

    /// Writes the latest state to the store now, on the calling thread, after any write under
    /// way; returns once it is written (a failure is reported on ``StatePersisting/persistenceEvents``). Call
    /// it when the app is about to terminate, and in tests before reading the store. Does
    /// nothing without a store, or when everything is written already.
    func flush()
}

extension StatePersisting {
    /// How restoring from the store went; `nil` without a store, and while a saved state
    /// waits for a `restore()` through guards (``Router/restore()``, ``TabRouter/restore()``).
    public var restoration: PersistenceEvent? {
        _persistence?.outcomes.state
    }

    /// How restoring from the store went, then each failed save, with an unbounded buffer: an
    /// unread one keeps one event per failed save.
    public var persistenceEvents: SubjectStream<PersistenceEvent> {
        persistenceEvents()
    }

    /// How restoring from the store went (once known: after `restore()` when a state waits
    /// for the guards), then each failed save. Finishes at once without a store.
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   an unread stream keeps the outcome and one event per failed save).
    public func persistenceEvents(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<PersistenceEvent> {
        guard let persistence = _persistence else {
            return .finished()
        }
        return persistence.outcomes.subscribe(
            bufferingPolicy: bufferingPolicy, initial: { $0.map { [$0] } ?? [] }, transform: { $0 })
    }

    /// Writes the latest state to the store now, on the calling thread, after any write under
    /// way (see ``StatePersisting/flush()``).
    public func flush() {
        _persistence?.writer.flush()
    }
}

/// The library's handle on one persistence, whatever its state's type: how restoring went and
/// each failed save, and the writer that ``StatePersisting/flush()`` flushes. Opaque: only
/// the library makes one.
@_spi(StreamRouterInternals)
public struct _PersistenceHandle: Sendable {
    /// The restore outcome (the state), then each save failure (the events).
    let outcomes: ObservableState<PersistenceEvent?, PersistenceEvent>
    /// The writer of the pending state.
    let writer: any PendingWriter
}
