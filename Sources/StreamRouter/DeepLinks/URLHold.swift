import Foundation
import Synchronization

/// The deep links a router holds while ``Router/holdURLs(expiringAfter:)`` is in effect: a
/// state machine behind a lock (``State``), whose every change returns what to resume, and
/// the resumes run after the lock is released (a cancellation handler takes this lock).
///
/// Each held link is an entry, keyed by its id, made with its waiter's continuation (the
/// `openURL` call, in ``waitWhileHeld(_:found:source:)``); the entry ends exactly once, by the
/// first of: the release (the link opens), its expiry (one timer task sleeps until the
/// earliest deadline), or the cancellation of the waiting task. At most the hold's limit
/// (``InputPolicy/maximumHeldURLs``) wait at once: a link past it is refused at once
/// (``Outcome/refused(limit:)``).
///
/// Every step is O(1) or O(log n) per link, so that a flood of links costs time linear in
/// the links (up to the logarithm of the deadlines' heap), under the lock or not: entries
/// are found by id, never searched for; the order of the waiting links and the order of the
/// relay are arrays of ids from which what ended early is skipped when met (and compacted
/// once it is most of them); deadlines are a heap (``_DeadlineHeap``).
///
/// A release is a relay: ``release()`` takes the waiting entries, the owner makes each one's
/// ``Delivery`` in order (a ``Router`` enqueues its navigation, so the links take their turns
/// in order) and hands them to ``relay(_:)``, which resumes the first unless a released
/// waiter holds the relay's turn already (an earlier release still running); the waiter
/// holding the turn calls ``handOn()`` when its link is opened, which resumes the next. So
/// one released waiter runs at a time, finds its turn free, and never contends with the
/// others for it. A released waiter whose task is cancelled before its turn is resumed at
/// once without the turn (it fails without opening, and hands nothing on).
@usableFromInline
final class _URLHold: Sendable {
    /// What a released waiter is given to open its link (a ``Router``'s enqueued
    /// `NavigationRequest`, `nil` when the link no longer maps); type-erased, so that the
    /// hold is one non-generic type whose state copies without generic metadata.
    @usableFromInline typealias Delivery = (any Sendable)?

    /// How a held link's wait ended.
    @usableFromInline
    enum Outcome: Sendable {
        /// The hold was released: open the link with this. `holdsTurn`: the waiter holds the
        /// relay's turn, and calls ``_URLHold/handOn()`` once its link is opened; `false` when
        /// its task was cancelled before its turn came (it hands nothing on).
        case released(Delivery, holdsTurn: Bool)
        /// Its time ran out.
        case expired
        /// The waiting task was cancelled.
        case cancelled
        /// No hold was in effect: open the link now.
        case notHeld
        /// The hold keeps `limit` links already: this one is not held.
        case refused(limit: Int)
    }

    /// One held link.
    struct Entry {
        let url: URL
        /// The mapping found when the link was held (a ``Router`` runs only its closure at
        /// release), `nil` when the owner did not keep it.
        let found: (mapping: Int, match: MatchedURL)?
        /// The source its caller gave (`nil`: a link's default).
        let source: NavigationSource?
        /// When it expires, as time elapsed on the hold's clock.
        let deadline: Duration
        /// Its waiter, resumed once when the entry ends: every waiter of the hold is taken out
        /// of the state under the lock before it is resumed (``State/end(_:)``,
        /// ``State/takeParkedWaiter()``).
        let continuation: CheckedContinuation<Outcome, Never>
        var phase: Phase = .waiting

        /// Where a link is.
        enum Phase {
            /// Waiting for the hold to end (listed in ``_URLHold/urls``).
            case waiting
            /// Taken by a release: it neither expires nor is cancelled any more, and waits
            /// for its delivery.
            case releasing
            /// In the relay, with what it is given: resumed at its turn, or at once when its
            /// task is cancelled.
            case relayed(Delivery)
        }

        var isWaiting: Bool {
            if case .waiting = phase { true } else { false }
        }
    }

