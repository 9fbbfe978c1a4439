import Foundation
import Synchronization

/// The deep links a router holds while ``Router/holdURLs(expiringAfter:)`` is in effect: a
/// state machine behind a lock (``State``), whose every change returns what to resume, and
/// the resumes run after the lock is released (a cancellation handler takes this lock).
///
/// Each held link is an entry, oldest first, made with its waiter's continuation (the
/// `openURL` call, in ``waitWhileHeld(_:found:)``); the entry ends exactly once, by the
/// first of: the release (the link opens), its expiry (one timer task sleeps until the
/// earliest deadline), or the cancellation of the waiting task.
///
/// A release is a relay: ``release()`` takes the waiting entries, the owner makes each one's
/// ``Delivery`` in order (a ``Router`` enqueues its navigation, so the links take their turns
/// in order) and hands them to ``relay(_:)``, which resumes the first; each released waiter
/// calls ``handOn()`` when its link is opened, which resumes the next. So one released
/// waiter runs at a time, finds its turn free, and never contends with the others for it. A
/// released waiter whose task is cancelled is resumed at once (it fails without opening).
@usableFromInline
final class _URLHold: Sendable {
    /// What a released waiter is given to open its link (a ``Router``'s enqueued
    /// `NavigationRequest`, `nil` when the link no longer maps); type-erased, so that the
    /// hold is one non-generic type whose state copies without generic metadata.
    @usableFromInline typealias Delivery = (any Sendable)?

    /// How a held link's wait ended.
    @usableFromInline
    enum Outcome: Sendable {
        /// The hold was released: open the link with this.
        case released(Delivery)
        /// Its time ran out.
        case expired
        /// The waiting task was cancelled.
        case cancelled
        /// No hold was in effect: open the link now.
        case notHeld
    }

    /// One held link.
    struct Entry {
        let id: UInt64
        let url: URL
        /// The mapping found when the link was held (a ``Router`` runs only its closure at
        /// release), `nil` when the owner did not keep it.
        let found: (mapping: Int, match: MatchedURL)?
        /// When it expires, as time elapsed on the hold's clock.
        let deadline: Duration
        /// Its waiter, resumed once when the entry ends: every waiter of the hold is taken out
        /// of the state under the lock before it is resumed (``State/end(_:)``,
        /// ``State/takeParkedWaiter()``).
        let continuation: CheckedContinuation<Outcome, Never>
        /// Taken by a release: it neither expires nor is cancelled any more, and the
        /// release delivers to it.
        var isReleasing = false

        /// Whether it is still waiting for the hold to end (listed in ``_URLHold/urls``).
        var isWaiting: Bool { !isReleasing }
    }

    /// The state under the lock.
    struct State {
        var isHolding = false
        var expiry: Duration = .zero
        /// The clock deadlines are measured on: the router's `guardClock` when the first hold
        /// began, kept while later holds find the same clock (so the timer outlives a hold).
        var clock: (any HoldClock)?
        var entries: [Entry] = []
        /// The timer, the deadline it sleeps until, and its generation (a timer that is no
        /// longer current stops at its next step). A release leaves it sleeping (cancelling
        /// and starting a task for every hold cost more than a navigation): it wakes, finds
        /// no link waiting, and ends; a hold meanwhile reuses it.
        var timer: Task<Void, Never>?
        var timerDeadline: Duration?
        var timerGeneration: UInt64 = 0
        /// A task waiting until this many links wait parked (``waitUntilParked(_:)``).
        var parkedWaiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?
        /// The released entries not yet resumed, in order, with what each is given.
        var relay: [(id: UInt64, delivery: Delivery)] = []

        /// The ``parkedWaiter`` to resume, once enough links wait parked.
        mutating func takeParkedWaiter() -> CheckedContinuation<Void, Never>? {
            guard let waiter = parkedWaiter,
                entries.count(where: \.isWaiting) >= waiter.count
            else { return nil }
            parkedWaiter = nil
            return waiter.continuation
        }

        /// Ends the entry `id`: removes it and returns its waiter, to resume after unlocking.
        /// What breaks the hold's invariants, one line each; empty when all hold: each link
        /// is held once, a link handed on is one being released, nothing waits once the hold
        /// is off, and a parked waiter waits for more links than wait.
        func _invariantViolations() -> [String] {
            var violations: [String] = []
            var ids: Set<UInt64> = []
            for entry in entries where !ids.insert(entry.id).inserted {
                violations.append("link \(entry.id) is held twice")
            }
            for (id, _) in relay where !entries.contains(where: { $0.id == id && $0.isReleasing }) {
                violations.append("link \(id) is handed on but not being released")
            }
            let waiting = entries.count(where: \.isWaiting)
            if !isHolding, waiting > 0 {
                violations.append("\(waiting) links wait while nothing is held")
            }
            if let parked = parkedWaiter, parked.count <= waiting {
                violations.append("a waiter for \(parked.count) links is parked with \(waiting) waiting")
            }
            return violations
        }

