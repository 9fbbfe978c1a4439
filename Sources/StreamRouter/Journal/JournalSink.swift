import Synchronization

/// What a ``Router`` hands the final event of each navigation attempt to while something
/// records it: a closed set, so that the commit dispatches with a `switch`, specialised.
///
/// The router records under its own lock, in the critical section that publishes the
/// event, so sinks see attempts in the router's event order. A sink only stores the event
/// (behind the router's lock, or a lock of its own taken after the router's, never before)
/// and calls nothing else: no route code, nothing that resumes, yields or finishes. It
/// stores the event as it is and makes journal entries only when the journal is read, so
/// that recording costs a navigation as little as possible.
@usableFromInline
enum _JournalSink<Route: RouteProvider>: Sendable {
    /// A router's own ``NavigationJournal``, or a tab router's recording of one of its tabs.
    case recorder(_RouterJournalRecorder<Route>)
    /// A replay's probe of one attempt (see `Router.performRecorded(_:)`).
    case probe(_JournalProbe<Route>)

    /// Records `event`: a `.completed`, `.cancelled` or `.failed`.
    @inlinable
    func record(_ event: RouterEvent<Route>) {
        switch self {
        case .recorder(let recorder): recorder.record(event)
        case .probe(let probe): probe.record(event)
        }
    }

    /// Records the commit of `request`, which made `state` (and maybe an `action`, which no
    /// journal reads): what the commit records, without matching the event apart again.
    @inlinable
    func recordCompleted(
        _ request: NavigationRequest<Route>, state: RouterState<Route>, action: NavigationAction?
    ) {
        switch self {
        case .recorder(let recorder): recorder.recordCompleted(request, state: state)
        case .probe(let probe): probe.record(.completed(request, state: state, action: action))
        }
    }

    /// Records the answer to a confirmation asked on `request`'s navigation.
    func recordConfirmation(_ request: NavigationRequest<Route>, proceeded: Bool) {
        switch self {
        case .recorder(let recorder): recorder.confirmations[request.id, default: []].append(proceeded)
        case .probe(let probe): probe.forward?.recordConfirmation(request, proceeded: proceeded)
        }
    }

    /// Records that `loader` gave a value for `route`, on `request`'s navigation.
    @inlinable
    func recordLoad(_ request: NavigationRequest<Route>, loader: String, route: Route) {
        switch self {
        case .recorder(let recorder): recorder.recordLoad(request, loader: loader)
        case .probe(let probe): probe.record(.loaded(request, loader: loader, route: route))
        }
    }

    /// Whether this sink is `object`.
    @usableFromInline
    func isSink(_ object: AnyObject) -> Bool {
        switch self {
        case .recorder(let recorder): recorder === object
        case .probe(let probe): probe === object
        }
    }
}

/// Records one ``Router``'s navigations for a ``NavigationJournal``: the final events, the
/// newest `capacity` of which the journal keeps, and the state before the oldest event held.
///
/// Recording appends; once `2 * capacity` events are held, the oldest `capacity` are
/// dropped in one step (the start state becomes the last state they committed). So a
/// recorded navigation costs one append, and the dropping O(1) amortised, where a ring
/// would cost every navigation a drop; the journal made from it holds the newest `capacity`.
///
/// > Note: Its state is guarded by the router's lock: ``record(_:)`` runs under it (in the
/// > commit), and the router reads ``tape`` under it. Hence `@unchecked Sendable`: a
/// > lock of its own would cost every recorded navigation a second lock.
///
/// ``record(_:)`` is `@inlinable`, and the commit reaches it through a `switch` over the
/// router's sink (``_JournalSink``), specialised like the pipeline.
@usableFromInline
final class _RouterJournalRecorder<Route: RouteProvider>: @unchecked Sendable {
    @usableFromInline let capacity: Int
    /// The events held, oldest first: at most `2 * capacity`.
    @usableFromInline private(set) var events: [RouterEvent<Route>] = []
    /// For a tab's router recorded by a ``TabJournalRecorder``: numbers each event from the
    /// counter all its tabs share (see `Tap`); `nil` for a router's own journal.
    @usableFromInline let numbering: _JournalCounter?
    /// The number of each event held, when `numbering` is set.
    @usableFromInline private(set) var numbers: [Int] = []
    /// How many events were dropped before the oldest held.
    @usableFromInline var dropped = 0
    /// The state before the oldest event held.
    @usableFromInline var startState: RouterState<Route>
    /// The loaders that gave values, by request id, for the entries of the events held.
    @usableFromInline var loads: [UInt64: [String]] = [:]
    /// The answers to the confirmations asked, by request id (`true`: proceeded).
    @usableFromInline var confirmations: [UInt64: [Bool]] = [:]

