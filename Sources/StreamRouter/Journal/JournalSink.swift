/// What a ``Router`` hands the final event of each navigation attempt to while something
/// records it (a ``NavigationJournal``, a tab router's journal, a replay).
///
/// The router calls ``record(_:)`` under its own lock, in the critical section that
/// publishes the event, so sinks see attempts in the router's event order. A sink only
/// stores the event (behind the router's lock, or a lock of its own taken after the
/// router's, never before) and calls nothing else: no route code, nothing that resumes,
/// yields or finishes. It stores the event as it is and makes journal entries only when
/// the journal is read, so that recording costs a navigation as little as possible.
protocol JournalSink<Route>: AnyObject, Sendable {
    associatedtype Route: RouteProvider

    /// Records `event`: a `.completed`, `.cancelled` or `.failed`.
    func record(_ event: RouterEvent<Route>)
}

/// Records one ``Router``'s navigations for a ``NavigationJournal``: the newest `capacity`
/// final events, in a ring, and the state before the oldest.
///
/// > Note: Its state is guarded by the router's lock: ``record(_:)`` runs under it (in the
/// > commit), and the router reads ``tape`` under it. Hence `@unchecked Sendable`: a
/// > lock of its own would cost every recorded navigation a second lock.
final class RouterJournalRecorder<Route: RouteProvider>: JournalSink, @unchecked Sendable {
    private let capacity: Int
    /// The events kept; once full, `head` is the oldest.
    private var events: [RouterEvent<Route>] = []
    private var head = 0
    private var stepCount = 0
    /// The state before the oldest event kept.
    private var startState: RouterState<Route>

    /// Creates a recorder; call it under the router's lock, with its state.
    init(capacity: Int, startState: RouterState<Route>) {
        self.capacity = max(capacity, 1)
        self.startState = startState
        events.reserveCapacity(min(self.capacity, 1_024))
    }

    func record(_ event: RouterEvent<Route>) {
        stepCount += 1
        guard events.count == capacity else {
            events.append(event)
            return
        }
        if case .completed(_, let state, _) = events[head] {
            startState = state  // a rejected attempt changed nothing
        }
        events[head] = event
        head = head + 1 == capacity ? 0 : head + 1
    }

    /// What was recorded so far, copied in O(1) (the arrays are shared): take it under the
    /// router's lock, then make the journal from it outside.
    var tape: Tape {
        Tape(capacity: capacity, events: events, head: head, stepCount: stepCount, startState: startState)
    }

    /// A copy of what a recorder holds.
    struct Tape: Sendable {
        let capacity: Int
        let events: [RouterEvent<Route>]
        let head: Int
        let stepCount: Int
        let startState: RouterState<Route>

        /// The journal: each entry's state is the state its event committed, or, for a
        /// rejected attempt, the state before it.
        var journal: NavigationJournal<Route> {
            let ordered = head == 0 ? events : Array(events[head...] + events[..<head])
            var state = startState
            var entries: [NavigationJournal<Route>.Entry] = []
            entries.reserveCapacity(ordered.count)
            for (offset, event) in ordered.enumerated() {
                guard let outcome = JournalOutcome(event), let request = event.request else { continue }
                if case .completed(_, let committed, _) = event {
                    state = committed
                }
                entries.append(
                    NavigationJournal.Entry(
                        step: stepCount - ordered.count + offset,
                        operation: request.redirectedFrom.first ?? request.operation,
                        url: request.url, outcome: outcome, state: state))
            }
            return NavigationJournal(capacity: capacity, startState: startState, stepCount: stepCount, entries: entries)
        }
    }
}
