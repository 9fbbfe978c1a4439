extension TabRouter {
    /// Applies the tree read from the store (see
    /// ``init(tabs:selected:store:restoring:guards:urlMatchers:policy:options:_:)``) through each tab's guards, then
    /// selects the saved tab, and reports how it went, also on ``StatePersisting/persistenceEvents``.
    ///
    /// ```swift
    /// let app = TabRouter<AppTab, AppRoute>(
    ///     tabs: AppTab.allCases, selected: .home, store: store, restoring: .throughGuards
    /// ) { $0.tab }
    /// app.addGuard(named: "auth") { pending in ... }   // every tab's guards first,
    /// await app.restore()                              // then every saved stack, through them
    /// ```
    ///
    /// Each tab's saved stack (and modal) is one ``NavigationOperation/restore(_:)``
    /// navigation on that tab's router (``Router/restore(_:)``), in the order of the tabs,
    /// published on ``events``; a tab whose guards cancel it stays empty, one whose guards
    /// redirect it shows the redirect. The saved selected tab is then selected (when it is
    /// among the tabs). The outcome is the first refusal
    /// (``PersistenceEvent/restoreRefused(_:)``), else the first redirect
    /// (``PersistenceEvent/restoreRedirected(to:)``), else ``PersistenceEvent/restored``;
    /// ``PersistenceEvent/nothingSaved`` or ``PersistenceEvent/restoreFailed(_:)`` when nothing
    /// usable was saved (known since creation; nothing is navigated).
    ///
    /// Call it once, after adding guards and before navigating. The tabs it restores are
    /// changes, saved as usual. Later calls apply nothing and return the first outcome.
    /// Called from inside a guard, preparation or transition handler of one of the tabs (or
    /// of what is presented above them), it returns at once (the outcome if known, else
    /// ``PersistenceEvent/restoreRefused(_:)`` with ``NavigationError/reentrantNavigation``)
    /// and keeps the saved tree for a later call. For a tab router given guards at
    /// creation, the restoration started then; this call awaits its outcome.
    /// - Returns: How restoring went; `nil` for a tab router made without a store.
    @discardableResult
    public func restore() async -> PersistenceEvent? {
        guard let persistence else { return nil }
        if _aboveTabs._isRunningHook || hub.read({ $0.tabs }).contains(where: { router(for: $0)._isRunningHook }) {
            // From inside a tab's hook: that tab's restoration would fail (or be the one
            // running the hook), so keep the saved tree for a later call.
            return persistence.restoration ?? .restoreRefused(NavigationError.reentrantNavigation)
        }
        if let started = startedRestoration.withLock({ $0 }) {
            return await started.value
        }
        guard let saved = savedState.withLock({ $0.take() }) else {
            // Known, or being applied by a concurrent call.
            return await persistence.awaitRestoration()
        }
        let outcome = await finishRestoring(saved, beginRestoring(saved))
        persistence.record(outcome)
        return outcome
    }

    /// Starts restoring `saved` through every tab's guards (for a tab router given guards at
    /// creation): each tab's turn is taken now, and a detached task runs them; ``restore()``
    /// awaits its outcome.
    func startRestoring(_ saved: TabRouterState<Tab, Route>) {
        let pending = beginRestoring(saved)
        let task = Task.detached { [self] in
            let outcome = await finishRestoring(saved, pending)
            persistence?.record(outcome)
            return outcome
        }
        startedRestoration.withLock { $0 = task }
    }

    /// Takes the turn of each saved tab's restoration, in the order of the tabs, then of the
    /// saved tabs not among them that ``router(for:)`` made already; the stacks of the other
    /// saved tabs wait for their tab (see ``router(for:)``).
    private func beginRestoring(
        _ saved: TabRouterState<Tab, Route>
    ) -> [(Router<Route>, Router<Route>.PendingRestoration)] {
        var pending = tabs.compactMap { tab -> (Router<Route>, Router<Route>.PendingRestoration)? in
            let stack = saved[tab]
            guard stack != RouterState() else { return nil }
            let router = router(for: tab)
            return (router, router.beginRestoring(stack))
        }
        for (tab, stack) in saved.stacks where !tabs.contains(tab) && stack != RouterState() {
            if let router = keepWaiting(stack, for: tab) {
                pending.append((router, router.beginRestoring(stack)))
            }
        }
        if !saved.aboveTabs.isEmpty {
            pending.append(
                (_aboveTabs, _aboveTabs.beginRestoring(RouterState(stack: [], presentations: saved.aboveTabs))))
        }
        return pending
    }

    /// Runs each tab's restoration, then selects the saved tab.
    /// - Returns: The first refusal, else the first redirect, else `.restored`.
    private func finishRestoring(
        _ saved: TabRouterState<Tab, Route>,
        _ pending: [(Router<Route>, Router<Route>.PendingRestoration)]
    ) async -> PersistenceEvent {
        var refused: PersistenceEvent?
        var redirected: PersistenceEvent?
        for (router, restoration) in pending {
            switch await router.finishRestoring(restoration) {
            case .restoreRefused(let error): refused = refused ?? .restoreRefused(error)
            case .restoreRedirected(let operation): redirected = redirected ?? .restoreRedirected(to: operation)
            default: break
            }
        }
        if tabs.contains(saved.selected), saved.selected != selectedTab {
            try? await select(saved.selected, popsToRoot: false, source: .restoration)
        }
        return refused ?? redirected ?? .restored
    }
}
