import AsyncObservables

/// A clock that only moves when a test tells it to, for testing time-based operators
/// (`debounce`, `throttle`, `timeout`) without sleeping.
///
/// ```swift
/// let clock = TestClock()
/// let debounced = StreamRecorder(subject.values.debounce(for: .seconds(1), clock: clock))
/// subject.send("a")
/// try await clock.waitForSleepers(scheduled: 1)   // the operator has started its timer
/// clock.advance(by: .seconds(1))                  // the timer fires: "a" is delivered
/// ```
///
/// Sleepers whose deadline is reached by ``advance(by:)`` resume in deadline order. A
/// cancelled sleeper throws `CancellationError`, as `Task.sleep` does.
public final class TestClock: Clock, Sendable {
    /// An instant of a ``TestClock``: the time since the clock was created.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// Time since the clock's creation.
        public let offset: Duration

        /// Creates an instant at `offset` from the clock's creation.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later (earlier, for a negative duration).
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset since the clock's creation, such as `1.5 seconds`.
        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [UInt64: Sleeper] = [:]
        var scheduledCount = 0
        var nextID: UInt64 = 0
    }

    private let state = _Locked(State())

    /// A clock at offset zero.
    public init() {}

    /// The clock's current instant; it moves only with ``advance(by:)`` and ``advance(to:)``.
    public var now: Instant {
        state.withLock { $0.now }
    }

    /// Zero: the clock moves by any amount it is told.
    public var minimumResolution: Duration { .zero }

    /// The number of sleeps currently waiting.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// The number of sleeps ever started on this clock (including finished and cancelled ones).
    public var scheduledCount: Int {
        state.withLock { $0.scheduledCount }
    }

    /// Suspends until the clock is advanced to `deadline` (returns at once when it already has).
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    state.scheduledCount += 1
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward, resuming every sleeper whose deadline is reached, earliest
    /// first. Calls made at the same time from several tasks add up.
    public func advance(by duration: Duration) {
        advance { $0.advanced(by: duration) }
    }

    /// Moves the clock to `instant` (never backwards), resuming every sleeper whose deadline
    /// is reached, earliest first.
    public func advance(to instant: Instant) {
        advance { max($0, instant) }
    }

    /// Moves the clock to `target(now)`, read and written in one critical section, then
    /// resumes the sleepers it made due, outside it.
    private func advance(_ target: (Instant) -> Instant) {
        let due = state.withLock { state in
            state.now = max(state.now, target(state.now))
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.sorted { $0.deadline < $1.deadline }.map(\.continuation)
        }
        for continuation in due {
            continuation.resume()
        }
    }

    /// Waits until at least `count` sleeps have been started on this clock since its
    /// creation: the way to know that an operator has scheduled its timer before advancing.
    ///
    /// The count is a running total (finished and cancelled sleeps included). To wait for
    /// the timer of the next element without keeping totals, read ``scheduledCount`` first:
    ///
    /// ```swift
    /// let scheduled = clock.scheduledCount
    /// query.send("sw")
    /// try await clock.waitForSleepers(scheduled: scheduled + 1)
    /// ```
    /// - Throws: ``EventuallyError`` when `timeout` (real time) passes first.
    public func waitForSleepers(scheduled count: Int, timeout: Duration = .seconds(60)) async throws {
        try await eventually(timeout: timeout) { scheduledCount >= count }
    }

    /// Waits until exactly `count` sleeps are waiting on this clock now (started, and
    /// neither resumed by an advance nor cancelled): for example that a throttle has gone
    /// idle after an interval without elements, or that an operator whose consumer left has
    /// ended its timer.
    /// - Throws: ``EventuallyError`` when `timeout` (real time) passes first.
    public func waitForSleepers(pending count: Int, timeout: Duration = .seconds(60)) async throws {
        try await eventually(timeout: timeout) { sleeperCount == count }
    }
}
