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
    public typealias Failure = Never

    private let stream: AsyncStream<Element>
    private let subscription: Subscription

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
        let (stream, continuation) = AsyncStream.makeStream(
            of: Element.self,
            bufferingPolicy: bufferingPolicy.streamPolicy()
        )
        self.stream = stream
        if let unregister = register(continuation) {
            continuation.onTermination = { _ in unregister() }
            subscription = Subscription(unregister: unregister)
        } else {
            continuation.finish()
            subscription = Subscription(unregister: nil)
        }
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator(), subscription: subscription)
    }

    /// The iterator of a ``SubjectStream``.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: AsyncStream<Element>.Iterator
        private let subscription: Subscription

        fileprivate init(base: AsyncStream<Element>.Iterator, subscription: Subscription) {
            self.base = base
            self.subscription = subscription
        }

        public mutating func next() async -> Element? {
            await base.next()
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            await base.next(isolation: actor)
        }
    }
}

@available(*, unavailable)
extension SubjectStream.Iterator: Sendable {}

/// Unregisters a subscription when the last stream or iterator holding it goes away.
private final class Subscription: Sendable {
    let unregister: (@Sendable () -> Void)?

    init(unregister: (@Sendable () -> Void)?) {
        self.unregister = unregister
    }

    deinit {
        unregister?()
    }
}
