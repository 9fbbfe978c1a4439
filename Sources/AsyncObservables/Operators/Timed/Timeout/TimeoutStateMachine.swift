/// The state machine of ``TimeLimitedSequence``: the elements pass through, and the timer's
/// deadline is one interval after the latest (or after the iterator was made).
///
/// Each element moves the deadline; the timer task, asleep until an earlier one, sleeps
/// again until the new one when it wakes. Reaching the deadline ends the output with
/// ``TimeoutError`` after the elements it holds, and stops reading the base.
struct TimeoutStateMachine<Element, Instant: Comparable, Consumer, Timer>: TimedStateMachine {
    typealias Failure = any Error

    typealias Action = TimedAction<Element, Failure, Instant, Consumer, Timer>

    var output = TimedOutput<Element, Failure, Consumer>()
    var timer: TimerSlot<Instant, Timer>

    /// A machine whose first interval ends at `deadline`.
    init(deadline: Instant) {
        timer = TimerSlot(deadline: deadline)
    }

    mutating func elementProduced(_ element: Element, deadline: Instant) -> Action {
        guard output.isOpen else { return .none }
        return Action(consumer: output.deliver(element), timer: timer.arm(deadline))
    }

    mutating func timerFired(at instant: Instant, nextDeadline: Instant) -> Action {
        guard output.isOpen, timer.isDue(at: instant) else { return .none }
        return end(throwing: TimeoutError(), cancellingBase: true)
    }

    mutating func baseFinished(throwing failure: Failure?) -> Action {
        guard output.isOpen else { return .none }
        return end(throwing: failure)
    }
}
