extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// Throws ``TimeoutError`` when `interval` passes without an element: from the start of
    /// iteration to the first element, and between elements (RxSwift's `timeout`).
    ///
    /// ```swift
    /// let first = try await navigator.actions.timeout(after: .seconds(2), clock: ContinuousClock())
    ///     .first { $0.currentPath == "/done" }
    /// ```
    /// - Parameters:
    ///   - interval: The longest wait for an element.
    ///   - clock: The clock to measure it with; pass a test clock in tests.
    public func timeout<C: Clock>(after interval: C.Duration, clock: C) -> TimeLimitedSequence<Self, C> {
        TimeLimitedSequence(self, interval: interval, clock: clock)
    }

    /// Throws ``TimeoutError`` when `interval` passes without an element, measured with
    /// `ContinuousClock`: ``timeout(after:clock:)`` with the clock most apps use.
    ///
    /// ```swift
    /// let first = try await navigator.actions.timeout(after: .seconds(2)).first { _ in true }
    /// ```
    /// - Parameter interval: The longest wait for an element.
    public func timeout(after interval: Duration) -> TimeLimitedSequence<Self, ContinuousClock> {
        timeout(after: interval, clock: ContinuousClock())
    }
}

/// An asynchronous sequence that throws ``TimeoutError`` when its base is silent too long.
public struct TimeLimitedSequence<Base: AsyncSequence & Sendable, C: Clock>: AsyncSequence, Sendable
where Base.Element: Sendable {
    /// The type of element the sequence produces: its base's.
    public typealias Element = Base.Element
    /// Any error: the base's, or ``TimeoutError``.
    public typealias Failure = any Error

    private let base: Base
    private let interval: C.Duration
    private let clock: C

    init(_ base: Base, interval: C.Duration, clock: C) {
        self.base = base
        self.interval = interval
        self.clock = clock
    }

    /// Makes an iterator, and starts the clock and consuming the base at once; dropping the
    /// iterator, or cancelling the task that iterates it, stops both.
    public func makeAsyncIterator() -> TimedOperatorIterator<Element, Failure, C> {
        let machine = Machine(deadline: clock.now.advanced(by: interval))
        let storage = TimedStorage(machine, clock: clock, interval: interval)
        storage.start(consuming: base) { $0 }
        return TimedOperatorIterator(storage)
    }

    private typealias Machine = TimeoutStateMachine<
        Element, C.Instant, TimedConsumer<Element, Failure>, TimedTimer<C.Instant>
    >
}
