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
    ) -> AsyncThrottleSequence<Self, C> {
        AsyncThrottleSequence(self, interval: interval, clock: clock, latest: latest)
    }
}

/// An asynchronous sequence that delivers at most one element per interval.
public struct AsyncThrottleSequence<Base: AsyncSequence & Sendable, C: Clock>: AsyncSequence, Sendable
where Base.Element: Sendable {
    /// The type of element the sequence produces: its base's.
    public typealias Element = Base.Element
    /// The error the sequence throws: its base's (`Never` when the base cannot throw).
    public typealias Failure = Base.Failure

    private struct State {
        var isWindowOpen = false
        var pending: Element?
    }

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
    public func makeAsyncIterator() -> AsyncTimedIterator<Element, Failure, C> {
        let core = TimedOperatorCore<Element, Failure, C>(clock: clock)
        let state = Locked(State())
        let interval = interval
        let latest = latest

        @Sendable func closeWindow() {
            state.withLock { state in
                guard let element = state.pending else {
                    state.isWindowOpen = false
                    return
                }
                state.pending = nil
                core.output.yield(.success(element))
                core.schedule(at: core.clock.now.advanced(by: interval), fire: closeWindow)
            }
        }

        core.start(base) { element in
            state.withLock { state in
                if state.isWindowOpen {
                    if latest || state.pending == nil {
                        state.pending = element
                    }
                } else {
                    state.isWindowOpen = true
                    core.output.yield(.success(element))
                    core.schedule(at: core.clock.now.advanced(by: interval), fire: closeWindow)
                }
            }
        } onEnd: { failure in
            core.cancelTimer()
            state.withLock { state in
                if let element = state.pending {
                    core.output.yield(.success(element))
                    state.pending = nil
                }
                if let failure {
                    core.output.yield(.failure(failure))
                }
                core.output.finish()
            }
        }
        return AsyncTimedIterator(core: core)
    }
}
