extension TabRouter {
    /// The confirmation a navigation waits for, if any: above the tabs, on the selected tab,
    /// or on another tab (see ``Router/pendingConfirmation``).
    public var pendingConfirmation: PendingConfirmation<Route>? {
        if let above = _aboveTabs.pendingConfirmation { return above }
        if let selected = selectedRouter.pendingConfirmation { return selected }
        // Every tab, those ``router(for:)`` made after creation too.
        return hub.read { $0.tabs }.lazy.compactMap { self.router(for: $0).pendingConfirmation }.first
    }

    /// The pending confirmation now (`nil` for none), then after each change, of every tab
    /// and above the tabs (see ``Router/pendingConfirmations(bufferingPolicy:)``). Tabs'
    /// navigations run each on their tab's router, so two can wait at once: the stream then
    /// gives the newest asked, and `nil` when either ends (``pendingConfirmation`` still
    /// reads the other).
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default).
    /// - Returns: A stream subscribed when this returns; it finishes when the tab router is
    ///   deallocated.
    public func pendingConfirmations(
        bufferingPolicy: BufferingPolicy = .unbounded
    ) -> SubjectStream<PendingConfirmation<Route>?> {
        tracking {
            hub.subscribe(
                bufferingPolicy: bufferingPolicy,
                initial: { [$0.confirmation] },
                transform: { event in
                    switch event.routerEvent?.event {
                    case .confirmationRequested(let confirmation): .some(confirmation)
                    case .confirmationEnded: .some(nil)
                    default: nil
                    }
                }
            )
        }
    }

    /// Whether leaving the screen on show needs the user's answer now (see
    /// ``Router/needsConfirmationToLeave``): asked of the topmost level.
    public var needsConfirmationToLeave: Bool {
        _verbsRouter.needsConfirmationToLeave
    }
}
