/// The values ``Router/preload(_:for:)`` keeps for the next navigation to each route, kept
/// in the router's hooks (behind their lock), with their expiry.
///
/// Found by route (a dictionary: O(1) per preload and per navigation, however many wait).
/// Each value expires at its deadline, measured on the router's `guardClock` as time elapsed
/// since ``clock`` began (as held links are): one timer task, which the router starts,
/// sleeps until the earliest deadline (a heap: O(log n) per preload) and drops what expired,
/// so a value no navigation took is released when its lifetime ends, not later. What the
/// timer or a navigation drops is returned, to release after unlocking (a value's deinit is
/// the app's code).
struct _Preloads<Route: RouteProvider>: Sendable {
    /// What one preload kept for a route.
    struct Entry: Sendable {
        /// Tells this preload from a later one of the same route (whose deadline differs).
        let id: UInt64
        let values: [_LoadedValue]
        /// When it expires, as time elapsed on ``_Preloads/clock``.
        let deadline: Duration
    }

    /// A deadline's key: the preload it was set for.
    struct Key: Sendable {
        let id: UInt64
        let route: Route
    }

    /// The timer to start: its generation, clock and first deadline.
    struct TimerStart: Sendable {
        let generation: UInt64
        let clock: any HoldClock
        let deadline: Duration
    }

    private(set) var byRoute: [Route: Entry] = [:]
    /// The deadlines of the values kept; one whose value was taken or replaced is skipped
    /// when it comes first, and dropped once such ones are most of the heap.
    private var deadlines = _DeadlineHeap<Key>()
    /// The guard clock, as time elapsed since the first preload on it.
    private(set) var clock: (any HoldClock)?
    private var nextID: UInt64 = 0
    private var timer: Task<Void, Never>?
    private var timerDeadline: Duration?
    private var timerGeneration: UInt64 = 0
    /// The steps taken on behalf of single preloads (a heap's comparisons, a stale deadline
    /// dropped or compacted): the tests read it to tell O(1)/O(log n) per preload from O(n).
    private(set) var work = 0

    var count: Int { byRoute.count }

    /// Keeps `values` for `route` until `lifetime` has passed on `guardClock`, replacing what
    /// a preload of `route` kept.
    /// - Returns: What it replaced (to release unlocked), the timer it stopped (to cancel
    ///   unlocked), and the timer to start, if one must.
    mutating func keep(
        _ values: [_LoadedValue], for route: Route, lifetime: Duration, on guardClock: any Clock<Duration>
    ) -> (replaced: Entry?, stopped: Task<Void, Never>?, start: TimerStart?) {
        var stopped = move(to: guardClock)
        guard let clock else { return (nil, stopped, nil) }
        let deadline = clock.elapsed() + lifetime
        let entry = Entry(id: nextID, values: values, deadline: deadline)
        nextID &+= 1
        let replaced = byRoute.updateValue(entry, forKey: route)
        deadlines.insert(deadline, Key(id: entry.id, route: route), work: &work)
        compact()
        // The timer sleeps until a deadline no later than this one, or a new one starts.
        if let timerDeadline, timer != nil, timerDeadline <= deadline {
            return (replaced, stopped, nil)
        }
        if stopped == nil { stopped = timer }
        return (replaced, stopped, startTimer(clock, until: earliestDeadline() ?? deadline))
    }

    /// The values kept for `route` while still fresh, left in place: a navigation that uses
    /// them takes them once it commits (``remove(_:id:)``), so a refused one leaves them.
    func fresh(_ route: Route) -> Entry? {
        guard let entry = byRoute[route], let clock, entry.deadline > clock.elapsed() else { return nil }
        return entry
    }

    /// Removes the values kept for `route` when they are still those of `id` (not replaced
    /// by a later preload meanwhile).
    /// - Returns: The entry removed, to release after unlocking.
    mutating func remove(_ route: Route, id: UInt64) -> Entry? {
        guard byRoute[route]?.id == id, let entry = byRoute.removeValue(forKey: route) else { return nil }
        compact()
        return entry
    }