    /// The state under the lock.
    struct State {
        var isHolding = false
        var expiry: Duration = .zero
        /// The most links that may wait at once (values below 0 count as 0).
        var limit = Int.max
        /// The clock deadlines are measured on: the router's `guardClock` when the first hold
        /// began, kept while later holds find the same clock (so the timer outlives a hold).
        var clock: (any HoldClock)?
        /// Every link not yet ended (waiting, being released, or in the relay), by id.
        var entries: [UInt64: Entry] = [:]
        /// The ids of the waiting links, oldest first; an id whose link no longer waits
        /// (expired, cancelled) is skipped when met, and dropped by ``compact()``.
        var order: [UInt64] = []
        /// How many links wait.
        var waitingCount = 0
        /// The deadlines of the waiting links; one whose link no longer waits is skipped when
        /// it comes first (and dropped by ``compact()``).
        var deadlines = _DeadlineHeap<UInt64>()
        /// The timer, the deadline it sleeps until, and its generation (a timer that is no
        /// longer current stops at its next step). A release leaves it sleeping (cancelling
        /// and starting a task for every hold cost more than a navigation): it wakes, finds
        /// no link waiting, and ends; a hold meanwhile reuses it.
        var timer: Task<Void, Never>?
        var timerDeadline: Duration?
        var timerGeneration: UInt64 = 0
        /// A task waiting until this many links wait parked (``waitUntilParked(_:)``).
        var parkedWaiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?
        /// The ids of the released entries not yet resumed, in order, from ``relayStart``
        /// on (their deliveries are in their entries); an id whose entry has ended (its task
        /// was cancelled) is skipped when met.
        var relay: [UInt64] = []
        var relayStart = 0
        /// Whether a released waiter holds the relay's turn (resumed, and not yet handed on):
        /// the links relayed meanwhile wait for its ``_URLHold/handOn()``.
        var turnIsOut = false
        /// The steps taken on behalf of single links (a heap's comparisons, an id skipped
        /// or compacted, an entry visited by a release or a check): the tests read it to tell
        /// linear work from quadratic without timing it.
        var work = 0

        /// Gives the relay's turn to its next released waiter that has not ended, taking it out
        /// of the entries: that waiter and its outcome, to resume after unlocking; `nil`, and
        /// the turn back, when none is left. O(1) but for the ids of cancelled waiters it
        /// skips, each skipped once.
        mutating func passTurn() -> (CheckedContinuation<Outcome, Never>, Outcome)? {
            while relayStart < relay.count {
                let id = relay[relayStart]
                relayStart += 1
                work += 1
                guard let entry = entries.removeValue(forKey: id) else { continue }  // cancelled
                guard case .relayed(let delivery) = entry.phase else { continue }
                if relayStart == relay.count {
                    relay = []
                    relayStart = 0
                }
                turnIsOut = true
                return (entry.continuation, .released(delivery, holdsTurn: true))
            }
            relay = []
            relayStart = 0
            turnIsOut = false
            return nil
        }

        /// The ``parkedWaiter`` to resume, once enough links wait parked.
        mutating func takeParkedWaiter() -> CheckedContinuation<Void, Never>? {
            guard let waiter = parkedWaiter, waitingCount >= waiter.count else { return nil }
            parkedWaiter = nil
            return waiter.continuation
        }

        /// Holds a link.
        mutating func add(_ id: UInt64, _ entry: Entry) {
            entries[id] = entry
            order.append(id)
            waitingCount += 1
            deadlines.insert(entry.deadline, id, work: &work)
        }

        /// Ends the waiting entry `id` (expired, cancelled): removes it and returns its
        /// waiter, to resume after unlocking. Its id stays in ``order`` and its deadline in
        /// ``deadlines`` until met or compacted.
        mutating func endWaiting(_ id: UInt64) -> CheckedContinuation<Outcome, Never>? {
            guard let entry = entries[id], entry.isWaiting else { return nil }
            entries[id] = nil
            waitingCount -= 1
            return entry.continuation
        }

        /// Whether `id` is a waiting link.
        func isWaiting(_ id: UInt64) -> Bool {
            entries[id]?.isWaiting ?? false
        }

