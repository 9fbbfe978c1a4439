extension NavigationJournal {
    /// Replays the journal on `router`: performs each entry's operation, in order, through
    /// the router's pipeline (its guards, preparations and transition handlers, which the
    /// caller has registered as the app does), and compares each outcome and the state
    /// after it with what was recorded.
    ///
    /// ```swift
    /// let fresh = Router<AppRoute>()
    /// fresh.addGuard(named: "auth") { pending in ... }   // the app's guards
    /// let divergence = await journal.replay(on: fresh)
    /// #expect(divergence == nil, "\(journal)")
    /// ```
    ///
    /// When the router is not in ``startState``, replay first restores it there (a
    /// ``NavigationOperation/restore(_:)``, through the guards). Entries whose outcome the
    /// calling task decided rather than the router (``NavigationError/taskCancelled``,
    /// ``NavigationError/reentrantNavigation`` and ``NavigationError/superseded``) are skipped: they changed nothing. An entry
    /// that came from a URL is replayed as its operation (the URL was already mapped).
    ///
    /// > Note: Guards run as for any navigation, deadlines included (measured on the
    /// > router's ``Router/guardClock``: with a `TestClock`, advance it or give the replayed
    /// > guards no deadline). Replay navigates `router` one step at a time and awaits each
    /// > step; other navigations of the same router meanwhile would be compared too. A
    /// > journal being recorded on `router` records the replayed steps.
    /// - Parameter router: A router in ``startState`` (a fresh one, for a journal recorded
    ///   from launch), with the app's guards.
    /// - Returns: The first step whose outcome or state differs, or `nil` when every step
    ///   went as recorded (the router is then in ``endState``).
    public func replay(on router: Router<Route>) async -> JournalDivergence<Route>? {
        if router.state != startState {
            let operation = NavigationOperation<Route>.restore(startState)
            let (outcome, state) = await router.performRecorded(operation)
            if outcome != .completed || state != startState {
                return JournalDivergence(
                    step: nil, operation: operation, expected: .completed, actual: outcome,
                    expectedState: startState, actualState: state)
            }
        }
        for entry in entries where !entry.outcome.dependsOnCaller {
            let (outcome, state) = await router.performRecorded(
                entry.operation, source: entry.source, confirmations: entry.confirmations)
            if outcome != entry.outcome || state != entry.state {
                return JournalDivergence(
                    step: entry.step, operation: entry.operation, expected: entry.outcome, actual: outcome,
                    expectedState: entry.state, actualState: state)
            }
        }
        return nil
    }
}
