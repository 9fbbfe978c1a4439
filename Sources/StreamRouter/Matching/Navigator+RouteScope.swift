extension Navigator {
    /// Runs `operation` while `pattern` matches the current path, in the background.
    ///
    /// `operation` starts with the match when the route becomes active. When the route stops
    /// matching, or its ``RouteInformation`` changes (new parameters), the running operation is
    /// cancelled and awaited; for a new match it then starts again. Cancelling the returned
    /// token (or letting it go) cancels everything, and so does deallocating the navigator.
    ///
    /// ```swift
    /// let loading = navigator.whileMatching(try PathPattern("/user/:id")) { match in
    ///     await model.loadUser(id: match.parameters["id"])   // cancelled on leaving the screen
    /// }
    /// ```
    ///
    /// The subscription is made before this method returns, so a navigation right after it
    /// is seen. `operation` should stop promptly when cancelled: the next activation waits
    /// for it.
    /// - Returns: A token that keeps the work alive; it cancels the work on `deinit`.
    public func whileMatching(
        _ pattern: PathPattern,
        perform operation: @escaping @Sendable (RouteInformation) async -> Void
    ) -> SubscriptionToken {
        let matches = matches(pattern)
        return SubscriptionToken(cancelling: Task { await Self.activate(operation, on: matches) })
    }

    /// Runs `operation` while `pattern` matches, until the calling task is cancelled or the
    /// navigator is deallocated: the structured form of ``whileMatching(_:perform:)``, for a
    /// view's `.task { }` or a view model's `run()`.
    public func runWhileMatching(
        _ pattern: PathPattern,
        perform operation: @escaping @Sendable (RouteInformation) async -> Void
    ) async {
        await Self.activate(operation, on: matches(pattern))
    }

    /// Runs `operation` for each non-nil element, cancelling (and awaiting) the previous run
    /// first; stops, cancelling the last run, when the sequence ends.
    static func activate<Matches: AsyncSequence<RouteInformation?, Never>>(
        _ operation: @escaping @Sendable (RouteInformation) async -> Void,
        on matches: Matches
    ) async {
        var running: Task<Void, Never>?
        for await match in matches {
            if let previous = running {
                previous.cancel()
                await previous.value
            }
            running = match.map { information in Task { await operation(information) } }
        }
        running?.cancel()
        await running?.value
    }
}
