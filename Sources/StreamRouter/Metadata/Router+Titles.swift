extension Router {
    /// The displayed entries' titles now, then after each change of them, keeping only the
    /// newest for a consumer that lags (see ``titles(bufferingPolicy:)``).
    ///
    /// ```swift
    /// for await titles in router.titles { breadcrumb.items = titles }   // ["Home", "Orders"]
    /// ```
    public var titles: some AsyncSequence<[String], Never> & Sendable {
        titles()
    }

    /// The displayed entries' titles (``RouterState/titles``: the base stack's routes, then
    /// each presentation's route and stack, bottom first, untitled routes left out): the
    /// current value first, then the new value after each navigation that changes it (a
    /// push, a sheet presented or dismissed, a pop).
    ///
    /// Titles are computed on the consuming task from each published state, one
    /// ``RouteProvider/metadata`` read per displayed entry, never under the router's lock nor
    /// on the navigating task: a router nobody asks for titles pays nothing.
    ///
    /// A current value: only the newest matters, so by default the underlying subscription
    /// keeps only the newest state (`.bufferingNewest(1)`), and a consumer that lags, or
    /// never reads, holds one state whatever the number of navigations; it reads the titles
    /// now, skipping the intermediate ones. Pass `.unbounded` to see every change, at the
    /// cost of one buffered state per navigation while the consumer lags (about 200 bytes
    /// each: the states share their storage).
    /// - Parameter bufferingPolicy: The buffer of the underlying subscription (the newest
    ///   state by default).
    /// - Returns: A stream subscribed when this returns; it finishes when the router is
    ///   deallocated.
    public func titles(
        bufferingPolicy: BufferingPolicy = .bufferingNewest(1)
    ) -> some AsyncSequence<[String], Never> & Sendable {
        states(bufferingPolicy: bufferingPolicy).map { $0.titles }.removeDuplicates()
    }
}
