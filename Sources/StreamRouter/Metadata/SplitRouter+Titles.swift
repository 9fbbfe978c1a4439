extension SplitRouter {
    /// The titles of the filled columns and of what is presented over the split view now,
    /// then after each change, keeping only the newest for a consumer that lags (see
    /// ``titles(bufferingPolicy:)``).
    public var titles: some AsyncSequence<[String], Never> & Sendable {
        titles()
    }

    /// The titles of the filled columns as one stack (the sidebar's selection, the content
    /// column's, then the detail stack), then of each sheet presented over the split view,
    /// bottom first, untitled routes left out: the current value first, then each change
    /// (its ``router``'s ``Router/titles(bufferingPolicy:)``).
    ///
    /// The same in either layout: expanded, the columns show those entries side by side;
    /// collapsed (``isCollapsed``), as one stack. So collapsing, which is layout and not
    /// navigation, publishes no new value.
    ///
    /// A current value: by default the underlying subscription keeps only the newest state
    /// (`.bufferingNewest(1)`), so a consumer that lags, or never reads, holds one.
    /// - Parameter bufferingPolicy: The buffer of the underlying subscription (the newest
    ///   state by default).
    /// - Returns: A stream subscribed when this returns.
    public func titles(
        bufferingPolicy: BufferingPolicy = .bufferingNewest(1)
    ) -> some AsyncSequence<[String], Never> & Sendable {
        router.titles(bufferingPolicy: bufferingPolicy)
    }
}
