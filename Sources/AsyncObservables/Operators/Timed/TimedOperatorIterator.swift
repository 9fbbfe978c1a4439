/// What a clock-driven operator's iterator consumes, whatever the operator: its storage
/// (a ``TimedStorage`` of the operator's state machine).
protocol TimedOperatorOutput<Element, Failure>: AnyObject, Sendable {
    associatedtype Element: Sendable
    associatedtype Failure: Error

    /// The next element, the end (`nil`), or the error.
    func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element?

    /// The consumer left: the operator's tasks end.
    func consumerLeft()
}

extension TimedStorage: TimedOperatorOutput {}

/// Ends a timed operator when its iterator goes away: the operator's tasks hold its storage,
/// so the storage's own `deinit` cannot be relied on while they run.
final class TimedOperatorLifetime<Element: Sendable, Failure: Error>: Sendable {
    let output: any TimedOperatorOutput<Element, Failure>

    init(_ output: any TimedOperatorOutput<Element, Failure>) {
        self.output = output
    }

    deinit {
        output.consumerLeft()
    }
}

/// The iterator of the clock-driven operators (``DebouncedSequence``,
/// ``ThrottledSequence``, ``TimeLimitedSequence``). Dropping it cancels the operator's
/// tasks.
public struct TimedOperatorIterator<Element: Sendable, Failure: Error, C: Clock>: AsyncIteratorProtocol {
    private let lifetime: TimedOperatorLifetime<Element, Failure>

    init(_ output: any TimedOperatorOutput<Element, Failure>) {
        lifetime = TimedOperatorLifetime(output)
    }

    /// The next element the operator delivers, or `nil` once it has finished (or the
    /// consuming task was cancelled).
    /// - Throws: The base's error, after any element still pending, or ``TimeoutError``
    ///   from ``_Concurrency/AsyncSequence/timeout(after:clock:)``.
    public mutating func next(
        isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
        try await lifetime.output.next(isolation: actor)
    }

    /// The next element, as `next(isolation:)` gives it, without an actor to stay on.
    public mutating func next() async throws(Failure) -> Element? {
        try await next(isolation: nil)
    }
}

@available(*, unavailable)
extension TimedOperatorIterator: Sendable {}