    /// Creates a recorder; call it under the router's lock, with its state.
    init(capacity: Int, startState: RouterState<Route>, numbering: _JournalCounter? = nil) {
        // Up to `Int.max / 2`: the ring holds up to twice its capacity (`.max` keeps all).
        self.capacity = min(max(capacity, 1), Int.max / 2)
        self.startState = startState
        self.numbering = numbering
    }

    @inlinable
    func record(_ event: RouterEvent<Route>) {
        if case .loaded(let request, let loader, _) = event {
            recordLoad(request, loader: loader)
            return
        }
        if case .completed(let request, let state, _?) = event {
            recordCompleted(request, state: state)
            return
        }
        if let numbering {
            numbers.append(numbering.next())
        }
        events.append(event)
        if events.count >= 2 * capacity {
            dropOldest()
        }
    }

    /// Records that `loader` gave a value on `request`'s navigation: not a step of its own,
    /// the loads go on the entry of their navigation.
    @inlinable
    func recordLoad(_ request: NavigationRequest<Route>, loader: String) {
        loads[request.id, default: []].append(loader)
    }

    /// Records the commit of `request`, which made `state`, without its action: no journal
    /// reads it, and its paths' closures hold the state before too, which would stay alive
    /// with the event (and cost retains).
    @inlinable
    func recordCompleted(_ request: NavigationRequest<Route>, state: RouterState<Route>) {
        if let numbering {
            numbers.append(numbering.next())
        }
        events.append(.completed(request, state: state, action: nil))
        if events.count >= 2 * capacity {
            dropOldest()
        }
    }

    /// Drops the oldest `capacity` events, once `2 * capacity` are held.
    @inlinable
    func dropOldest() {
        startState = Self.state(after: events[..<capacity], from: startState)
        if !loads.isEmpty || !confirmations.isEmpty {
            for event in events[..<capacity] {
                if let id = event.request?.id {
                    loads.removeValue(forKey: id)
                    confirmations.removeValue(forKey: id)
                }
            }
        }
        events.removeFirst(capacity)
        if numbering != nil {
            numbers.removeFirst(capacity)
        }
        dropped += capacity
    }

    /// The state after `events`, starting from `state`: the last state one of them committed
    /// (a rejected attempt changes nothing).
    @usableFromInline
    static func state(
        after events: ArraySlice<RouterEvent<Route>>, from state: RouterState<Route>
    ) -> RouterState<Route> {
        for event in events.reversed() {
            if case .completed(_, let committed, _) = event { return committed }
        }
        return state
    }

    /// What was recorded so far, copied in O(1) (the array is shared): take it under the
    /// router's lock, then make the journal from it outside.
    var tape: Tape {
        Tape(
            capacity: capacity, events: events, dropped: dropped, startState: startState, loads: loads,
            confirmations: confirmations)
    }

    /// A copy of what a recorder holds.
    struct Tape: Sendable {
        let capacity: Int
        let events: [RouterEvent<Route>]
        let dropped: Int
        let startState: RouterState<Route>
        /// The loaders that gave values, by request id.
        let loads: [UInt64: [String]]
        /// The answers to the confirmations asked, by request id.
        let confirmations: [UInt64: [Bool]]

        /// The journal of the newest `capacity` events: each entry's state is the state its
        /// event committed, or, for a rejected attempt, the state before it.
        var journal: NavigationJournal<Route> {
            let excess = max(events.count - capacity, 0)
            let start = _RouterJournalRecorder.state(after: events[..<excess], from: startState)
            var state = start
            var entries: [NavigationJournal<Route>.Entry] = []
            entries.reserveCapacity(events.count - excess)
            for (offset, event) in events[excess...].enumerated() {
                guard let outcome = JournalOutcome(event), let request = event.request else { continue }
                if case .completed(_, let committed, _) = event {
                    state = committed
                }
                entries.append(
                    NavigationJournal.Entry(
                        step: dropped + excess + offset,
                        operation: request.redirectedFrom.first ?? request.operation,
                        url: request.url, outcome: outcome, state: state, analyticsName: event.analyticsName,
                        loads: loads[request.id] ?? [], source: request.source,
                        confirmations: confirmations[request.id] ?? []))
            }
            return NavigationJournal(
                capacity: capacity, startState: start, stepCount: dropped + events.count, entries: entries)
        }
    }
}

/// Numbers the items a ``TabJournalRecorder`` records, across its tabs.
@usableFromInline
final class _JournalCounter: Sendable {
    private let value = Atomic<Int>(0)

    /// The next number.
    @usableFromInline
    func next() -> Int {
        value.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// How many numbers were taken.
    var count: Int {
        value.load(ordering: .relaxed)
    }
}
