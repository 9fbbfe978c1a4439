/// One subscription held by an ``ObservableState``: how to hand its stream an event, and
/// how to finish the stream.
///
/// Both closures are made where the subscription's types are concrete (the `subscribe`
/// methods of ``ObservableState`` are inlinable), so delivering an event runs specialised
/// code: it looks up no generic metadata at run time, and it is the publisher's cost per
/// subscriber on every event.
@usableFromInline
struct StreamSubscriber<Event>: Sendable {
    /// Delivers an event: runs the subscription's transform, if any, and yields the result
    /// to its stream. Runs no user code besides the transform, so it is safe to call while
    /// the publisher's lock is held.
    @usableFromInline
    let deliver: @Sendable (Event) -> Void

    /// Finishes the stream. Call it *outside* the publisher's lock: finishing runs the
    /// stream's termination handler, which takes that lock to unregister (the lock is not
    /// reentrant).
    @usableFromInline
    let finish: @Sendable () -> Void

    @inlinable
    init(deliver: @escaping @Sendable (Event) -> Void, finish: @escaping @Sendable () -> Void) {
        self.deliver = deliver
        self.finish = finish
    }

    /// What a free slot of a ``SubscriberRegistry`` holds: it ignores events.
    static var vacant: StreamSubscriber {
        StreamSubscriber(deliver: { _ in }, finish: {})
    }
}
