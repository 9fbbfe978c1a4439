import Synchronization

/// Counts the subscription buffers of one publisher that are still allocated: a buffer
/// joins when it is made and leaves when it is deallocated, whatever ended its
/// subscription. A test reads it to prove that subscriptions leave nothing behind, per
/// publisher, so that other tests running in parallel cannot disturb the count (as they
/// disturb a process's resident memory).
@usableFromInline
package final class _BufferCensus: Sendable {
    private let live = Atomic<Int>(0)

    @usableFromInline
    init() {}

    /// The buffers made and not yet deallocated.
    package var liveCount: Int {
        live.load(ordering: .acquiring)
    }

    @usableFromInline
    func join() {
        live.add(1, ordering: .relaxed)
    }

    @usableFromInline
    func leave() {
        live.subtract(1, ordering: .releasing)
    }
}
