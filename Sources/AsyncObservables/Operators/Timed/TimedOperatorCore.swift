/// The engine under the clock-driven operators (debounce, throttle, timeout): a pump task
/// consumes the base, a timer task sleeps on the operator's clock, and both hand their
/// results to one output buffer, in the order the operator decides under its own lock.
///
/// Locks and the runtime: an operator enqueues into ``output`` under its lock (which
/// resumes nothing), and wakes the consumer, finishes the output, starts or cancels tasks
/// only after releasing it. The output's cancellation handler (the consumer cancelled, or
/// the iterator dropped) cancels the pump and the timer, taking only the task slots' locks,
/// which are never held while calling into the runtime either.
final class TimedOperatorCore<Element: Sendable, Failure: Error, C: Clock>: Sendable {
    let clock: C
    /// Where the operator's elements go, for its iterator.
    let output = StreamBuffer<Element>(bufferingPolicy: .unbounded)
    /// The error to throw once the output's elements are consumed.
    private let failure = Locked<Failure?>(nil)
    private let timer = Locked<Task<Void, Never>?>(nil)
    private let pump = Locked<Task<Void, Never>?>(nil)

    init(clock: C) {
        self.clock = clock
    }

    /// Starts consuming `base`: each element and the end (or error) go to the handlers.
    func start<Base: AsyncSequence & Sendable>(
        _ base: Base,
        onElement: @escaping @Sendable (Element) -> Void,
        onEnd: @escaping @Sendable (Base.Failure?) -> Void
    ) where Base.Element == Element {
        output.setTermination { [weak self] in self?.cancel() }
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
    }

    /// Queues `element` for the consumer; call it under the operator's lock, so that its
    /// elements and its end keep their order.
    /// - Returns: Whether the consumer must be woken (``wakeConsumer()``, after the lock).
    func enqueue(_ element: Element) -> Bool {
        output.enqueue(element)
    }

    /// Wakes the consumer an ``enqueue(_:)`` handed an element to. Call it with no lock held.
    func wakeConsumer() {
        output.wake()
    }

    /// Ends the output after the elements already queued, then `failure` (if any) is
    /// thrown. Call it with no lock held.
    func end(throwing failure: Failure?) {
        if let failure {
            self.failure.withLock { $0 = $0 ?? failure }
        }
        output.finish()
    }

    /// The error that ended the output, once.
    func takeFailure() -> Failure? {
        failure.withLock { failure in
            defer { failure = nil }
            return failure
        }
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
        let replaced = timer.withLock { timer in
            defer { timer = task }
            return timer
        }
        replaced?.cancel()
    }

    /// Cancels the pending timer.
    func cancelTimer() {
        timer.withLock { $0 }?.cancel()
    }

    /// Stops the pump and the timer.
    func cancel() {
        pump.withLock { $0 }?.cancel()
        cancelTimer()
    }

    deinit {
        cancel()
    }
}

/// Cancels a timed operator's tasks and output when its iterator goes away (the tasks hold
/// the core, so the core's own `deinit` cannot be relied on while they run).
final class TimedOperatorLifetime<Element: Sendable, Failure: Error, C: Clock>: Sendable {
    let core: TimedOperatorCore<Element, Failure, C>

    init(_ core: TimedOperatorCore<Element, Failure, C>) {
        self.core = core
    }

    deinit {
        core.output.cancel()
        core.cancel()
    }
}

/// The iterator of the clock-driven operators (``DebouncedSequence``,
/// ``ThrottledSequence``, ``TimeLimitedSequence``). Dropping it cancels the operator's
/// tasks.
public struct TimedOperatorIterator<Element: Sendable, Failure: Error, C: Clock>: AsyncIteratorProtocol {
    private let lifetime: TimedOperatorLifetime<Element, Failure, C>

    init(core: TimedOperatorCore<Element, Failure, C>) {
        lifetime = TimedOperatorLifetime(core)
    }

    /// The next element the operator delivers, or `nil` once it has finished (or the
    /// consuming task was cancelled).
    /// - Throws: The base's error, after any element still pending, or ``TimeoutError``
    ///   from ``_Concurrency/AsyncSequence/timeout(after:clock:)``.
    public mutating func next(
        isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
        if let element = await lifetime.core.output.next(isolation: actor) {
            return element
        }
        if let failure = lifetime.core.takeFailure() {
            throw failure
        }
        return nil
    }

    /// The next element, as `next(isolation:)` gives it, without an actor to stay on.
    public mutating func next() async throws(Failure) -> Element? {
        try await next(isolation: nil)
    }
}

@available(*, unavailable)
extension TimedOperatorIterator: Sendable {}