        /// The earliest deadline of a waiting link, dropping the stale ones before it.
        mutating func earliestDeadline() -> Duration? {
            while let first = deadlines.first {
                if isWaiting(first.key) { return first.deadline }
                deadlines.removeFirst(work: &work)
            }
            return nil
        }

        /// Drops the ids and deadlines of links that no longer wait once they are most of
        /// those kept: O(what is kept), once for as many links as ended, so O(1) per link.
        mutating func compact() {
            let slack = 32
            if order.count > 2 * waitingCount + slack {
                var kept: [UInt64] = []
                kept.reserveCapacity(waitingCount)
                for id in order {
                    work += 1
                    if isWaiting(id) { kept.append(id) }
                }
                order = kept
            }
            if deadlines.count > 2 * waitingCount + slack {
                var live: [(deadline: Duration, key: UInt64)] = []
                live.reserveCapacity(waitingCount)
                for item in deadlines.items {
                    work += 1
                    if isWaiting(item.key) { live.append(item) }
                }
                deadlines.rebuild(live, work: &work)
            }
        }

        /// What breaks the hold's invariants, one line each; empty when all hold: nothing
        /// waits once the hold is off, a parked waiter waits for more links than wait, the
        /// waiting links are counted right and each is listed in order and has its deadline,
        /// and a link in the relay is there once. O(1) but for the links themselves, which
        /// are looked at while they are few (a checked run stays linear in its links).
        func _invariantViolations() -> [String] {
            var violations: [String] = []
            if waitingCount < 0 || waitingCount > entries.count {
                violations.append("\(waitingCount) links counted waiting, among \(entries.count)")
            }
            if !isHolding, waitingCount > 0 {
                violations.append("\(waitingCount) links wait while nothing is held")
            }
            if let parked = parkedWaiter, parked.count <= waitingCount {
                violations.append("a waiter for \(parked.count) links is parked with \(waitingCount) waiting")
            }
            if relayStart > relay.count {
                violations.append("the relay starts past its end")
            }
            if !turnIsOut, relayStart < relay.count {
                violations.append("\(relay.count - relayStart) released links wait for a turn nobody holds")
            }
            guard entries.count + order.count + relay.count + deadlines.count <= 256 else { return violations }
            let waiting = Set(entries.filter { $0.value.isWaiting }.keys)
            if waiting.count != waitingCount {
                violations.append("\(waitingCount) links counted waiting, \(waiting.count) wait")
            }
            let ordered = order.filter(waiting.contains)
            if ordered.count != waiting.count || Set(ordered).count != ordered.count {
                violations.append("the waiting links are not each listed once in order")
            }
            if !waiting.isSubset(of: deadlines.items.map(\.key)) {
                violations.append("a waiting link has no deadline")
            }
            violations += deadlines._invariantViolations()
            var relayed: Set<UInt64> = []
            for id in relay[relayStart...] {
                guard let entry = entries[id] else { continue }
                guard case .relayed = entry.phase else {
                    violations.append("link \(id) is handed on but not being released")
                    continue
                }
                if !relayed.insert(id).inserted {
                    violations.append("link \(id) is handed on twice")
                }
            }
            for (id, entry) in entries where !relayed.contains(id) {
                if case .relayed = entry.phase {
                    violations.append("link \(id) is released but not in the relay")
                }
            }
            return violations
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

    /// Cancels the timer: it sleeps without holding the hold.
    deinit {
        lockedState.withLock { $0.timer }?.cancel()
    }

    /// Whether a hold is in effect.
    @usableFromInline
    var isHolding: Bool {
        state.withLock { $0.isHolding }
    }

    /// The links waiting, oldest first.
    var urls: [URL] {
        state.withLock { state in
            state.order.compactMap { id in
                guard let entry = state.entries[id], entry.isWaiting else { return nil }
                return entry.url
            }
        }
    }

    /// The steps taken on behalf of single links so far (see ``State/work``), for the tests.
    var work: Int {
        state.withLock { $0.work }
    }

    /// How many released links wait in the relay for their turn, for the tests.
    var relayedCount: Int {
        state.withLock { state in
            state.entries.values.count { if case .relayed = $0.phase { true } else { false } }
        }
    }

    /// How many links wait, for the tests.
    var waitingCount: Int {
        state.withLock { $0.waitingCount }
    }

    /// Starts holding (or, while holding, changes the expiry and the limit of the links held
    /// from now on).
    /// - Parameters:
    ///   - expiry: How long each link waits.
    ///   - limit: The most links that may wait at once; below 0 counts as 0.
    ///   - clock: The clock the expiry is measured on (kept while links wait).
    func hold(expiringAfter expiry: Duration, limit: Int, on clock: any Clock<Duration>) {
        let stopped = state.withLock { state -> Task<Void, Never>? in
            state.expiry = expiry
            state.limit = max(0, limit)
            guard !state.isHolding else { return nil }
            state.isHolding = true
            if let kept = state.clock, kept.measures(on: clock) { return nil }
            // Another clock: deadlines start again on it, and the old timer stops. (No link
            // waits while nothing is held, so no deadline is measured on the old one.)
            state.clock = Self.holdClock(clock)
            state.timerGeneration &+= 1
            state.timerDeadline = nil
            state.deadlines.removeAll()
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
    ///   - source: The source its caller gave, kept for the release.
    /// - Returns: How the wait ended; ``Outcome/notHeld`` at once when no hold is in effect,
    ///   ``Outcome/refused(limit:)`` at once when the hold keeps as many links as it may.
    @usableFromInline
    func waitWhileHeld(
        _ url: URL, found: (mapping: Int, match: MatchedURL)?, source: NavigationSource?
    ) async -> Outcome {
        let id = ids.wrappingAdd(1, ordering: .relaxed).oldValue
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { enter(id, url, found, source, $0) }
        } onCancel: {
            cancel(id)
        }
        lockedState.synchronizeWithLastHolder()  // the release that handed `outcome` over
        return outcome
    }

    /// Holds the link and parks its waiter, or resumes the waiter at once: not holding,
    /// cancelled before it could be held (its cancellation handler found no entry), or past
    /// the limit.
    private func enter(
        _ id: UInt64,
        _ url: URL,
        _ found: (mapping: Int, match: MatchedURL)?,
        _ source: NavigationSource?,
        _ continuation: CheckedContinuation<Outcome, Never>
    ) {
        let (now, stopped, parked) = state.withLock {
            state -> (Outcome?, Task<Void, Never>?, CheckedContinuation<Void, Never>?) in
            guard state.isHolding, let clock = state.clock else { return (.notHeld, nil, nil) }
            guard !Task.isCancelled else { return (.cancelled, nil, nil) }
            guard state.waitingCount < state.limit else { return (.refused(limit: state.limit), nil, nil) }
            let deadline = clock.elapsed() + state.expiry
            state.add(id, Entry(url: url, found: found, source: source, deadline: deadline, continuation: continuation))
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

    /// The waiting task was cancelled: ends the wait. A released entry already in the relay
    /// is resumed at once with its delivery (the owner's opening then fails in the cancelled
    /// task); one not yet given its delivery, or already resumed, is left alone. O(1).
    private func cancel(_ id: UInt64) {
        let ended = state.withLock { state -> (CheckedContinuation<Outcome, Never>, Outcome)? in
            guard let entry = state.entries[id] else { return nil }
            switch entry.phase {
            case .waiting:
                guard let waiter = state.endWaiting(id) else { return nil }
                state.compact()
                return (waiter, .cancelled)
            case .releasing:
                return nil
            case .relayed(let delivery):
                // Its id stays in the relay, skipped when met; the turn stays where it is.
                state.entries[id] = nil
                return (entry.continuation, .released(delivery, holdsTurn: false))
            }
        }
        if let (waiter, outcome) = ended {
            waiter.resume(returning: outcome)
        }
    }

    /// Ends the hold: marks every waiting link as released (the timer, if any, ends when it
    /// next wakes, unless a new hold needs it). O(links).
    /// - Returns: The released links, oldest first, for the owner to make each one's
    ///   ``Delivery`` and hand them to ``relay(_:)``.
    @usableFromInline
    func release() -> [(id: UInt64, url: URL, found: (mapping: Int, match: MatchedURL)?, source: NavigationSource?)] {
        state.withLock { state in
            guard state.isHolding else { return [] }
            state.isHolding = false
            var released:
                [(id: UInt64, url: URL, found: (mapping: Int, match: MatchedURL)?, source: NavigationSource?)] =
                    []
            released.reserveCapacity(state.waitingCount)
            for id in state.order {
                state.work += 1
                guard let entry = state.entries[id], entry.isWaiting else { continue }
                state.entries[id]?.phase = .releasing
                released.append((id, entry.url, entry.found, entry.source))
            }
            state.order = []
            state.waitingCount = 0
            state.deadlines.removeAll()
            return released
        }
    }

    /// Adds released links (from ``release()``, in its order) to the relay, each with what its
    /// waiter needs to open it, and resumes the first when no released waiter holds the
    /// relay's turn. O(links).
    @usableFromInline
    func relay(_ deliveries: [(id: UInt64, delivery: Delivery)]) {
        guard !deliveries.isEmpty else { return }
        let first = state.withLock { state -> (CheckedContinuation<Outcome, Never>, Outcome)? in
            state.relay.reserveCapacity(state.relay.count + deliveries.count)
            for (id, delivery) in deliveries {
                state.work += 1
                // A released entry ends only once relayed: it is there.
                guard state.entries[id] != nil else { continue }
                state.entries[id]?.phase = .relayed(delivery)
                state.relay.append(id)
            }
            return state.turnIsOut ? nil : state.passTurn()
        }
        if let (waiter, outcome) = first {
            waiter.resume(returning: outcome)
        }
    }

    /// Passes the relay's turn on to the next released waiter, if any: called by the waiter
    /// holding it (resumed with `holdsTurn`) once its link is opened (or has failed).
    @usableFromInline
    func handOn() {
        if let (waiter, outcome) = state.withLock({ $0.passTurn() }) {
            waiter.resume(returning: outcome)
        }
    }

    // MARK: - Expiry

    /// Starts a timer that first sleeps until `deadline` (under the lock: the task's first
    /// step waits for it); the caller cancels the one it replaces, after unlocking.
    ///
    /// The timer sleeps until `deadline`, expires the links whose deadline has passed, then
    /// sleeps until the earliest deadline of a waiting link, and again, until no link waits
    /// (then the next held link starts a new timer) or a newer timer replaces it. It holds the
    /// hold only while it expires links, never while it sleeps: a hold its owner lets go of
    /// cancels its timer.
    private func startTimer(_ state: inout State, _ clock: any HoldClock, until deadline: Duration) {
        state.timerGeneration &+= 1
        state.timerDeadline = deadline
        let generation = state.timerGeneration
        state.timer = Task { [weak self] in
            var next: Duration? = deadline
            while let deadline = next {
                do {
                    try await clock.sleep(untilElapsed: deadline)
                } catch {
                    return
                }
                next = self?.expire(generation, clock)
            }
        }
    }

    /// Expires the links whose deadline has passed (taking them from the deadlines' heap,
    /// earliest first: O(log n) each) for the timer of `generation`, and resumes their
    /// waiters after unlocking.
    /// - Returns: The deadline to sleep until next; `nil` when no link waits, or when a newer
    ///   timer has replaced this one.
    private func expire(_ generation: UInt64, _ clock: any HoldClock) -> Duration? {
        var next: Duration?
        let expired = state.withLock { state -> [CheckedContinuation<Outcome, Never>] in
            guard state.timerGeneration == generation else { return [] }
            let now = clock.elapsed()
            var expired: [CheckedContinuation<Outcome, Never>] = []
            while let earliest = state.earliestDeadline(), earliest <= now {
                let (_, id) = state.deadlines.removeFirst(work: &state.work)
                if let waiter = state.endWaiting(id) {
                    expired.append(waiter)
                }
            }
            state.compact()
            next = state.earliestDeadline()
            state.timerDeadline = next
            if next == nil { state.timer = nil }
            return expired
        }
        for waiter in expired {
            waiter.resume(returning: .expired)
        }
        return next
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
