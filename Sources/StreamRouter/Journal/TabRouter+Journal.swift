extension TabRouter {
    /// Starts recording every tab's navigations, those above the tabs, and the changes of
    /// selection into a new
    /// ``TabNavigationJournal``, read with ``journal``; replaces any journal being recorded.
    ///
    /// The journal starts at the current tree. Tabs whose router is made later (by
    /// ``router(for:)``) are recorded from their creation.
    ///
    /// > Note: Each tab's router records under its own lock, as
    /// > ``Router/startRecording(keepingNewest:)`` does (which, called on a tab's router,
    /// > takes that router out of this journal), numbering its navigations from one atomic
    /// > counter shared by the tabs; no lock is shared between tabs.
    /// - Parameter capacity: The most entries kept (from 1 to `Int.max / 2`: `.max` keeps
    ///   every entry); older ones are dropped.
    public func startRecording(keepingNewest capacity: Int = 1_000) {
        let recorder = TabJournalRecorder<Tab, Route>(capacity: capacity, selected: selectedTab)
        let tabs = hub.update { hub, _ in
            recorder.setStart(selected: hub.selected)
            hub.journal = recorder
            return hub.tabs
        }
        for tab in tabs {
            recorder.install(on: router(for: tab), tab: tab)
        }
        recorder.install(on: _aboveTabs, tab: nil)
    }

    /// Stops recording.
    /// - Returns: The journal recorded, or `nil` when this tab router was not recording.
    @discardableResult
    public func stopRecording() -> TabNavigationJournal<Tab, Route>? {
        let recorder = hub.update { hub, _ in
            defer { hub.journal = nil }
            return hub.journal
        }
        guard let recorder else { return nil }
        recorder.uninstall()
        return recorder.snapshot
    }

    /// The journal being recorded (see ``startRecording(keepingNewest:)``), as it is now;
    /// `nil` while this tab router does not record.
    public var journal: TabNavigationJournal<Tab, Route>? {
        hub.read { $0.journal }?.snapshot
    }

    /// Records a router made for a tab after recording started.
    func recordNewTab(_ router: Router<Route>, tab: Tab) {
        hub.read { $0.journal }?.install(on: router, tab: tab)
    }
}
