/// One subscription held by an ``ObservableState``: how to hand its stream an event, and
/// the stream's buffer, to wake or finish it.
///
/// `deliver` is made where the subscription's types are concrete (the `subscribe` methods
/// of ``ObservableState`` are inlinable), so delivering an event runs specialised code: it
/// looks up no generic metadata at run time, and it is the publisher's cost per subscriber
/// on every event.
@usableFromInline
struct StreamSubscriber<Event>: Sendable {
    /// Runs the subscription's transform, if any, and enqueues the result in its buffer.
    /// Resumes nothing, so it is safe to call under the publisher's lock.
    /// - Returns: `true` when the value was handed to a waiting consumer, which the
    ///   publisher must wake after releasing its lock.
    @usableFromInline
    let deliver: @Sendable (Event) -> Bool

    /// The subscription's buffer: woken after a delivery, finished with the publisher.
    @usableFromInline
    let endpoint: any StreamEndpoint

    @inlinable
    init(endpoint: any StreamEndpoint, deliver: @escaping @Sendable (Event) -> Bool) {
        self.endpoint = endpoint
        self.deliver = deliver
    }
}
