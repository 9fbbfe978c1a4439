extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// Delivers an element only once `interval` has passed without a newer one
    /// (Combine's and RxSwift's `debounce`): a burst of path changes becomes its last path.
    ///
    /// ```swift
    /// for await query in searchText.debounce(for: .milliseconds(300), clock: ContinuousClock()) { ... }
    /// ```
    ///
    /// When the base finishes, the pending element (if any) is delivered at once, then the
    /// sequence finishes. A base error is delivered after the pending element.
    /// - Parameters:
    ///   - interval: The quiet time an element must survive.
    ///   - clock: The clock to measure it with; pass a test clock in tests.
    public func debounce<C: Clock>(for interval: C.Duration, clock: C) -> DebouncedSequence<Self, C> {
        DebouncedSequence(self, interval: interval, clock: clock)
    }

    /// Delivers an element only once `interval` has passed without a newer one, measured
    /// with `ContinuousClock`: ``debounce(for:clock:)`` with the clock most apps use.
    ///
    /// ```swift
    /// for await query in searchText.debounce(for: .milliseconds(300)) { ... }
    /// ```
    ///
    /// > Note: To inject a clock for tests, take it as a generic parameter
    /// > (`some Clock<Duration>`) and call ``debounce(for:clock:)``; an `any Clock<Duration>`
    /// > cannot be passed, because the sequence's type names its clock's type.
    /// - Parameter interval: The quiet time an element must survive.
    public func debounce(for interval: Duration) -> DebouncedSequence<Self, ContinuousClock> {
        debounce(for: interval, clock: ContinuousClock())
    }
}

/// An asynchronous sequence that delivers an element after a quiet interval.
public struct DebouncedSequence<Base: AsyncSequence & Sendable, C: Clock>: AsyncSequence, Sendable
where Base.Element: Sendable {
    /// The type of element the sequence produces: its base's.
    public typealias Element = Base.Element
    /// The error the sequence throws: its base's (`Never` when the base cannot throw).
    public typealias Failure = Base.Failure

    private let base: Base
    private let interval: C.Duration
    private let clock: C

    init(_ base: Base, interval: C.Duration, clock: C) {
        self.base = base
        self.interval = interval
        self.clock = clock
    }

    /// Makes an iterator, and starts consuming the base and timing at once; dropping the
    /// iterator, or cancelling the task that iterates it, stops both.
    public func makeAsyncIterator() -> TimedOperatorIterator<Element, Failure, C> {
        let storage = Storage(DebounceStateMachine(), clock: clock, interval: interval)
        storage.start(consuming: base) { $0 }
        return TimedOperatorIterator(storage)
    }

    private typealias Storage = TimedStorage<
        DebounceStateMachine<Element, Failure, C.Instant, TimedConsumer<Element, Failure>, TimedTimer<C.Instant>>, C
    >
}
