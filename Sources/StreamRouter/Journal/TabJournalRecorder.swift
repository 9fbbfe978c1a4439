import Synchronization

/// Records a ``TabRouter``'s navigations, on every tab and above the tabs, and its
/// selections for one ``TabNavigationJournal``.
///
/// Each tab's router records into a ``Tap`` of its own, under that router's lock: a
/// ``_RouterJournalRecorder`` (appending its final events, dropping the oldest `capacity` at
/// once when it holds `2 * capacity`) that numbers each event from one atomic counter shared
/// by every tab, so the tabs' events merge into one order when the journal
/// is read. Selections are recorded under the tab router's lock into a list of their own,
/// numbered from the same counter. A recorded navigation so costs what a router's does, plus
/// one atomic increment: no lock shared between tabs.
///
/// Reading takes every tab's router's lock, in tab order, then the selections' lock, so
/// that it sees every numbered item (each is numbered and stored in one critical section).
/// Nothing else takes two routers' locks, and no lock is taken after the selections'.
final class TabJournalRecorder<Tab: Hashable & Codable & Sendable, Route: RouteProvider>: Sendable {

    /// What one tab's router (or the router of what is above the tabs) records into: a
    /// ``_RouterJournalRecorder`` that numbers its events from the counter every tab shares
    /// (the router's commit then records into it specialised, as into a router's own
    /// journal), and the tab, `nil` above the tabs.
    ///
    /// > Note: The recorder is guarded by that router's lock: it records under it, and
    /// > ``tape`` is read under it.
    struct Tap: Sendable {
        let tab: Tab?
        let recorder: _RouterJournalRecorder<Route>

        init(tab: Tab?, capacity: Int, counter: _JournalCounter, startState: RouterState<Route>) {
            self.tab = tab
            recorder = _RouterJournalRecorder(capacity: capacity, startState: startState, numbering: counter)
        }

        /// A copy of what it holds, in O(1) (the arrays are shared).
        var tape: Tape {
            Tape(
                tab: tab, startState: recorder.startState, events: recorder.events, numbers: recorder.numbers,
                confirmations: recorder.confirmations)
        }
    }

    /// A copy of what one tab's ``Tap`` holds.
    struct Tape: Sendable {
        let tab: Tab?
        let startState: RouterState<Route>
        let events: [RouterEvent<Route>]
        let numbers: [Int]
        /// The answers to the confirmations asked, by request id.
        let confirmations: [UInt64: [Bool]]
    }

    /// The selections held, oldest first, each with its number, and the selected tab
    /// before the oldest.
    struct Selections: Sendable {
        var numbers: [Int] = []
        var tabs: [Tab] = []
        var startSelected: Tab
    }

    /// One tab recorded: its router and the tap installed on it.
    private struct Member: Sendable {
        let router: Router<Route>
        let tap: Tap
    }

    private let capacity: Int
    private let counter = _JournalCounter()
    private let members = _Locked<[Member]>([])
    private let selections: _Locked<Selections>

    init(capacity: Int, selected: Tab) {
        // Up to `Int.max / 2`: the ring holds up to twice its capacity (`.max` keeps all).
        self.capacity = min(max(capacity, 1), Int.max / 2)
        selections = _Locked(Selections(startSelected: selected))
    }

    /// Starts recording `router`, the router of `tab` (`nil`: of what is above the tabs):
    /// its state now is the start state there, and its attempts from now on are recorded (in one critical section of the
    /// router, so none is missed or counted twice).
    func install(on router: Router<Route>, tab: Tab?) {
        let tap = router._storage.update { storage, _ in
            let tap = Tap(tab: tab, capacity: capacity, counter: counter, startState: storage.state)
            storage.journal = .recorder(tap.recorder)
            return tap
        }
        members.withLock { members in
            members.removeAll { $0.tap.tab == tab }
            members.append(Member(router: router, tap: tap))
        }
    }

    /// Stops recording every tab's router that records into this recorder (what they
    /// recorded stays readable).
    func uninstall() {
        for member in members.withLock({ $0 }) {
            member.router._storage.update { storage, _ in
                if storage.journal?.isSink(member.tap.recorder) == true {
                    storage.journal = nil
                }
            }
        }
    }

