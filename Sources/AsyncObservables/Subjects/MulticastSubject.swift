/// A publisher that delivers every value it is sent to every current subscriber
/// (Combine's `PassthroughSubject`, RxSwift's `PublishSubject`).
///
/// ```swift
/// let subject = MulticastSubject<String>()
/// let first = subject.values, second = subject.values
/// subject.send("hello")          // both streams get "hello"
/// subject.finish()               // both streams finish
/// ```
///
/// A subscriber sees only values sent after it subscribed. Deallocating the subject
/// finishes every stream.
///
/// > Note: Thread-safe: send from any task. All subscribers see the values in one order.
public final class MulticastSubject<Element: Sendable>: Sendable {
    private let state = ObservableState<Void, Element>(())

    /// Creates a subject with no subscribers.
    public init() {}

    /// A new subscription with an unbounded buffer, registered now: an unread one keeps every
    /// value sent since it subscribed.
    public var values: SubjectStream<Element> {
        values()
    }

    /// A new subscription, registered now.
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   an unread stream keeps every value sent since it subscribed).
    public func values(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<Element> {
        state.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// Delivers `value` to every current subscriber. Does nothing after ``finish()``.
    public func send(_ value: Element) {
        state.update { _, publish in publish(value) }
    }

    /// Finishes every stream; later subscribers finish at once.
    public func finish() {
        state.finish()
    }

    /// The number of live subscriptions.
    @_spi(Testing) public var subscriberCount: Int {
        state.subscriberCount
    }
}
