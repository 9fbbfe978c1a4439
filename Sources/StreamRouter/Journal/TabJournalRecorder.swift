/// Records a ``TabRouter``'s navigations, on every tab, and its selections into one
/// ``TabNavigationJournal``. Each tab's router records into it through a ``Tap``, under the
/// router's lock; the tab router records selections under its own. This lock is taken after
/// either, never before.
final class TabJournalRecorder<Tab: Hashable & Codable & Sendable, Route: RouteProvider>: Sendable {
    /// What one tab's router records through.
    final class Tap: JournalSink {
        let tab: Tab
        let recorder: TabJournalRecorder

        init(tab: Tab, recorder: TabJournalRecorder) {
            self.tab = tab
            self.recorder = recorder
        }

        func record(_ event: RouterEvent<Route>, state: RouterState<Route>) {
            recorder.journal.withLock { $0.record(tab, event, state: state) }
        }
    }

    fileprivate let journal: Locked<TabNavigationJournal<Tab, Route>>

    init(capacity: Int, selected: Tab) {
        journal = Locked(TabNavigationJournal(capacity: capacity, startState: TabRouterState(selected: selected)))
    }

    /// The journal so far.
    var snapshot: TabNavigationJournal<Tab, Route> {
        journal.withLock { $0 }
    }

    /// Starts recording `router`, the router of `tab`: its state now is the tab's start
    /// state, and its attempts from now on are entries (in one critical section of the
    /// router, so none is missed or counted twice).
    func install(on router: Router<Route>, tab: Tab) {
        let tap = Tap(tab: tab, recorder: self)
        router.storage.update { storage, _ in
            journal.withLock { $0.setStart(tab, storage.state) }
            storage.journal = tap
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
        journal.withLock { $0.setStart(selected: tab) }
    }

    /// Records that `tab` became the selected tab.
    func recordSelection(_ tab: Tab) {
        journal.withLock { $0.recordSelection(tab) }
    }
}