        mutating func end(_ id: UInt64) -> CheckedContinuation<Outcome, Never>? {
            guard let index = entries.firstIndex(where: { $0.id == id }) else { return nil }
            return entries.remove(at: index).continuation
        }
    }

    /// Behind `_Locked` (a pthread mutex, which Thread Sanitizer sees), not `Mutex`.
    private let lockedState = _Locked(State())

    /// The state, under its lock; checked after each change when the internal checks are on.
    private var state: Checked { Checked(locked: lockedState) }

    private struct Checked {
        let locked: _Locked<State>

        func withLock<T>(_ body: (inout State) -> T) -> T {
            locked.withLock { state in
                let result = body(&state)
                _InternalChecks.check(state._invariantViolations(), in: "link hold")
                return result
            }
        }
    }
    /// The next entry's id (taken before the entry is made: its cancellation handler needs it).
    private let ids = Atomic<UInt64>(0)
    init() {}

    /// Whether a hold is in effect.
    @usableFromInline
    var isHolding: Bool {
        state.withLock { $0.isHolding }
    }

    /// The links waiting, oldest first.
    var urls: [URL] {
        state.withLock { $0.entries.filter(\.isWaiting).map(\.url) }
    }

    /// Starts holding (or, while holding, changes the expiry of the links held from now on).
    func hold(expiringAfter expiry: Duration, on clock: any Clock<Duration>) {
        let stopped = state.withLock { state -> Task<Void, Never>? in
            state.expiry = expiry
            guard !state.isHolding else { return nil }
            state.isHolding = true
            if let kept = state.clock, kept.measures(on: clock) { return nil }
            // Another clock: deadlines start again on it, and the old timer stops.
            state.clock = Self.holdClock(clock)
            state.timerGeneration &+= 1
            state.timerDeadline = nil
            defer { state.timer = nil }
            return state.timer
        }
        stopped?.cancel()
    }

    private static func holdClock<C: Clock<Duration>>(_ clock: C) -> any HoldClock {
        ElapsedClock(clock: clock, origin: clock.now)
    }

    /// Holds `url` when a hold is in effect and waits, on the calling task, until its wait
    /// ends; a cancellation of the task ends it at once (unless a release has taken it). The
    /// link is held, and its waiter parked, in one critical section, before the call
    /// suspends.
    /// - Parameters:
    ///   - url: The link.
    ///   - found: The mapping found for it, kept for the release.
    /// - Returns: How the wait ended; ``Outcome/notHeld`` at once when no hold is in effect.
    @usableFromInline
    func waitWhileHeld(_ url: URL, found: (mapping: Int, match: MatchedURL)?) async -> Outcome {
        let id = ids.wrappingAdd(1, ordering: .relaxed).oldValue
        return await withTaskCancellationHandler {
            await withCheckedContinuation { enter(id, url, found, $0) }
        } onCancel: {
            cancel(id)
        }
    }

    /// Holds the link and parks its waiter, or resumes the waiter at once: not holding, or
    /// cancelled before it could be held (its cancellation handler found no entry).
    private func enter(
        _ id: UInt64,
        _ url: URL,
        _ found: (mapping: Int, match: MatchedURL)?,
        _ continuation: CheckedContinuation<Outcome, Never>
    ) {
        let (now, stopped, parked) = state.withLock {
            state -> (Outcome?, Task<Void, Never>?, CheckedContinuation<Void, Never>?) in
            guard state.isHolding, let clock = state.clock else { return (.notHeld, nil, nil) }
            guard !Task.isCancelled else { return (.cancelled, nil, nil) }
            let deadline = clock.elapsed() + state.expiry
            state.entries.append(
                Entry(id: id, url: url, found: found, deadline: deadline, continuation: continuation))
            let parked = state.takeParkedWaiter()
            // The timer sleeps until a deadline no later than this one, or a new one starts.
            if let timerDeadline = state.timerDeadline, state.timer != nil, timerDeadline <= deadline {
                return (nil, nil, parked)
            }
            let stopped = state.timer
            startTimer(&state, clock, until: deadline)
            return (nil, stopped, parked)
        }
        stopped?.cancel()
        if let now {
            continuation.resume(returning: now)
        }
        parked?.resume()
    }

