extension Router {
    /// The displayed entries' titles now, then after each change of them, with an unbounded
    /// buffer (see ``titles(bufferingPolicy:)``).
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
    /// - Parameter bufferingPolicy: The buffer of the underlying subscription (unbounded by
    ///   default; `.bufferingNewest(1)` suits a view showing the latest titles).
    /// - Returns: A stream subscribed when this returns; it finishes when the router is
    ///   deallocated.
    public func titles(
        bufferingPolicy: BufferingPolicy = .unbounded
    ) -> some AsyncSequence<[String], Never> & Sendable {
        states(bufferingPolicy: bufferingPolicy).map { $0.titles }.removeDuplicates()
    }
}
