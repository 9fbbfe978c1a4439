/// One subscription held by an ``ObservableState``.
protocol EventSubscriber<Event> {
    associatedtype Event

    /// Delivers an event. Runs no user code besides the subscription's transform, so it
    /// is safe to call while the publisher's lock is held.
    func deliver(_ event: Event)

    /// Finishes the stream. Call it *outside* the publisher's lock: finishing runs the
    /// stream's `onTermination`, which takes that lock to unregister (the lock is not
    /// reentrant).
    func finish()
}

/// A subscriber backed by an `AsyncStream` continuation and a transform from the
/// publisher's events to the stream's elements (`nil` skips an event).
struct StreamSubscriber<Event, Element: Sendable>: EventSubscriber {
    let continuation: AsyncStream<Element>.Continuation
    let transform: @Sendable (Event) -> Element?

    func deliver(_ event: Event) {
        if let element = transform(event) {
            continuation.yield(element)
        }
    }

    func finish() {
        continuation.finish()
    }
}
