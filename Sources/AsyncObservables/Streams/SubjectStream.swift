/// The stream of one subscription to a subject, a navigator or any ``ObservableState``.
///
/// The subscription is registered when the stream is *created*, not when iteration
/// starts: a value published right after `let stream = subject.values` is delivered to
/// `stream`. Iterate it once, from one task.
///
/// The subscription ends, and its buffer is freed, when any of these happens:
/// - the consuming task is cancelled;
/// - the stream and every iterator made from it are dropped;
/// - the publisher finishes or is deallocated (values already buffered are delivered first).
///
/// > Note: `SubjectStream` is `Sendable`, so it can be created on one task and consumed on
/// > another; its iterator is not.
public struct SubjectStream<Element: Sendable>: AsyncSequence, Sendable {
    /// `Never`: a subscription finishes; it never fails.
    public typealias Failure = Never

    private let stream: AsyncStream<Element>

    /// What a stream runs once when it terminates: finished by its publisher, its
    /// consuming task cancelled, or the stream and every iterator made from it dropped.
    package typealias TerminationHandler = @Sendable (AsyncStream<Element>.Continuation.Termination) -> Void

    /// Creates a stream whose continuation `register` hands to a publisher.
    ///
    /// - Parameters:
    ///   - bufferingPolicy: The buffer of this subscription.
    ///   - register: Registers the continuation with the publisher and returns the closure
    ///     that unregisters it, or returns `nil` when the publisher has already finished.
    package init(
        bufferingPolicy: BufferingPolicy,
        register: (AsyncStream<Element>.Continuation) -> (@Sendable () -> Void)?
    ) {
        self = .registering(bufferingPolicy: bufferingPolicy) { continuation -> TerminationHandler? in
            guard let unregister = register(continuation) else { return nil }
            return { _ in unregister() }
        }
    }

    private init(stream: AsyncStream<Element>) {
        self.stream = stream
    }

    /// Creates a stream whose continuation `register` hands to a publisher; the handler it
    /// returns becomes the stream's termination handler, so unregistering costs no closure
    /// besides it.
    ///
    /// - Parameters:
    ///   - bufferingPolicy: The buffer of this subscription.
    ///   - register: Registers the continuation with the publisher and returns the handler
    ///     that unregisters it, or returns `nil` when the publisher has already finished
    ///     (the stream then finishes at once).
    package static func registering(
        bufferingPolicy: BufferingPolicy,
        _ register: (AsyncStream<Element>.Continuation) -> TerminationHandler?
    ) -> SubjectStream {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Element.self,
            bufferingPolicy: bufferingPolicy.streamPolicy()
        )
        // `AsyncStream` runs the handler when the consuming task is cancelled, when the
        // stream finishes, and when the stream and all its iterators are deallocated.
        if let handler = register(continuation) {
            continuation.onTermination = handler
        } else {
            continuation.finish()
        }
        return SubjectStream(stream: stream)
    }

    /// Makes the iterator of the subscription; iterate it from one task.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator())
    }

    /// The iterator of a ``SubjectStream``.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: AsyncStream<Element>.Iterator

        fileprivate init(base: AsyncStream<Element>.Iterator) {
            self.base = base
        }

        /// The next value, or `nil` once the subscription has ended (its publisher finished or
        /// went away, or the consuming task was cancelled).
        public mutating func next() async -> Element? {
            await base.next()
        }

        /// The next value, as `next()` gives it, staying on `actor` while waiting.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            await base.next(isolation: actor)
        }
    }
}

@available(*, unavailable)
extension SubjectStream.Iterator: Sendable {}
