extension TabRouter {
    /// Applies the tree read from the store (see
    /// ``init(tabs:selected:store:restoring:urlMatchers:policy:_:)``) through each tab's guards, then
    /// selects the saved tab, and reports how it went, also on ``persistenceEvents``.
    ///
    /// ```swift
    /// let app = TabRouter<AppTab, AppRoute>(tabs: AppTab.allCases, selected: .home, store: store) { $0.tab }
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
    /// - Returns: How restoring went; `nil` for a tab router made without a store.
    @discardableResult
    public func restore() async -> PersistenceEvent? {
        guard let persistence else { return nil }
        guard let saved = savedState.withLock({ $0.take() }) else {
            return persistence.restoration
        }
        var refused: PersistenceEvent?
        var redirected: PersistenceEvent?
        for tab in tabs {
            let stack = saved[tab]
            guard stack != RouterState() else { continue }
            switch await router(for: tab).applyRestored(stack) {
            case .restoreRefused(let error): refused = refused ?? .restoreRefused(error)
            case .restoreRedirected(let operation): redirected = redirected ?? .restoreRedirected(to: operation)
            default: break
            }
        }
        if tabs.contains(saved.selected), saved.selected != selectedTab {
            try? await select(saved.selected)
        }
        let outcome = refused ?? redirected ?? .restored
        persistence.record(outcome)
        return outcome
    }
}
