import AsyncObservables
import StreamRouter

/// A hand-driven asynchronous sequence that also counts how often its consumer asked for
/// the next element, so a test can wait until an operator has *processed* what it was sent
/// (the consumer asks again only once it is done with the previous element).
///
/// ```swift
/// let source = TestSource<Int>()
/// let throttled = StreamRecorder(source.throttle(for: .seconds(1), clock: clock))
/// source.send(1)
/// try await source.waitForRequests(2)   // element 1 handled, the operator wants more
/// ```
///
/// One consumer at a time; elements sent before it asks are buffered.
public final class TestSource<Element: Sendable>: AsyncSequence, Sendable {
    /// `Never`: a test source never throws.
    public typealias Failure = Never

    private let subject = MulticastSubject<Element>()
    private let stream: SubjectStream<Element>
    private let requests = _Locked(0)

    /// A source with nothing sent yet.
    public init() {
        stream = subject.values
    }

    /// Buffers `element` for the consumer.
    public func send(_ element: Element) {
        subject.send(element)
    }

    /// Ends the sequence after the buffered elements.
    public func finish() {
        subject.finish()
    }

    /// How many times the consumer has called `next()`.
    public var requestCount: Int {
        requests.withLock { $0 }
    }

    /// Waits until the consumer has called `next()` at least `count` times.
    /// - Throws: ``EventuallyError`` when `timeout` passes first.
    public func waitForRequests(_ count: Int, timeout: Duration = .seconds(60)) async throws {
        try await eventually(timeout: timeout) { requestCount >= count }
    }

    private func countRequest() {
        requests.withLock { $0 += 1 }
    }

    /// Makes the iterator of the one consumer; each of its `next()` calls is counted.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator(), owner: self)
    }

    /// The iterator of a ``TestSource``.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: SubjectStream<Element>.Iterator
        private let owner: TestSource

        init(base: SubjectStream<Element>.Iterator, owner: TestSource) {
            self.base = base
            self.owner = owner
        }

        /// Counts the request, then waits for the next element sent; `nil` after ``TestSource/finish()``.
        public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Element? {
            owner.countRequest()
            return await base.next(isolation: actor)
        }

        /// The next element, as `next(isolation:)` gives it, without an actor to stay on.
        public mutating func next() async -> Element? {
            await next(isolation: nil)
        }
    }
}
