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

/// The error of a sequence that waited too long for an element.
public struct TimeoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Creates the error.
    public init() {}

    /// A sentence for logs.
    public var description: String { "No element arrived within the timeout." }
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
        let core = TimedOperatorCore<Element, Failure, C>(clock: clock)
        let isDone = Locked(false)
        let interval = interval

        @Sendable func expire() {
            let expired = isDone.withLock { isDone in
                defer { isDone = true }
                return !isDone
            }
            if expired {
                core.cancel()
                core.end(throwing: TimeoutError())
            }
        }

        core.schedule(at: core.clock.now.advanced(by: interval), fire: expire)
        core.start(base) { element in
            // Enqueued under the lock, so no element follows the timeout's end.
            let (delivered, mustWake) = isDone.withLock { isDone in
                isDone ? (false, false) : (true, core.enqueue(element))
            }
            guard delivered else { return }
            if mustWake {
                core.wakeConsumer()
            }
            core.schedule(at: core.clock.now.advanced(by: interval), fire: expire)
        } onEnd: { failure in
            core.cancelTimer()
            let ending = isDone.withLock { isDone in
                defer { isDone = true }
                return !isDone
            }
            if ending {
                core.end(throwing: failure)
            }
        }
        return TimedOperatorIterator(core: core)
    }
}
