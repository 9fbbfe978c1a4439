/// A publisher holding a value: a new subscriber gets the current value first, then every
/// change (Combine's `CurrentValueSubject`, RxSwift's `BehaviorSubject`).
///
/// ```swift
/// let count = CurrentValueSubject(0)
/// let stream = count.values       // will yield 0 first
/// count.send(1)                   // then 1
/// count.update { $0 += 1 }        // then 2, atomically
/// ```
///
/// After ``finish()`` the value can still change, but nothing is delivered and new
/// subscribers finish at once.
///
/// > Note: Thread-safe. All subscribers see the values in one order.
public final class CurrentValueSubject<Value: Sendable>: Sendable {
    private let state: ObservableState<Value, Value>

    /// Creates a subject holding `value`.
    public init(_ value: Value) {
        state = ObservableState(value)
    }

    /// The current value.
    public var value: Value {
        state.state
    }

    /// A new subscription with an unbounded buffer, registered now; yields the current
    /// value first. An unread one keeps every value since it subscribed: for a consumer that
    /// only needs the latest, use `values(bufferingPolicy: .bufferingNewest(1))`.
    public var values: SubjectStream<Value> {
        values()
    }

    /// A new subscription, registered now; yields the current value first.
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   an unread stream keeps every value since it subscribed).
    public func values(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<Value> {
        state.subscribe(bufferingPolicy: bufferingPolicy, initial: { [$0] }, transform: { $0 })
    }

    /// Replaces the value and delivers it to every subscriber.
    public func send(_ value: Value) {
        state.update { current, publish in
            current = value
            publish(value)
        }
    }

    /// Mutates the value atomically and delivers the result to every subscriber.
    /// - Parameter body: Mutates the value; runs under the subject's lock. When it throws,
    ///   the value is left as it was and nothing is delivered.
    /// - Returns: What `body` returns.
    @discardableResult
    public func update<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try state.update { current, publish in
            var updated = current
            let result = try body(&updated)
            current = updated
            publish(current)
            return result
        }
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
