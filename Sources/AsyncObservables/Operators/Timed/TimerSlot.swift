/// The timer's side of a timed operator's state machine: the deadline the operator's one
/// timer task must sleep until next, and what that task is doing.
///
/// The timer task loops: it asks for a deadline (``timerIsIdle(_:)``), sleeps until it on
/// the operator's clock, and reports that it woke (the operator's `timerFired(at:nextDeadline:)`).
/// A deadline armed while it sleeps is not a new sleep: when the task wakes and finds the
/// deadline moved, it asks again and sleeps until the new one. So an iterator has one timer
/// task, whatever the number of elements.
///
/// A plain value; `Timer` is the waiting timer task's continuation in the storage, and any
/// token in unit tests.
struct TimerSlot<Instant: Comparable, Timer> {
    /// What the storage does with the timer task, after releasing its lock.
    enum Command {
        /// Resume the idle timer task: it sleeps until the instant.
        case sleep(Timer, until: Instant)
        /// Resume the idle timer task with no deadline: it ends.
        case stop(Timer)
        /// Cancel the timer task, asleep or about to ask again: its sleep ends and it ends.
        case cancel
    }

    private enum Status {
        /// Sleeping, or running between two requests: it will ask again.
        case busy
        /// Waiting for a deadline.
        case idle(Timer)
        /// Told to end.
        case stopped
    }

    /// The instant the timer must wake at next, or `nil` when nothing is timed.
    private(set) var deadline: Instant?
    /// `busy` at first: the task has been started and will ask.
    private var status = Status.busy

    /// A slot with `deadline` armed (the timeout's first interval), or with none.
    init(deadline: Instant? = nil) {
        self.deadline = deadline
    }

    /// Sets the instant the timer must wake at; a sleeping timer sleeps on until its own
    /// deadline, then sleeps again until this one.
    /// - Returns: The command that wakes the timer task, when it is idle.
    mutating func arm(_ deadline: Instant) -> Command? {
        self.deadline = deadline
        guard case .idle(let timer) = status else { return nil }
        status = .busy
        return .sleep(timer, until: deadline)
    }

    /// Clears the deadline: the timer task goes idle when it next asks.
    mutating func disarm() {
        deadline = nil
    }

    /// Whether the armed deadline is reached when the timer woke from sleeping until
    /// `instant`; `false` when it moved later (or was cleared) meanwhile.
    func isDue(at instant: Instant) -> Bool {
        deadline.map { $0 <= instant } ?? false
    }

    /// The timer task asks for its next deadline.
    /// - Returns: The command to run at once (sleep until the armed deadline, or end), or
    ///   `nil` when `timer` must wait: it is kept until a deadline is armed.
    mutating func timerIsIdle(_ timer: Timer) -> Command? {
        switch status {
        case .stopped:
            return .stop(timer)
        case .busy, .idle:
            guard let deadline else {
                status = .idle(timer)
                return nil
            }
            status = .busy
            return .sleep(timer, until: deadline)
        }
    }

    /// Ends the timer task: nothing is timed any more.
    /// - Returns: The command that ends it: resume it when idle, cancel it when busy.
    mutating func stop() -> Command? {
        deadline = nil
        switch status {
        case .busy:
            status = .stopped
            return .cancel
        case .idle(let timer):
            status = .stopped
            return .stop(timer)
        case .stopped:
            return nil
        }
    }
}
