extension TabRouter {
    /// The titles of what the app shows now, then after each change, keeping only the newest
    /// for a consumer that lags (see ``titles(bufferingPolicy:)``).
    public var titles: some AsyncSequence<[String], Never> & Sendable {
        titles()
    }

    /// The titles of what the app shows, bottom first, untitled routes left out: the
    /// selected tab's displayed entries (``RouterState/titles``), then what is presented
    /// above the tabs (``presentations``). The current value first, then each change: a
    /// navigation on the selected tab, a switch to another tab, a presentation above the
    /// tabs. A navigation on a tab that is not selected changes nothing shown, so publishes
    /// nothing.
    ///
    /// Titles are computed on the consuming task, one ``RouteProvider/metadata`` read per
    /// displayed entry for each state published, never under a router's lock.
    ///
    /// A current value: by default the subscription keeps only the newest shown state
    /// (`.bufferingNewest(1)`), so a consumer that lags, or never reads, holds one whatever
    /// the number of navigations. Pass `.unbounded` to see every change, at the cost of one
    /// buffered state per change while the consumer lags.
    /// - Parameter bufferingPolicy: The buffer of the subscription (the newest state by
    ///   default).
    /// - Returns: A stream subscribed when this returns.
    public func titles(
        bufferingPolicy: BufferingPolicy = .bufferingNewest(1)
    ) -> some AsyncSequence<[String], Never> & Sendable {
        // The states are read under the lock; their titles are computed on the consuming task.
        let shown = tracking {
            hub.subscribe(
                bufferingPolicy: bufferingPolicy,
                initial: { [($0.stacks[$0.selectedIndex], $0.aboveTabs)] },
                transform: { event in event.changed.map { ($0.stacks[$0.selectedIndex], $0.aboveTabs) } }
            )
        }
        return shown.map { $0.titles + $1.titles }.removeDuplicates()
    }
}
