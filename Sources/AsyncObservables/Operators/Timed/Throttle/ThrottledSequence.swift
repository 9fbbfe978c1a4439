extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// Delivers at most one element per `interval` (Combine's `throttle`, RxSwift's
    /// `throttle`): the first element at once, then, at the end of each interval, the latest
    /// (or first) element that arrived during it.
    ///
    /// ```swift
    /// for await action in navigator.actions.throttle(for: .seconds(1), clock: ContinuousClock()) { ... }
    /// ```
    ///
    /// When the base finishes, an element still waiting for its interval is delivered at
    /// once, then the sequence finishes.
    /// - Parameters:
    ///   - interval: The minimum time between two delivered elements.
    ///   - clock: The clock to measure it with; pass a test clock in tests.
    ///   - latest: Deliver the latest element of an interval (`true`) or its first (`false`).
    public func throttle<C: Clock>(
        for interval: C.Duration,
        clock: C,
        latest: Bool = true
    ) -> ThrottledSequence<Self, C> {
        ThrottledSequence(self, interval: interval, clock: clock, latest: latest)
    }

    /// Delivers at most one element per `interval`, measured with `ContinuousClock`:
    /// ``throttle(for:clock:latest:)`` with the clock most apps use.
    ///
    /// ```swift
    /// for await action in navigator.actions.throttle(for: .seconds(1)) { ... }
    /// ```
    /// - Parameters:
    ///   - interval: The minimum time between two delivered elements.
    ///   - latest: Deliver the latest element of an interval (`true`) or its first (`false`).
    public func throttle(for interval: Duration, latest: Bool = true) -> ThrottledSequence<Self, ContinuousClock> {
        throttle(for: interval, clock: ContinuousClock(), latest: latest)
    }
}

/// An asynchronous sequence that delivers at most one element per interval.
public struct ThrottledSequence<Base: AsyncSequence & Sendable, C: Clock>: AsyncSequence, Sendable
where Base.Element: Sendable {
    /// The type of element the sequence produces: its base's.
    public typealias Element = Base.Element
    /// The error the sequence throws: its base's (`Never` when the base cannot throw).
    public typealias Failure = Base.Failure

    private let base: Base
    private let interval: C.Duration
    private let clock: C
    private let latest: Bool

    init(_ base: Base, interval: C.Duration, clock: C, latest: Bool) {
        self.base = base
        self.interval = interval
        self.clock = clock
        self.latest = latest
    }

    /// Makes an iterator, and starts consuming the base and timing at once; dropping the
    /// iterator, or cancelling the task that iterates it, stops both.
    public func makeAsyncIterator() -> TimedOperatorIterator<Element, Failure, C> {
        let storage = Storage(ThrottleStateMachine(latest: latest), clock: clock, interval: interval)
        storage.start(consuming: base) { $0 }
        return TimedOperatorIterator(storage)
    }

    private typealias Storage = TimedStorage<
        ThrottleStateMachine<Element, Failure, C.Instant, TimedConsumer<Element, Failure>, TimedTimer<C.Instant>>, C
    >
}
