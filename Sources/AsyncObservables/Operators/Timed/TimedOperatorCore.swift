/// The engine under the clock-driven operators (debounce, throttle, timeout): a pump task
/// consumes the base, a timer task sleeps on the operator's clock, and both hand their
/// results to one output stream, in the order they happen under the operator's lock.
///
/// Cancelling the consumer, or dropping the iterator, cancels the pump and the timer.
final class TimedOperatorCore<Element: Sendable, Failure: Error, C: Clock>: Sendable {
    typealias Output = Result<Element, Failure>

    let clock: C
    /// Where the operator's results go.
    let output: AsyncStream<Output>.Continuation
    /// The operator's results, for its iterator.
    let outputs: AsyncStream<Output>
    private let timer = Locked<Task<Void, Never>?>(nil)
    private let pump = Locked<Task<Void, Never>?>(nil)

    init(clock: C) {
        self.clock = clock
        let (stream, continuation) = AsyncStream.makeStream(of: Output.self)
        output = continuation
        outputs = stream
    }

    /// Starts consuming `base`: each element and the end (or error) go to the handlers.
    func start<Base: AsyncSequence & Sendable>(
        _ base: Base,
        onElement: @escaping @Sendable (Element) -> Void,
        onEnd: @escaping @Sendable (Base.Failure?) -> Void
    ) where Base.Element == Element {
        let task = Task {
            do throws(Base.Failure) {
                for try await element in base {
                    onElement(element)
                }
                onEnd(nil)
            } catch {
                onEnd(error)
            }
        }
        pump.withLock { $0 = task }
        output.onTermination = { [weak self] _ in self?.cancel() }
    }

    /// Replaces the pending timer (if any) with one firing at `deadline`.
    func schedule(at deadline: C.Instant, fire: @escaping @Sendable () -> Void) {
        let clock = clock
        let task = Task {
            do {
                try await clock.sleep(until: deadline, tolerance: nil)
            } catch {
                return  // cancelled: a newer timer replaced this one, or the consumer left
            }
            fire()
        }
        timer.withLock { timer in
            timer?.cancel()
            timer = task
        }
    }

    /// Cancels the pending timer.
    func cancelTimer() {
        timer.withLock { $0?.cancel() }
    }

    /// Stops the pump and the timer.
    func cancel() {
        pump.withLock { $0?.cancel() }
        timer.withLock { $0?.cancel() }
    }

    deinit {
        cancel()
    }
}

/// Cancels a timed operator's tasks when its iterator goes away (the tasks hold the core,
/// so the core's own `deinit` cannot be relied on while they run).
final class TimedOperatorLifetime<Element: Sendable, Failure: Error, C: Clock>: Sendable {
    let core: TimedOperatorCore<Element, Failure, C>

    init(_ core: TimedOperatorCore<Element, Failure, C>) {
        self.core = core
    }

    deinit {
        core.cancel()
    }
}

/// The iterator of the clock-driven operators (``AsyncDebounceSequence``,
/// ``AsyncThrottleSequence``, ``AsyncTimeoutSequence``). Dropping it cancels the operator's
/// tasks.
public struct AsyncTimedIterator<Element: Sendable, Failure: Error, C: Clock>: AsyncIteratorProtocol {
    private var outputs: AsyncStream<Result<Element, Failure>>.Iterator
    private let lifetime: TimedOperatorLifetime<Element, Failure, C>

    init(core: TimedOperatorCore<Element, Failure, C>) {
        outputs = core.outputs.makeAsyncIterator()
        lifetime = TimedOperatorLifetime(core)
    }

    /// The next element the operator delivers, or `nil` once it has finished.
    /// - Throws: The base's error, after any element still pending, or ``TimeoutError``
    ///   from ``_Concurrency/AsyncSequence/timeout(after:clock:)``.
    public mutating func next(
        isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
        try await outputs.next(isolation: actor)?.get()
    }

    /// The next element, as `next(isolation:)` gives it, without an actor to stay on.
    public mutating func next() async throws(Failure) -> Element? {
        try await next(isolation: nil)
    }
}

@available(*, unavailable)
extension AsyncTimedIterator: Sendable {}
