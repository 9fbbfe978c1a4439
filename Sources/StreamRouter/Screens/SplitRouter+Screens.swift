extension SplitRouter {
    /// The screen on show: the topmost presentation's top entry while one is shown, else the
    /// last filled column's (the detail stack's top, else the content column's selection,
    /// else the sidebar's), with its column. The layout (``isCollapsed``) changes no screen.
    public var displayedScreen: DisplayedScreen<Route> {
        DisplayedScreen(router.state, columns: columns, links: router.urlMatchers)
    }

    /// The screen on show now, then after each change of it (see
    /// ``Router/displayedScreens(bufferingPolicy:)``); collapsing or expanding the columns
    /// yields nothing.
    /// - Parameter bufferingPolicy: The buffer of the underlying subscription (unbounded by
    ///   default).
    /// - Returns: A stream subscribed when this returns; it finishes when ``router`` is
    ///   deallocated.
    public func displayedScreens(
        bufferingPolicy: BufferingPolicy = .unbounded
    ) -> some AsyncSequence<DisplayedScreen<Route>, Never> & Sendable {
        screenViews(bufferingPolicy: bufferingPolicy).map(\.screen)
    }

    /// A ``ScreenView`` for the screen on show now, then one per change of it (see
    /// ``Router/screenViews(clock:bufferingPolicy:)``), each screen with its column.
    /// - Parameters:
    ///   - clock: Measures how long each screen was on show (`ContinuousClock` by default).
    ///   - bufferingPolicy: The buffer of this subscription (unbounded by default).
    /// - Returns: A stream subscribed when this returns; it finishes when ``router`` is
    ///   deallocated.
    public func screenViews<C: Clock<Duration>>(
        clock: C = ContinuousClock(),
        bufferingPolicy: BufferingPolicy = .unbounded
    ) -> SubjectStream<ScreenView<Route>> {
        router._screenViews(clock: clock, bufferingPolicy: bufferingPolicy, columns: columns)
    }
}
