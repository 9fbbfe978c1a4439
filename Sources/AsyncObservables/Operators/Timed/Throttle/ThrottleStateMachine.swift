/// The state machine of ``ThrottledSequence``: whether an interval is running (the timer's
/// deadline is its end) and the element waiting for that end.
///
/// An element that arrives with no interval running is delivered at once and starts one.
/// During an interval, the latest (or the first) element waits; when the interval ends, it
/// is delivered and the next interval starts, or, if none arrived, the throttle goes idle.
/// When the base ends, the waiting element is delivered at once, then the end or the base's
/// error.
struct ThrottleStateMachine<Element, Failure: Error, Instant: Comparable, Consumer, Timer>: TimedStateMachine {
    typealias Action = TimedAction<Element, Failure, Instant, Consumer, Timer>

    var output = TimedOutput<Element, Failure, Consumer>()
    var timer = TimerSlot<Instant, Timer>()
    /// Keep the latest element of an interval (`true`) or its first (`false`).
    let latest: Bool
    /// The element waiting for the end of the running interval.
    private(set) var pending: Element?

    init(latest: Bool) {
        self.latest = latest
    }

    /// Whether an interval is running: an element was delivered less than an interval ago.
    var isIntervalRunning: Bool { timer.deadline != nil }

    mutating func elementProduced(_ element: Element, deadline: Instant) -> Action {
        guard output.isOpen else { return .none }
        guard !isIntervalRunning else {
            if latest || pending == nil {
                pending = element
            }
            return .none
        }
        return Action(consumer: output.deliver(element), timer: timer.arm(deadline))
    }

    mutating func timerFired(at instant: Instant, nextDeadline: Instant) -> Action {
        guard output.isOpen, timer.isDue(at: instant) else { return .none }
        guard let element = pending else {
            timer.disarm()  // an interval without elements: idle until the next one
            return .none
        }
        pending = nil
        return Action(consumer: output.deliver(element), timer: timer.arm(nextDeadline))
    }

    mutating func baseFinished(throwing failure: Failure?) -> Action {
        defer { pending = nil }
        return end(delivering: pending, throwing: failure)
    }
}
