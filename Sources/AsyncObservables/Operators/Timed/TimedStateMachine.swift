/// The state machine of a clock-driven operator (debounce, throttle, timeout): a plain value
/// whose transitions return the effects to run, which ``TimedStorage`` runs after releasing
/// the lock it keeps the value behind. No transition resumes, cancels or reads a clock: the
/// storage passes the instants in, so a machine is tested as a value.
///
/// Each operator implements what its base's elements, its timer and its base's end do;
/// what the consumer does (``next(_:)``, ``consumerLeft()``) and how the timer task asks
/// for work (``timerIsIdle(_:)``) is the same for all three, below.
protocol TimedStateMachine<Element, Failure, Instant, Consumer, Timer>: SendableMetatype {
    associatedtype Element
    associatedtype Failure: Error
    associatedtype Instant: Comparable
    associatedtype Consumer
    associatedtype Timer

    /// The effects of a transition.
    typealias Action = TimedAction<Element, Failure, Instant, Consumer, Timer>

    /// The consumer's side: ready elements, the waiting consumer, the end.
    var output: TimedOutput<Element, Failure, Consumer> { get set }
    /// The timer's side: the deadline and the timer task's status.
    var timer: TimerSlot<Instant, Timer> { get set }

    /// The base produced `element`; `deadline` is one interval from now.
    mutating func elementProduced(_ element: Element, deadline: Instant) -> Action

    /// The timer task woke from sleeping until `instant`; `nextDeadline` is one interval
    /// from now.
    mutating func timerFired(at instant: Instant, nextDeadline: Instant) -> Action

    /// The base finished (`failure` is `nil`) or threw `failure`.
    mutating func baseFinished(throwing failure: Failure?) -> Action
}

/// The effects of a timed operator's transition, run by the storage after its lock is
/// released, in this order: resume the consumer, command the timer task, cancel the task
/// consuming the base.
///
/// A value of optional parts rather than an enum of cases: a transition often has two
/// effects at once (throttle delivers an element and starts its window's timer), and every
/// combination would be a case of its own.
struct TimedAction<Element, Failure: Error, Instant: Comparable, Consumer, Timer> {
    /// The consumer to resume, and with what.
    var consumer: TimedOutput<Element, Failure, Consumer>.Resumption?
    /// What to do with the timer task.
    var timer: TimerSlot<Instant, Timer>.Command?
    /// Whether to cancel the task consuming the base (it is no longer read).
    var cancelsBase = false

    /// No effect.
    static var none: Self { Self() }

    init(
        consumer: TimedOutput<Element, Failure, Consumer>.Resumption? = nil,
        timer: TimerSlot<Instant, Timer>.Command? = nil,
        cancelsBase: Bool = false
    ) {
        self.consumer = consumer
        self.timer = timer
        self.cancelsBase = cancelsBase
    }
}

extension TimedStateMachine {
    /// The consumer asks for the next element: it gets one at once, or waits.
    mutating func next(_ consumer: Consumer) -> Action {
        Action(consumer: output.next(consumer))
    }

    /// The timer task asks for its next deadline.
    mutating func timerIsIdle(_ timer: Timer) -> Action {
        Action(timer: self.timer.timerIsIdle(timer))
    }

    /// The consumer left (its task was cancelled, or the iterator dropped): nothing more is
    /// delivered, the timer task ends and the base is no longer read.
    mutating func consumerLeft() -> Action {
        let consumer = output.cancel()
        return Action(consumer: consumer.map { ($0, .success(nil)) }, timer: timer.stop(), cancelsBase: true)
    }

    /// The base ended: delivers the element still waiting (if any) at once, then ends the
    /// output with `failure` (if any) and the timer task (debounce and throttle).
    mutating func end(delivering pending: Element?, throwing failure: Failure?) -> Action {
        guard output.isOpen else { return .none }
        let delivered = pending.flatMap { output.deliver($0) }
        var action = end(throwing: failure)
        // A waiting consumer took the element; `end` found none to resume.
        action.consumer = delivered ?? action.consumer
        return action
    }

    /// Ends the output after what it holds, with `failure` (if any), and ends the timer task.
    mutating func end(throwing failure: Failure?, cancellingBase: Bool = false) -> Action {
        Action(consumer: output.finish(throwing: failure), timer: timer.stop(), cancelsBase: cancellingBase)
    }
}
