// Confirm before leaving: a guard that asks (`GuardDecision.confirm`), the leave conditions
// that ask when an entry with unsaved changes would leave, and the pending confirmation the
// app's dialog reads.
extension Router {
    /// The confirmation the navigation being served waits for, if any: what the app's
    /// dialog shows (see ``PendingConfirmation``).
    public var pendingConfirmation: PendingConfirmation<Route>? {
        _storage.read { $0.confirmation }
    }

    /// The pending confirmation now (`nil` for none), then after each change: a guard asks,
    /// the user answers, the navigation that waits is superseded or cancelled.
    ///
    /// ```swift
    /// for await confirmation in router.pendingConfirmations() {
    ///     model.dialog = confirmation        // nil hides it
    /// }
    /// ```
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default: an
    ///   unread stream keeps two elements per confirmation asked).
    /// - Returns: A stream subscribed when this returns; it finishes when the router is
    ///   deallocated.
    public func pendingConfirmations(
        bufferingPolicy: BufferingPolicy = .unbounded
    ) -> SubjectStream<PendingConfirmation<Route>?> {
        _storage.subscribe(
            bufferingPolicy: bufferingPolicy,
            initial: { [$0.confirmation] },
            transform: { event in
                switch event {
                case .confirmationRequested(let confirmation): .some(confirmation)
                case .confirmationEnded: .some(nil)
                default: nil
                }
            }
        )
    }

    /// Asks the user before an entry of `route` leaves the tree while `needsConfirmation`
    /// says so (a form with unsaved changes): a navigation that would remove such an entry
    /// (a back, a dismissal, a replace; not a push over it) waits for the answer to a
    /// ``PendingConfirmation`` from the guard named `"leave"`, with `prompt`, before any
    /// other guard runs. ``needsConfirmationToLeave`` gives the same answer at once, for the
    /// screen on show.
    ///
    /// ```swift
    /// router.addLeaveCondition(for: .editNote(id: 7), prompt: "Discard your changes?") {
    ///     draft.isDirty
    /// }
    /// // SwiftUI: .interactiveDismissDisabled(router.needsConfirmationToLeave)
    /// ```
    ///
    /// The condition is read when a navigation that removes such an entry takes its turn (on
    /// the navigating task, never under the router's lock), and by
    /// ``needsConfirmationToLeave``; a navigation that removes no such entry reads nothing.
    /// After the user agreed, a guard's redirect of the same navigation does not ask again.
    /// - Parameters:
    ///   - route: The route whose entries ask (each entry showing a route equal to it).
    ///   - prompt: What the dialog shows (``PendingConfirmation/prompt``).
    ///   - needsConfirmation: Whether leaving needs the user's answer now.
    /// - Returns: An id for ``removeGuard(_:)``.
    @discardableResult
    public func addLeaveCondition(
        for route: Route, prompt: any Sendable, _ needsConfirmation: @escaping @Sendable () -> Bool
    ) -> NavigationGuardID {
        _hooks.withLock { $0.addLeaveCondition(for: route, prompt: prompt, needsConfirmation) }
    }

    /// Whether leaving the screen on show (its topmost displayed entry) needs the user's
    /// answer now: a leave condition for its route says so
    /// (``addLeaveCondition(for:prompt:_:)``). The leave guard asks on the same condition, so
    /// a view that disables the swipe-down (`interactiveDismissDisabled`) or shows
    /// `dismissalConfirmationDialog` with it never disagrees with the router.
    public var needsConfirmationToLeave: Bool {
        guard let top = _storage.read({ $0.state._entries.last?.route }) else { return false }
        let conditions = _hooks.withLock { $0.leaveConditions }
        return conditions.contains { $0.route == top && $0.isMet() }
    }

    /// The prompt of the first leave condition met by an entry of `state` that `proposed`
    /// no longer holds, topmost first; `nil` when none is. Inlinable, like the pipeline that
    /// calls it for every navigation of a router with leave conditions.
    @inlinable
    func _leavePrompt(from state: RouterState<Route>, to proposed: RouterState<Route>) -> (any Sendable)? {
        if proposed._extends(state) { return nil }  // a push: nothing leaves
        let conditions = _hooks.withLock { $0.leaveConditions }
        var prompt: (any Sendable)?
        state._forEachEntry(missingFrom: proposed) { entry in
            guard prompt == nil else { return }
            prompt = conditions.first { $0.route == entry.route && $0.isMet() }?.prompt
        }
        return prompt
    }
}
