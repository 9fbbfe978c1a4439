/// What a ``Router`` hands the final event of each navigation attempt to while something
/// records it (a ``NavigationJournal``, a tab router's journal, a replay).
///
/// The router calls ``record(_:state:)`` under its own lock, in the critical section that
/// publishes the event, so sinks see attempts in the router's event order. A sink only
/// appends to a value behind its own lock (taken after the router's, never before) and calls
/// nothing else: no route code, nothing that resumes, yields or finishes.
protocol JournalSink<Route>: AnyObject, Sendable {
    associatedtype Route: RouteProvider

    /// Records `event` (a `.completed`, `.cancelled` or `.failed`), after which the router
    /// is in `state`.
    func record(_ event: RouterEvent<Route>, state: RouterState<Route>)
}

/// Records a ``Router``'s navigations into a ``NavigationJournal``.
final class RouterJournalRecorder<Route: RouteProvider>: JournalSink {
    private let journal: Locked<NavigationJournal<Route>>

    init(capacity: Int, startState: RouterState<Route>) {
        journal = Locked(NavigationJournal(capacity: capacity, startState: startState))
    }

    /// The journal so far.
    var snapshot: NavigationJournal<Route> {
        journal.withLock { $0 }
    }

    func record(_ event: RouterEvent<Route>, state: RouterState<Route>) {
        journal.withLock { $0.record(event, state: state) }
    }
}
