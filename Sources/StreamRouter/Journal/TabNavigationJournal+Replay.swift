extension TabNavigationJournal {
    /// Replays the journal on `app`: selects each recorded selection and performs each
    /// recorded navigation on its tab's router (or above the tabs), in order, through that
    /// router's guards, and compares each outcome and the state after it with what was
    /// recorded.
    ///
    /// ```swift
    /// let fresh = TabRouter<AppTab, AppRoute>(tabs: AppTab.allCases, selected: .home) { $0.tab }
    /// fresh.addGuard(named: "auth") { pending in ... }
    /// let divergence = await journal.replay(on: fresh)   // nil: the same outcomes and states
    /// ```
    ///
    /// Each tab whose state is not its state in ``startState`` is first restored there (a
    /// ``NavigationOperation/restore(_:)`` through its guards), and so is what is above the
    /// tabs, then ``startState``'s selected tab is selected. Steps are replayed as ``NavigationJournal/replay(on:)``
    /// replays them (steps the calling task cancelled are skipped).
    /// - Parameter app: A tab router with the app's tabs and guards, in ``startState`` (a
    ///   fresh one, for a journal recorded from launch).
    /// - Returns: The first step whose outcome or state differs, with its tab (`nil` above the
    ///   tabs), or `nil`
    ///   when every step went as recorded (`app.state` is then ``endState``).
    public func replay(on app: TabRouter<Tab, Route>) async -> ReplayDivergence<Tab, Route>? {
        let tabs = app.tabs + startState.stacks.keys.filter { !app.tabs.contains($0) }
        for tab in tabs {
            let router = app.router(for: tab)
            let start = startState[tab]
            guard router.state != start else { continue }
            let operation = NavigationOperation<Route>.restore(start)
            let (outcome, state) = await router.performRecorded(operation)
            if outcome != .completed || state != start {
                return ReplayDivergence(
                    step: nil, tab: tab, operation: operation, expected: .completed, actual: outcome,
                    expectedState: start, actualState: state)
            }
        }
        let above = RouterState<Route>(stack: [], presentations: startState.aboveTabs)
        if app._aboveTabs.state != above {
            let operation = NavigationOperation<Route>.restore(above)
            let (outcome, state) = await app._aboveTabs.performRecorded(operation)
            if outcome != .completed || state != above {
                return ReplayDivergence(
                    step: nil, tab: nil, operation: operation, expected: .completed, actual: outcome,
                    expectedState: above, actualState: state)
            }
        }
        if app.selectedTab != startState.selected {
            try? await app.select(startState.selected)  // another tab: selecting never fails
        }
        for entry in entries where !entry.outcome.dependsOnCaller {
            guard case .navigation(let operation) = entry.operation, let expectedState = entry.state else {
                if app.selectedTab != entry.tab {
                    try? await app.select(entry.tab)  // another tab: selecting never fails
                }
                continue
            }
            let router = entry.isAboveTabs ? app._aboveTabs : app.router(for: entry.tab)
            let (outcome, state) = await router.performRecorded(
                operation, source: entry.source, confirmations: entry.confirmations)
            if outcome != entry.outcome || state != expectedState {
                return ReplayDivergence(
                    step: entry.step, tab: entry.isAboveTabs ? nil : entry.tab, operation: operation,
                    expected: entry.outcome,
                    actual: outcome, expectedState: expectedState, actualState: state)
            }
        }
        return nil
    }
}
