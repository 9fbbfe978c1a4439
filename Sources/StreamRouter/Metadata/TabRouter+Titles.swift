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
    /// - Parameter bufferingPolicy: The buffer of each underlying subscription (the tabs',
    ///   and ``aboveTabs``').
    /// - Returns: A stream subscribed when this returns.
    public func titles(
        bufferingPolicy: BufferingPolicy = .unbounded
    ) -> some AsyncSequence<[String], Never> & Sendable {
        // Read before subscribing: each subscription's first element is then as new as these
        // or newer, so the first value combines what is shown now.
        let start = TabTitleParts(selected: selectedRouter.state, aboveTabs: aboveTabs.state)
        let selected = tracking {
            hub.subscribe(
                bufferingPolicy: bufferingPolicy,
                initial: { [TabTitleParts.Change.selected($0.stacks[$0.selectedIndex])] },
                transform: { event in event.changed.map { .selected($0.stacks[$0.selectedIndex]) } }
            )
        }
        let above = aboveTabs._storage.subscribe(
            bufferingPolicy: bufferingPolicy,
            initial: { [TabTitleParts.Change.aboveTabs($0.state)] },
            transform: { event in event.state.map { .aboveTabs($0) } }
        )
        return merge(selected, above)
            .scan(start) { parts, change in parts.applying(change) }
            .map { $0.titles }
            .removeDuplicates()
    }
}

/// What a ``TabRouter``'s titles are made of: the selected tab's state and the state of what
/// is presented above the tabs, each replaced by its newest value.
struct TabTitleParts<Route: RouteProvider>: Sendable {
    /// A new value of one of the parts.
    enum Change: Sendable {
        case selected(RouterState<Route>)
        case aboveTabs(RouterState<Route>)
    }

    var selected: RouterState<Route>
    var aboveTabs: RouterState<Route>

    /// The parts with `change` applied.
    func applying(_ change: Change) -> Self {
        var parts = self
        switch change {
        case .selected(let state): parts.selected = state
        case .aboveTabs(let state): parts.aboveTabs = state
        }
        return parts
    }

    /// The selected tab's titles, then those above the tabs.
    var titles: [String] {
        selected.titles + aboveTabs.titles
    }
}
