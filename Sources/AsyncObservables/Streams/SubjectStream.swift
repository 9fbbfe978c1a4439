/// The stream of one subscription to a subject, a navigator or any ``ObservableState``.
///
/// The subscription is registered when the stream is *created*, not when iteration
/// starts: a value published right after `let stream = subject.values` is delivered to
/// `stream`. Iterate it once, from one task.
///
/// The subscription ends, and its buffer is freed, when any of these happens:
/// - the consuming task is cancelled: the pending `next()` returns `nil` at once, and so
///   does every later one, even if values were buffered;
/// - the stream and every iterator made from it are dropped;
/// - the publisher finishes or is deallocated: values already buffered are delivered
///   first, then `nil`.
///
/// > Note: `SubjectStream` is `Sendable`, so it can be created on one task and consumed on
/// > another; its iterator is not. Publishing never waits for a consumer and never resumes
/// > a consumer while holding a lock (see the concurrency-contract article).
public struct SubjectStream<Element: Sendable>: AsyncSequence, Sendable {
    /// `Never`: a subscription finishes; it never fails.
    public typealias Failure = Never

    private let lifetime: StreamLifetime<Element>

    /// A stream reading `buffer`; dropping the stream and its iterators cancels it.
    @usableFromInline
    package init(buffer: _StreamBuffer<Element>) {
        lifetime = StreamLifetime(buffer)
    }

    /// A stream that has already finished: it yields nothing.
    package static func finished() -> SubjectStream {
        let buffer = _StreamBuffer<Element>(bufferingPolicy: .unbounded)
        buffer.finish()
        return SubjectStream(buffer: buffer)
    }

    /// Makes the iterator of the subscription; iterate it from one task.
    public func makeAsyncIterator() -> Iterator {
        Iterator(lifetime: lifetime)
    }

    /// The iterator of a ``SubjectStream``.
    public struct Iterator: AsyncIteratorProtocol {
        private let lifetime: StreamLifetime<Element>

        fileprivate init(lifetime: StreamLifetime<Element>) {
            self.lifetime = lifetime
        }

        /// The next value, or `nil` once the subscription has ended (its publisher finished or
        /// went away, or the consuming task was cancelled).
        public mutating func next() async -> Element? {
            await lifetime.buffer.next(isolation: nil)
        }

        /// The next value, as `next()` gives it, staying on `actor` while waiting.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            await lifetime.buffer.next(isolation: actor)
        }
    }
}

@available(*, unavailable)
extension SubjectStream.Iterator: Sendable {}

/// Keeps a subscription while a stream or one of its iterators exists; cancels it when the
/// last of them is dropped.
final class StreamLifetime<Element: Sendable>: Sendable {
    let buffer: _StreamBuffer<Element>

    init(_ buffer: _StreamBuffer<Element>) {
        self.buffer = buffer
    }

    deinit {
        buffer.cancel()
    }
}
