extension SplitRouter {
    /// The confirmation a navigation of ``router`` waits for, if any (see
    /// ``Router/pendingConfirmation``).
    public var pendingConfirmation: PendingConfirmation<Route>? {
        router.pendingConfirmation
    }

    /// The pending confirmation now, then after each change (see
    /// ``Router/pendingConfirmations(bufferingPolicy:)``).
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default).
    /// - Returns: A stream subscribed when this returns.
    public func pendingConfirmations(
        bufferingPolicy: BufferingPolicy = .unbounded
    ) -> SubjectStream<PendingConfirmation<Route>?> {
        router.pendingConfirmations(bufferingPolicy: bufferingPolicy)
    }

    /// Asks the user before an entry of `route` leaves (see
    /// ``Router/addLeaveCondition(for:prompt:_:)``).
    /// - Parameters:
    ///   - route: The route whose entries ask.
    ///   - prompt: What the dialog shows.
    ///   - needsConfirmation: Whether leaving needs the user's answer now.
    /// - Returns: An id for ``removeGuard(_:)``.
    @discardableResult
    public func addLeaveCondition(
        for route: Route, prompt: any Sendable, _ needsConfirmation: @escaping @Sendable () -> Bool
    ) -> NavigationGuardID {
        router.addLeaveCondition(for: route, prompt: prompt, needsConfirmation)
    }

    /// Whether leaving the screen on show needs the user's answer now (see
    /// ``Router/needsConfirmationToLeave``).
    public var needsConfirmationToLeave: Bool {
        router.needsConfirmationToLeave
    }
}