    /// Makes `guardClock` the clock deadlines are measured on, when it is another one: each
    /// value kept keeps the time it has left, measured on the new clock from now.
    /// - Returns: The timer stopped, to cancel unlocked (the caller starts a new one when
    ///   values are kept: see ``restartTimer()``).
    mutating func move(to guardClock: any Clock<Duration>) -> Task<Void, Never>? {
        if let clock, clock.measures(on: guardClock) { return nil }
        let old = clock
        let new = Self.elapsedClock(guardClock)
        clock = new
        var live: [(deadline: Duration, key: Key)] = []
        if let old {
            let (then, now) = (old.elapsed(), new.elapsed())
            for (route, entry) in byRoute {
                let moved = Entry(id: entry.id, values: entry.values, deadline: now + (entry.deadline - then))
                byRoute[route] = moved
                live.append((moved.deadline, Key(id: moved.id, route: route)))
            }
        }
        deadlines.rebuild(live, work: &work)
        timerGeneration &+= 1
        timerDeadline = nil
        defer { timer = nil }
        return timer
    }

    /// Stops the timer, for a router that goes away.
    /// - Returns: The timer, to cancel unlocked.
    mutating func stopTimer() -> Task<Void, Never>? {
        timerGeneration &+= 1
        defer { timer = nil }
        return timer
    }

    /// A new timer for the values kept, when there are some and none runs (after
    /// ``move(to:)``).
    mutating func restartTimer() -> TimerStart? {
        guard timer == nil, let clock, let deadline = earliestDeadline() else { return nil }
        return startTimer(clock, until: deadline)
    }

    /// Registers the timer the router started for `start`.
    mutating func started(_ task: Task<Void, Never>, for start: TimerStart) {
        guard start.generation == timerGeneration else {
            task.cancel()
            return
        }
        timer = task
    }

    /// Drops the values whose deadline has passed, for the timer of `generation`.
    /// - Returns: The values dropped (to release unlocked) and the next deadline to sleep
    ///   until, `nil` when the timer is to end (no value is kept, or it is no longer current).
    mutating func expire(timer generation: UInt64) -> (expired: [Entry], next: Duration?) {
        guard generation == timerGeneration, let clock else { return ([], nil) }
        let now = clock.elapsed()
        var expired: [Entry] = []
        while let earliest = earliestDeadline(), earliest <= now {
            let (_, key) = deadlines.removeFirst(work: &work)
            if let entry = byRoute.removeValue(forKey: key.route) {
                expired.append(entry)
            }
        }
        compact()
        let next = earliestDeadline()
        timerDeadline = next
        if next == nil { timer = nil }
        return (expired, next)
    }

    private mutating func startTimer(_ clock: any HoldClock, until deadline: Duration) -> TimerStart {
        timerGeneration &+= 1
        timerDeadline = deadline
        timer = nil
        return TimerStart(generation: timerGeneration, clock: clock, deadline: deadline)
    }

    /// Whether `key` is the deadline of a value still kept.
    private func isLive(_ key: Key) -> Bool {
        byRoute[key.route]?.id == key.id
    }

    /// The earliest deadline of a value kept, dropping the stale ones before it.
    private mutating func earliestDeadline() -> Duration? {
        while let first = deadlines.first {
            if isLive(first.key) { return first.deadline }
            deadlines.removeFirst(work: &work)
        }
        return nil
    }

    /// Drops the stale deadlines once they are most of the heap: O(heap), once for as many
    /// preloads as went stale, so O(1) per preload.
    private mutating func compact() {
        guard deadlines.count > 2 * byRoute.count + 32 else { return }
        var live: [(deadline: Duration, key: Key)] = []
        live.reserveCapacity(byRoute.count)
        for item in deadlines.items {
            work += 1
            if isLive(item.key) { live.append(item) }
        }
        deadlines.rebuild(live, work: &work)
    }

    private static func elapsedClock<C: Clock<Duration>>(_ clock: C) -> any HoldClock {
        ElapsedClock(clock: clock, origin: clock.now)
    }
}
