extension PathPublisher {
    /// Runs `operation` while `pattern` matches the current path, in the background.
    ///
    /// `operation` starts with the match when the route becomes active. When the route stops
    /// matching, or its ``RouteInformation`` changes (new parameters), the running operation is
    /// cancelled and awaited; for a new match it then starts again. Cancelling the returned
    /// token (or letting it go) cancels everything, and so does deallocating the publisher:
    /// from then on no run starts, not even one that was waiting for an old run to stop.
    ///
    /// ```swift
    /// let loading = navigator.whileMatching(try PathPattern("/user/:id")) { match in
    ///     await model.loadUser(id: match.parameters["id"])   // cancelled on leaving the screen
    /// }
    /// ```
    ///
    /// The subscription is made before this method returns, so a navigation right after it
    /// is seen. `operation` should stop promptly when cancelled: the next activation waits
    /// for it. Only the latest match matters for route-scoped work, so by default the
    /// subscription keeps just the newest path while an old run stops
    /// (`.bufferingNewest(1)`): matches superseded in the meantime never run. The match that
    /// caused the restart was already taken, so it may still run (and be cancelled at once)
    /// before the latest one.
    /// - Parameters:
    ///   - pattern: The route glob.
    ///   - bufferingPolicy: The buffer of the underlying subscription to ``paths``;
    ///     `.unbounded` runs every intermediate match in turn.
    ///   - operation: The work; runs on its own task, cancelled when the match ends.
    /// - Returns: A token that keeps the work alive; it cancels the work on `deinit`.
    public func whileMatching(
        _ pattern: PathPattern,
        bufferingPolicy: BufferingPolicy = .bufferingNewest(1),
        perform operation: @escaping @Sendable (RouteInformation) async -> Void
    ) -> SubscriptionToken {
        let matches = matches(pattern, bufferingPolicy: bufferingPolicy)
        let isAlive: @Sendable () -> Bool = { [weak self] in self != nil }
        return SubscriptionToken(cancelling: Task { await RouteScope.activate(operation, on: matches, while: isAlive) })
    }

    /// Runs `operation` while `pattern` matches, until the calling task is cancelled or the
    /// publisher is deallocated: the structured form of
    /// ``whileMatching(_:bufferingPolicy:perform:)``, for a view's `.task { }` or a view
    /// model's `run()`. Once the calling task is cancelled no run starts.
    /// - Parameters:
    ///   - pattern: The route glob.
    ///   - bufferingPolicy: The buffer of the underlying subscription to ``paths``; as for
    ///     ``whileMatching(_:bufferingPolicy:perform:)``.
    ///   - operation: The work; runs on its own task, cancelled when the match ends.
    public func runWhileMatching(
        _ pattern: PathPattern,
        bufferingPolicy: BufferingPolicy = .bufferingNewest(1),
        perform operation: @escaping @Sendable (RouteInformation) async -> Void
    ) async {
        await RouteScope.activate(operation, on: matches(pattern, bufferingPolicy: bufferingPolicy), while: { true })
    }

}

/// The engine of route-scoped work.
enum RouteScope {
    /// Runs `operation` for each non-nil element, cancelling (and awaiting) the previous run
    /// first; stops, cancelling the last run, when the sequence ends, the calling task is
    /// cancelled, or `isAlive` turns false. Awaiting an old run can outlast any of those, so
    /// they are checked again before each start: after them no run starts.
    static func activate<Matches: AsyncSequence<RouteInformation?, Never>>(
        _ operation: @escaping @Sendable (RouteInformation) async -> Void,
        on matches: Matches,
        while isAlive: @Sendable () -> Bool
    ) async {
        var running: Task<Void, Never>?
        for await match in matches {
            if let previous = running {
                previous.cancel()
                await previous.value
                running = nil
            }
            guard !Task.isCancelled, isAlive() else { break }
            running = match.map { information in Task { await operation(information) } }
        }
        running?.cancel()
        await running?.value
    }
}
