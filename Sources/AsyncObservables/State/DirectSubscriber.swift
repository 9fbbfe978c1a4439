/// A subscriber whose stream yields the publisher's events as they are: no transform to
/// call, nothing to allocate beyond the stream (``ObservableState/subscribe(bufferingPolicy:)``).
struct DirectSubscriber<Event: Sendable>: EventSubscriber {
    let continuation: AsyncStream<Event>.Continuation

    func deliver(_ event: Event) {
        continuation.yield(event)
    }

    func finish() {
        continuation.finish()
    }
}
