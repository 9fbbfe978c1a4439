extension SplitRouter {
    /// The titles of the filled columns and of what is presented over the split view now,
    /// then after each change, with an unbounded buffer (see ``titles(bufferingPolicy:)``).
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
    /// - Parameter bufferingPolicy: The buffer of the underlying subscription.
    /// - Returns: A stream subscribed when this returns.
    public func titles(
        bufferingPolicy: BufferingPolicy = .unbounded
    ) -> some AsyncSequence<[String], Never> & Sendable {
        router.titles(bufferingPolicy: bufferingPolicy)
    }
}
