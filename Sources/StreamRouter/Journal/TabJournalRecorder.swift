import Foundation

/// Records a ``TabRouter``'s navigations, on every tab, and its selections for one
/// ``TabNavigationJournal``: the newest `capacity` items in a ring (a tab's position and
/// its router's final event, or `nil` for a selection), and the tree before the oldest.
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
    /// Each item's tab position, and its event (`nil`: the tab was selected); once full,
    /// `head` is the oldest.
    private var positions: [Int] = []
    private var events: [RouterEvent<Route>?] = []
    private var head = 0
    private var stepCount = 0
    /// The tabs recorded, by position, and each one's state before the oldest item kept.
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

    /// Appends an item, under the lock, dropping the oldest into the start tree when full.
    private func append(_ position: Int, _ event: RouterEvent<Route>?) {
        stepCount += 1
        guard events.count == capacity else {
            positions.append(position)
            events.append(event)
            return
        }
        switch events[head] {
        case nil: startSelected = tabs[positions[head]]
        case .completed(_, let state, _)?: startStates[positions[head]] = state
        default: break  // a rejected attempt changed nothing
        }
        positions[head] = position
        events[head] = event
        head = head + 1 == capacity ? 0 : head + 1
    }

    /// The journal so far: the arrays are copied under the lock (in O(1): they are shared),
    /// the entries made outside it.
    var snapshot: TabNavigationJournal<Tab, Route> {
        lock.lock()
        let (positions, events, head, stepCount) = (self.positions, self.events, self.head, self.stepCount)
        let (tabs, startStates, startSelected) = (self.tabs, self.startStates, self.startSelected)
        lock.unlock()
        let order = Array(head..<events.count) + Array(0..<head)
        var states = startStates
        var entries: [TabNavigationJournal<Tab, Route>.Entry] = []
        entries.reserveCapacity(order.count)
        for (offset, index) in order.enumerated() {
            let step = stepCount - order.count + offset
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
        let start = TabRouterState(
            selected: startSelected,
            stacks: Dictionary(zip(tabs, startStates), uniquingKeysWith: { first, _ in first }))
        return TabNavigationJournal(capacity: capacity, startState: start, stepCount: stepCount, entries: entries)
    }
}
