import AsyncObservables

/// Every live ``_StatePersistence`` of the process, so that restoring from a store first
/// writes what other navigators and routers have recorded but not written yet.
///
/// Saving runs in the background; without this, a navigator made right after another one
/// changed (a relaunch within one process: a test, a scene restored twice) could read the
/// store before the other's latest state is written. Restoring happens at launch, so
/// flushing every pending save then costs nothing that matters.
enum PendingSaves {
    private static let registry = _Locked<[ObjectIdentifier: WeakWriter]>([:])

    /// Keeps a weak reference to `writer` until ``remove(_:)``.
    static func add(_ writer: some PendingWriter) {
        registry.withLock { $0[ObjectIdentifier(writer)] = WeakWriter(writer) }
    }

    /// Forgets `writer`.
    static func remove(_ writer: some PendingWriter) {
        let id = ObjectIdentifier(writer)
        _ = registry.withLock { $0.removeValue(forKey: id) }
    }

    /// Writes what every other live writer saving to the same place as `writer` has
    /// recorded and not written yet. Call it with no lock held: each write takes its
    /// writer's locks and the store's.
    static func flushAll(except writer: some PendingWriter) {
        guard let place = writer.storageIdentity else { return }
        let id = ObjectIdentifier(writer)
        let others = registry.withLock { registry in
            registry.compactMap { $0.key == id ? nil : $0.value.writer }
        }.filter { $0.storageIdentity == place }
        for other in others {
            other.flush()
        }
    }
}

/// What ``PendingSaves`` can flush.
protocol PendingWriter: AnyObject, Sendable {
    /// Writes the pending state now, after any write under way.
    func flush()
    /// Where the writer's store keeps its bytes; `nil` when unknown.
    var storageIdentity: AnyHashable? { get }
}

/// A weak reference to a ``PendingWriter``.
private struct WeakWriter: Sendable {
    weak var writer: (any PendingWriter)?

    init(_ writer: any PendingWriter) {
        self.writer = writer
    }
}
