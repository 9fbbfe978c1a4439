/// The first-in, first-out turn-taking of a router's navigations, as a pure state machine
/// that the router keeps behind its lock (effects, resuming continuations, run after
/// unlocking).
///
/// Each navigation takes a ticket when it is *called* (synchronously, in call order), then
/// waits for its turn; only the navigation being served runs guards and commits, so
/// concurrent navigations never interleave and commit in call order. A navigation that gives
/// up (its task was cancelled while waiting) still hands its turn on.
@usableFromInline
struct _NavigationQueue: Sendable {
    @usableFromInline typealias Ticket = UInt64

    /// A navigation waiting for its turn, boxed: every commit hands one out (mostly `nil`),
    /// and a continuation's layout is known only to the concurrency library.
    @usableFromInline
    final class Waiter: Sendable {
        let continuation: CheckedContinuation<Bool, Never>

        init(_ continuation: CheckedContinuation<Bool, Never>) {
            self.continuation = continuation
        }

        /// Resumes the navigation: with `true` at its turn, `false` when it gave up.
        @usableFromInline
        func resume(returning hasTurn: Bool) {
            continuation.resume(returning: hasTurn)
        }
    }

    private var nextTicket: Ticket = 0
    private var serving: Ticket = 0
    private var waiting: [Ticket: Waiter] = [:]
    private var abandoned: Set<Ticket> = []

    /// Takes the next ticket.
    @usableFromInline
    mutating func enqueue() -> Ticket {
        defer { nextTicket &+= 1 }
        return nextTicket
    }

    /// Whether it is `ticket`'s turn now.
    @usableFromInline
    func isServing(_ ticket: Ticket) -> Bool {
        ticket == serving
    }

    /// Registers `continuation` to be resumed with `true` at `ticket`'s turn.
    /// - Returns: What to resume `continuation` with now, or `nil` when it was stored:
    ///   `false` when the task is already cancelled or a later navigation superseded it,
    ///   `true` when it is already its turn.
    mutating func wait(
        for ticket: Ticket,
        continuation: CheckedContinuation<Bool, Never>,
        isCancelled: Bool
    ) -> Bool? {
        if isCancelled || ticket < serving { return false }  // cancelled, or superseded already
        if ticket == serving { return true }
        waiting[ticket] = Waiter(continuation)
        return nil
    }

    /// Stops waiting (the task was cancelled).
    /// - Returns: The continuation to resume with `false`, if it was still waiting.
    mutating func cancelWait(for ticket: Ticket) -> Waiter? {
        waiting.removeValue(forKey: ticket)
    }

    /// Gives the turn to `ticket`, just taken, superseding every earlier navigation that has
    /// not left (the one being served and those waiting), for
    /// ``NavigationOptions/Concurrency/latestWins``.
    /// - Returns: The continuations of the waiting ones, to resume with `false`.
    @usableFromInline
    mutating func supersede(before ticket: Ticket) -> [Waiter] {
        defer { _InternalChecks.check(_invariantViolations(), in: "navigation queue") }
        guard serving != ticket else { return [] }
        let superseded = Array(waiting.values)
        waiting.removeAll()
        abandoned.removeAll()  // every ticket given up so far is an earlier one
        serving = ticket
        return superseded
    }

    /// The navigations waiting for their turn or given up before it (for tests: 0 when
    /// nothing is queued behind the one served).
    var waitingCount: Int {
        waiting.count + abandoned.count
    }

    /// Whether a later navigation took `ticket`'s turn (see ``supersede(before:)``) before
    /// it left the queue.
    @usableFromInline
    func wasSuperseded(_ ticket: Ticket) -> Bool {
        ticket < serving
    }

    /// Ends `ticket`'s turn, or gives it up if it has not come yet; nothing for a superseded
    /// ticket.
    /// - Returns: The continuation of the next navigation, to resume with `true`.
    /// What breaks the queue's invariants, one line each; empty when all hold: one ticket is
    /// served at a time, every ticket waiting or given up is a later one than it, none is
    /// both, and no ticket is ahead of those given out. The tickets waiting or given up are
    /// looked at while they are few (a checked run stays linear in its navigations).
    func _invariantViolations() -> [String] {
        var violations: [String] = []
        if serving > nextTicket {
            violations.append("serving \(serving), ahead of the next ticket \(nextTicket)")
        }
        guard waiting.count + abandoned.count <= 64 else { return violations }
        for ticket in waiting.keys where ticket <= serving || ticket >= nextTicket {
            violations.append("waiting ticket \(ticket) outside \(serving)<..<\(nextTicket)")
        }
        for ticket in abandoned where ticket <= serving || ticket >= nextTicket {
            violations.append("given-up ticket \(ticket) outside \(serving)<..<\(nextTicket)")
        }
        for ticket in abandoned where waiting[ticket] != nil {
            violations.append("ticket \(ticket) both waits and was given up")
        }
        return violations
    }

    @usableFromInline
    mutating func leave(_ ticket: Ticket) -> Waiter? {
        defer { _InternalChecks.check(_invariantViolations(), in: "navigation queue") }
        guard ticket == serving else {
            if ticket < serving { return nil }
            abandoned.insert(ticket)
            return nil
        }
        serving &+= 1
        while !abandoned.isEmpty, abandoned.remove(serving) != nil {
            serving &+= 1
        }
        return waiting.isEmpty ? nil : waiting.removeValue(forKey: serving)
    }
}
