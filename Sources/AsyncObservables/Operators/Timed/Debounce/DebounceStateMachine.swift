/// The state machine of ``DebouncedSequence``: the newest element, waiting for a quiet
/// interval, whose deadline is the timer's.
///
/// Each element replaces the waiting one and moves the deadline to one interval after it;
/// the timer task, asleep until an earlier deadline, sleeps again until the new one when it
/// wakes. When the base ends, the waiting element is delivered at once, then the end or the
/// base's error.
struct DebounceStateMachine<Element, Failure: Error, Instant: Comparable, Consumer, Timer>: TimedStateMachine {
    typealias Action = TimedAction<Element, Failure, Instant, Consumer, Timer>

    var output = TimedOutput<Element, Failure, Consumer>()
    var timer = TimerSlot<Instant, Timer>()
    /// The element waiting for ``TimerSlot/deadline`` to pass without a newer one.
    private(set) var pending: Element?

    init() {}

    mutating func elementProduced(_ element: Element, deadline: Instant) -> Action {
        guard output.isOpen else { return .none }
        pending = element
        return Action(timer: timer.arm(deadline))
    }

    mutating func timerFired(at instant: Instant, nextDeadline: Instant) -> Action {
        guard output.isOpen, timer.isDue(at: instant) else { return .none }
        timer.disarm()
        guard let element = pending else { return .none }
        pending = nil
        return Action(consumer: output.deliver(element))
    }

    mutating func baseFinished(throwing failure: Failure?) -> Action {
        defer { pending = nil }
        return end(delivering: pending, throwing: failure)
    }
}
