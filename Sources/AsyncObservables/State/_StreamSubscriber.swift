/// One subscription held by an ``ObservableState``: how to hand its stream an event, and
/// the stream's buffer, to wake or finish it.
///
/// `deliver` is made where the subscription's types are concrete (the `subscribe` methods
/// of ``ObservableState`` are inlinable), so delivering an event runs specialised code: it
/// looks up no generic metadata at run time, and it is the publisher's cost per subscriber
/// on every event.
@usableFromInline
struct _StreamSubscriber<Event>: Sendable {
    /// Runs the subscription's transform, if any, and enqueues the result in its buffer;
    /// a consumer the value was handed to directly goes into the wakes, for the publisher
    /// to wake after releasing its lock. Resumes nothing, so it is safe to call under the
    /// publisher's lock.
    @usableFromInline
    let deliver: @Sendable (Event, inout _PendingWakes) -> Void

    /// The subscription's buffer: finished with the publisher.
    @usableFromInline
    let endpoint: any _StreamEndpoint

    @inlinable
    init(endpoint: any _StreamEndpoint, deliver: @escaping @Sendable (Event, inout _PendingWakes) -> Void) {
        self.endpoint = endpoint
        self.deliver = deliver
    }
}

/// The endpoint of a relay (see `ObservableState.relay(to:_:)`): it has no consumer to wake
/// or finish.
final class RelayEndpoint: _StreamEndpoint {
    func wake() {}
    func finish() {}
    var bufferedCount: Int { 0 }
    var consumerHasLeft: Bool { false }
}