    /// Sets the selected tab when recording starts.
    func setStart(selected tab: Tab) {
        selections.withLock { $0.startSelected = tab }
    }

    /// Records that `tab` became the selected tab (under the tab router's lock).
    func recordSelection(_ tab: Tab) {
        selections.withLock { selections in
            selections.numbers.append(counter.next())
            selections.tabs.append(tab)
            if selections.tabs.count >= 2 * capacity {
                selections.startSelected = selections.tabs[capacity - 1]
                selections.numbers.removeFirst(capacity)
                selections.tabs.removeFirst(capacity)
            }
        }
    }

    /// Every tab's tape, the selections and the count of numbers taken, read under every
    /// router's lock (in order) and the selections' lock.
    private func read(_ members: ArraySlice<Member>) -> (tapes: [Tape], selections: Selections, count: Int) {
        guard let first = members.first else {
            return selections.withLock { ([], $0, counter.count) }
        }
        return first.router._storage.read { _ in
            let rest = read(members.dropFirst())
            return ([first.tap.tape] + rest.tapes, rest.selections, rest.count)
        }
    }

    /// The journal of the newest `capacity` items: what every tap and the selections hold,
    /// merged by number; older items go into the start tree.
    var snapshot: TabNavigationJournal<Tab, Route> {
        let (tapes, selections, count) = read(members.withLock { $0 }[...])
        // Every item held: (number, tape index or -1 for a selection, index in its list).
        var items: [(number: Int, tape: Int, index: Int)] = []
        for (tapeIndex, tape) in tapes.enumerated() {
            for (index, number) in tape.numbers.enumerated() {
                items.append((number, tapeIndex, index))
            }
        }
        for (index, number) in selections.numbers.enumerated() {
            items.append((number, -1, index))
        }
        items.sort { $0.number < $1.number }
        let window = items.count - min(capacity, items.count)
        var states = tapes.map(\.startState)
        var selected = selections.startSelected
        var entries: [TabNavigationJournal<Tab, Route>.Entry] = []
        var start: TabRouterState<Tab, Route>?
        func tree() -> TabRouterState<Tab, Route> {
            var tree = TabRouterState<Tab, Route>(selected: selected)
            for (tape, state) in zip(tapes, states) {
                if let tab = tape.tab {
                    tree.stacks[tab] = tree.stacks[tab] ?? state
                } else {
                    tree.aboveTabs = state.presentations
                }
            }
            return tree
        }
        /// The analytics name of the selected tab's screen, as recorded so far.
        func selectedScreenName() -> String? {
            let shown = tapes.firstIndex { $0.tab == selected }.flatMap { states[$0]._topmostDisplayedRoute }
            return shown?.metadata.analyticsName
        }
        for (offset, item) in items.enumerated() {
            if offset == window {
                start = tree()
            }
            guard item.tape >= 0 else {
                selected = selections.tabs[item.index]
                if offset >= window {
                    entries.append(
                        .init(
                            step: item.number, tab: selected, operation: .select, outcome: .completed, state: nil,
                            analyticsName: selectedScreenName()))
                }
                continue
            }
            let tape = tapes[item.tape]
            let event = tape.events[item.index]
            if case .completed(_, let committed, _) = event {
                states[item.tape] = committed
            }
            guard offset >= window, let outcome = JournalOutcome(event), let request = event.request else { continue }
            // A dismissal of the last presentation above the tabs shows the selected tab's screen.
            var analyticsName = event.analyticsName
            if tape.tab == nil, case .completed(_, let committed, _) = event, !committed._hasPresentations {
                analyticsName = selectedScreenName()
            }
            entries.append(
                .init(
                    step: item.number, tab: tape.tab ?? selected,
                    operation: .navigation(request.redirectedFrom.first ?? request.operation), url: request.url,
                    outcome: outcome, state: states[item.tape], analyticsName: analyticsName,
                    isAboveTabs: tape.tab == nil, source: request.source,
                    confirmations: tape.confirmations[request.id] ?? []))
        }
        let startState = start ?? tree()  // nothing held: the tree now
        return TabNavigationJournal(capacity: capacity, startState: startState, stepCount: count, entries: entries)
    }
}
