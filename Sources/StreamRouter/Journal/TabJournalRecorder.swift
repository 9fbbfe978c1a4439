import Foundation

/// Records a ``TabRouter``'s navigations, on every tab, and its selections for one
/// ``TabNavigationJournal``: items (a tab's position and its router's final event, or `nil`
/// for a selection), the newest `capacity` of which the journal keeps, and the tree before
/// the oldest item held. Like ``RouterJournalRecorder``, it appends and drops the oldest
/// `capacity` items at once when it holds `2 * capacity`.
///
/// Each tab's router records through a ``Tap``, under the router's lock; the tab router
/// records selections under its own. This recorder's lock is taken after either, never
/// before, and guards every stored property (hence `@unchecked Sendable`). It is an
/// `NSLock`, not a generic `Locked` value: a recorded navigation pays one plain lock.
final class TabJournalRecorder<Tab: Hashable & Codable & Sendable, Route: RouteProvider>: @unchecked Sendable {
    /// What one tab's router records through.
    final class Tap: JournalSink {
        /// The tab's position among the recorder's tabs.
        let position: Int
        let recorder: TabJournalRecorder

        init(position: Int, recorder: TabJournalRecorder) {
            self.position = position
            self.recorder = recorder
        }

        func record(_ event: RouterEvent<Route>) {
            recorder.record(position, event)
        }
    }

    private let lock = NSLock()
    private let capacity: Int
    /// Each item's tab position, and its event (`nil`: the tab was selected), oldest first.
    private var positions: [Int] = []
    private var events: [RouterEvent<Route>?] = []
    /// How many items were dropped before the oldest held.
    private var dropped = 0
    /// The tabs recorded, by position, and each one's state before the oldest item held.
    private var tabs: [Tab] = []
    private var startStates: [RouterState<Route>] = []
    private var startSelected: Tab

    init(capacity: Int, selected: Tab) {
        self.capacity = max(capacity, 1)
        startSelected = selected
    }

    /// Starts recording `router`, the router of `tab`: its state now is the tab's start
    /// state, and its attempts from now on are items (in one critical section of the
    /// router, so none is missed or counted twice).
    func install(on router: Router<Route>, tab: Tab) {
        router.storage.update { storage, _ in
            let position = lock.withLock {
                if let known = tabs.firstIndex(of: tab) {
                    startStates[known] = storage.state
                    return known
                }
                tabs.append(tab)
                startStates.append(storage.state)
                return tabs.count - 1
            }
            storage.journal = Tap(position: position, recorder: self)
        }
    }

    /// Stops recording `router`, if it records into this recorder.
    func uninstall(from router: Router<Route>) {
        router.storage.update { storage, _ in
            if let tap = storage.journal as? Tap, tap.recorder === self {
                storage.journal = nil
            }
        }
    }

    /// Sets the selected tab when recording starts.
    func setStart(selected tab: Tab) {
        lock.withLock { startSelected = tab }
    }

    /// Records that `tab` became the selected tab.
    func recordSelection(_ tab: Tab) {
        lock.withLock {
            guard let position = tabs.firstIndex(of: tab) else { return }
            append(position, nil)
        }
    }

    private func record(_ position: Int, _ event: RouterEvent<Route>) {
        lock.lock()
        append(position, event)
        lock.unlock()
    }

    /// Appends an item, under the lock; drops the oldest `capacity` into the start tree
    /// when `2 * capacity` are held.
    private func append(_ position: Int, _ event: RouterEvent<Route>?) {
        positions.append(position)
        events.append(event)
        if events.count >= 2 * capacity {
            Self.apply(
                positions[..<capacity], events[..<capacity], tabs: tabs, to: &startStates, selected: &startSelected)
            positions.removeFirst(capacity)
            events.removeFirst(capacity)
            dropped += capacity
        }
    }

    /// Applies items to a tree (each tab's state by position, and the selected tab).
    private static func apply(
        _ positions: ArraySlice<Int>,
        _ events: ArraySlice<RouterEvent<Route>?>,
        tabs: [Tab],
        to states: inout [RouterState<Route>],
        selected: inout Tab
    ) {
        for (position, event) in zip(positions, events) {
            switch event {
            case nil: selected = tabs[position]
            case .completed(_, let state, _)?: states[position] = state
            default: break  // a rejected attempt changed nothing
            }
        }
    }

    /// The journal of the newest `capacity` items: the arrays are copied under the lock (in
    /// O(1): they are shared), the entries made outside it.
    var snapshot: TabNavigationJournal<Tab, Route> {
        lock.lock()
        let (positions, events, dropped) = (self.positions, self.events, self.dropped)
        let tabs = self.tabs
        var (states, selected) = (self.startStates, self.startSelected)
        lock.unlock()
        let excess = max(events.count - capacity, 0)
        Self.apply(positions[..<excess], events[..<excess], tabs: tabs, to: &states, selected: &selected)
        let start = TabRouterState(
            selected: selected, stacks: Dictionary(zip(tabs, states), uniquingKeysWith: { first, _ in first }))
        var entries: [TabNavigationJournal<Tab, Route>.Entry] = []
        entries.reserveCapacity(events.count - excess)
        for index in excess..<events.count {
            let step = dropped + index
            let position = positions[index]
            guard let event = events[index] else {
                entries.append(
                    .init(step: step, tab: tabs[position], operation: .select, outcome: .completed, state: nil))
                continue
            }
            guard let outcome = JournalOutcome(event), let request = event.request else { continue }
            if case .completed(_, let committed, _) = event {
                states[position] = committed
            }
            entries.append(
                .init(
                    step: step, tab: tabs[position],
                    operation: .navigation(request.redirectedFrom.first ?? request.operation), url: request.url,
                    outcome: outcome, state: states[position]))
        }
        return TabNavigationJournal(
            capacity: capacity, startState: start, stepCount: dropped + events.count, entries: entries)
    }
}
