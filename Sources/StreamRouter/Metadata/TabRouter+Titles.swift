extension TabRouter {
    /// The titles of what the app shows now, then after each change, with an unbounded
    /// buffer (see ``titles(bufferingPolicy:)``).
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
    /// - Parameter bufferingPolicy: The buffer of the subscription.
    /// - Returns: A stream subscribed when this returns.
    public func titles(
        bufferingPolicy: BufferingPolicy = .unbounded
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