    /// Waits until at least `count` links wait, parked (for the Benchmarks and tests: a
    /// hand-off instead of polling). One such waiter at a time; not cancellable.
    package func waitUntilParked(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.parkedWaiter = (count, continuation)
                return state.takeParkedWaiter()
            }
            now?.resume()
        }
    }

    /// The waiting task was cancelled: ends the wait. A released entry still waiting for its
    /// turn in the relay is resumed at once with its delivery (the owner's opening then fails
    /// in the cancelled task); one already resumed is left alone.
    private func cancel(_ id: UInt64) {
        let (waiter, outcome) = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, Outcome) in
            if state.entries.contains(where: { $0.id == id && $0.isWaiting }) {
                return (state.end(id), .cancelled)
            }
            guard let position = state.relay.firstIndex(where: { $0.id == id }) else { return (nil, .cancelled) }
            let outcome = Outcome.released(state.relay.remove(at: position).delivery)
            return (state.end(id), outcome)
        }
        waiter?.resume(returning: outcome)
    }

    /// Ends the hold: marks every waiting link as released (the timer, if any, ends when it
    /// next wakes, unless a new hold needs it).
    /// - Returns: The released links, oldest first, for the owner to make each one's
    ///   ``Delivery`` and hand them to ``relay(_:)``.
    @usableFromInline
    func release() -> [(id: UInt64, url: URL, found: (mapping: Int, match: MatchedURL)?)] {
        state.withLock { state in
            guard state.isHolding else { return [] }
            state.isHolding = false
            var released: [(id: UInt64, url: URL, found: (mapping: Int, match: MatchedURL)?)] = []
            for index in state.entries.indices where state.entries[index].isWaiting {
                state.entries[index].isReleasing = true
                let entry = state.entries[index]
                released.append((entry.id, entry.url, entry.found))
            }
            return released
        }
    }

    /// Starts the relay of released links (from ``release()``, in its order), each with what
    /// its waiter needs to open it: resumes the first.
    @usableFromInline
    func relay(_ deliveries: [(id: UInt64, delivery: Delivery)]) {
        guard !deliveries.isEmpty else { return }
        state.withLock { $0.relay += deliveries }
        handOn()
    }

    /// Resumes the next released waiter of the relay, if any: called by each released
    /// waiter once its link is opened (or has failed).
    @usableFromInline
    func handOn() {
        let next = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, Outcome)? in
            guard !state.relay.isEmpty else { return nil }
            let (id, delivery) = state.relay.removeFirst()
            return (state.end(id), .released(delivery))
        }
        if let (waiter, outcome) = next {
            waiter?.resume(returning: outcome)
        }
    }

    // MARK: - Expiry

    /// Starts a timer that first sleeps until `deadline` (under the lock: the task's first
    /// step waits for it); the caller cancels the one it replaces, after unlocking.
    private func startTimer(_ state: inout State, _ clock: any HoldClock, until deadline: Duration) {
        state.timerGeneration &+= 1
        state.timerDeadline = deadline
        let generation = state.timerGeneration
        state.timer = Task { [weak self] in
            await self?.runTimer(generation, clock, first: deadline)
        }
    }

    /// Sleeps until `first`, expires the links whose deadline has passed, then sleeps until
    /// the earliest deadline of a waiting link, and again, until no link waits (then the
    /// next held link starts a new timer) or a newer timer replaces it.
    private func runTimer(_ generation: UInt64, _ clock: any HoldClock, first: Duration) async {
        var next: Duration? = first
        while let deadline = next {
            do {
                try await clock.sleep(untilElapsed: deadline)
            } catch {
                return
            }
            let expired = state.withLock { state -> [CheckedContinuation<Outcome, Never>] in
                guard state.timerGeneration == generation else {
                    next = nil
                    return []
                }
                let now = clock.elapsed()
                let due = state.entries.filter { $0.isWaiting && $0.deadline <= now }.map(\.id)
                let expired = due.compactMap { state.end($0) }
                next = state.entries.lazy.filter(\.isWaiting).map(\.deadline).min()
                state.timerDeadline = next
                if next == nil { state.timer = nil }
                return expired
            }
            for waiter in expired {
                waiter.resume(returning: .expired)
            }
        }
    }
}

/// The clock of a hold, as time elapsed since the hold began (so that deadlines of any
/// clock's instants are stored as durations).
protocol HoldClock: Sendable {
    /// The time since the hold began.
    func elapsed() -> Duration
    /// Whether `clock` is the clock this one measures on (the same instance of a class, or
    /// a value of the same stateless type, such as `ContinuousClock`).
    func measures(on clock: any Clock<Duration>) -> Bool
    /// Sleeps until `elapsed()` reaches `deadline`.
    func sleep(untilElapsed deadline: Duration) async throws
}

/// A ``HoldClock`` on a concrete clock.
struct ElapsedClock<C: Clock<Duration>>: HoldClock {
    let clock: C
    let origin: C.Instant

    func elapsed() -> Duration {
        origin.duration(to: clock.now)
    }

    func measures(on other: any Clock<Duration>) -> Bool {
        // Metatypes compared, not cast: every hold asks (a cast cost a held link 1%).
        guard (type(of: other) as Any.Type) == (C.self as Any.Type) else { return false }
        guard C.self is AnyClass else { return true }
        return (other as AnyObject) === (clock as AnyObject)
    }

    func sleep(untilElapsed deadline: Duration) async throws {
        try await clock.sleep(until: origin.advanced(by: deadline), tolerance: nil)
    }
}
