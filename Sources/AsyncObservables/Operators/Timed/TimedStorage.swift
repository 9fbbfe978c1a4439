/// A timed operator's consumer continuation: resumed with the next element, the end, or the
/// error.
typealias TimedConsumer<Element, Failure: Error> = CheckedContinuation<Result<Element?, Failure>, Never>

/// A timed operator's idle timer task: resumed with the instant to sleep until, or `nil` to end.
typealias TimedTimer<Instant> = CheckedContinuation<Instant?, Never>

/// The storage of every clock-driven operator's iterator: its state machine behind the
/// package's lock, and the two tasks that feed it, one consuming the base and one timer task
/// sleeping on the clock. One storage for the three operators: what differs between them is
/// all in their state machines (``DebounceStateMachine``, ``ThrottleStateMachine``,
/// ``TimeoutStateMachine``).
///
/// Locks and the runtime: every transition runs under the lock and returns a
/// ``TimedAction``; the storage resumes the consumer or the timer, and cancels tasks, only
/// after releasing it (``perform(_:)``). The consumer's cancellation handler takes the same
/// lock, then the task slots' lock, and cancels the tasks after releasing both.
final class TimedStorage<Machine: TimedStateMachine, C: Clock>: Sendable
where
    Machine.Instant == C.Instant,
    Machine.Consumer == TimedConsumer<Machine.Element, Machine.Failure>,
    Machine.Timer == TimedTimer<C.Instant>,
    Machine.Element: Sendable
{
    typealias Element = Machine.Element
    typealias Failure = Machine.Failure

    /// The two tasks, kept for cancellation; a cancellation asked for before a task is
    /// stored cancels it when it is.
    private struct Tasks {
        var base: Task<Void, Never>?
        var timer: Task<Void, Never>?
        var baseCancelled = false
        var timerCancelled = false
    }

    private let machine: _Locked<Machine>
    private let tasks = _Locked(Tasks())
    private let clock: C
    private let interval: C.Duration

    init(_ machine: Machine, clock: C, interval: C.Duration) {
        self.machine = _Locked(machine)
        self.clock = clock
        self.interval = interval
    }

    /// Starts the task consuming `base` and the timer task.
    /// - Parameter failure: Converts the base's error to the operator's.
    func start<Base: AsyncSequence & Sendable>(
        consuming base: Base,
        failure: @escaping @Sendable (Base.Failure) -> Failure
    ) where Base.Element == Element {
        let consumer = Task { await self.consume(base, failure: failure) }
        let timer = Task { await self.runTimer() }
        let (cancelsBase, cancelsTimer) = tasks.withLock { tasks in
            tasks.base = consumer
            tasks.timer = timer
            return (tasks.baseCancelled, tasks.timerCancelled)
        }
        if cancelsBase {
            consumer.cancel()
        }
        if cancelsTimer {
            timer.cancel()
        }
    }

    /// The next element for the consumer, the end (`nil`), or the error; `nil` once the
    /// consuming task is cancelled.
    func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element? {
        if Task.isCancelled {
            consumerLeft()
            return nil
        }
        let result = await withTaskCancellationHandler(
            operation: {
                await withCheckedContinuation(isolation: actor) { (consumer: TimedConsumer<Element, Failure>) in
                    perform(machine.withLock { $0.next(consumer) })
                }
            },
            onCancel: { self.consumerLeft() },
            isolation: actor
        )
        machine.synchronizeWithLastHolder()  // the transition that handed `result` over
        return try result.get()
    }

    /// The consumer left: ends the output and both tasks.
    func consumerLeft() {
        perform(machine.withLock { $0.consumerLeft() })
    }

    /// The body of the task consuming the base.
    private func consume<Base: AsyncSequence & Sendable>(
        _ base: Base,
        failure: @Sendable (Base.Failure) -> Failure
    ) async where Base.Element == Element {
        do throws(Base.Failure) {
            for try await element in base {
                let deadline = clock.now.advanced(by: interval)
                perform(machine.withLock { $0.elementProduced(element, deadline: deadline) })
            }
            perform(machine.withLock { $0.baseFinished(throwing: nil) })
        } catch {
            let failure = failure(error)
            perform(machine.withLock { $0.baseFinished(throwing: failure) })
        }
    }

    /// The body of the timer task: sleeps until each deadline the machine hands it, and
    /// tells the machine when it woke; ends when the machine stops it or it is cancelled.
    private func runTimer() async {
        while let deadline = await nextDeadline() {
            do {
                try await clock.sleep(until: deadline, tolerance: nil)
            } catch {
                return  // cancelled: the operator has ended
            }
            let nextDeadline = clock.now.advanced(by: interval)
            perform(machine.withLock { $0.timerFired(at: deadline, nextDeadline: nextDeadline) })
        }
    }

    /// Waits until the machine has a deadline for the timer; `nil` when the timer must end.
    private func nextDeadline() async -> C.Instant? {
        await withCheckedContinuation { (timer: TimedTimer<C.Instant>) in
            perform(machine.withLock { $0.timerIsIdle(timer) })
        }
    }

    /// Runs a transition's effects. Call it with no lock held.
    private func perform(_ action: Machine.Action) {
        if let (consumer, result) = action.consumer {
            consumer.resume(returning: result)
        }
        switch action.timer {
        case .sleep(let timer, let deadline):
            timer.resume(returning: deadline)
        case .stop(let timer):
            timer.resume(returning: nil)
        case .cancel:
            tasks.withLock { tasks in
                tasks.timerCancelled = true
                return tasks.timer
            }?.cancel()
        case nil:
            break
        }
        if action.cancelsBase {
            tasks.withLock { tasks in
                tasks.baseCancelled = true
                return tasks.base
            }?.cancel()
        }
    }
}
