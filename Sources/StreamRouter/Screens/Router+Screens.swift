extension Router {
    /// The screen on show: the topmost displayed entry (the topmost presentation's top
    /// entry while one is shown, else the base stack's top), or the root.
    ///
    /// ```swift
    /// shareButton.url = router.displayedScreen.url
    /// ```
    public var displayedScreen: DisplayedScreen<Route> {
        DisplayedScreen(_storage.read { $0.state }, links: urlMatchers)
    }

    /// The screen on show now, then after each change of it: a push, a pop, a presentation,
    /// a dismissal (the screen it reveals). A navigation that leaves the same screen on top
    /// (a replace that keeps the top entry, a back with nothing to pop) yields nothing.
    ///
    /// ```swift
    /// for await screen in router.displayedScreens() {
    ///     activity.webpageURL = screen.url          // Handoff follows the screen on show
    /// }
    /// ```
    /// - Parameter bufferingPolicy: The buffer of the underlying subscription (unbounded by
    ///   default: a consumer that lags keeps one element, under 100 bytes, per change).
    /// - Returns: A stream subscribed when this returns; it finishes when the router is
    ///   deallocated.
    public func displayedScreens(
        bufferingPolicy: BufferingPolicy = .unbounded
    ) -> some AsyncSequence<DisplayedScreen<Route>, Never> & Sendable {
        screenViews(bufferingPolicy: bufferingPolicy).map(\.screen)
    }

    /// A ``ScreenView`` for the screen on show now, then one per change of it (see
    /// ``displayedScreens(bufferingPolicy:)``), each with the screen before it, how long
    /// that one was on show (measured on `clock`, when the navigation committed) and the
    /// source of the navigation.
    ///
    /// ```swift
    /// for await view in router.screenViews() {
    ///     analytics.screenView(view.screen.analyticsName, source: view.source.name)
    /// }
    /// ```
    ///
    /// The views are made under the router's lock as each navigation commits, in O(1): the
    /// screens are compared by ids and the clock is read; titles, analytics names and links
    /// are read from the route when the consumer asks.
    /// - Parameters:
    ///   - clock: Measures how long each screen was on show (`ContinuousClock` by default; a
    ///     `TestClock` in tests makes the durations exact).
    ///   - bufferingPolicy: The buffer of this subscription (unbounded by default: a
    ///     consumer that lags keeps every view since it subscribed, about 150 bytes each).
    /// - Returns: A stream subscribed when this returns; it finishes when the router is
    ///   deallocated.
    @inlinable
    public func screenViews<C: Clock<Duration>>(
        clock: C = ContinuousClock(),
        bufferingPolicy: BufferingPolicy = .unbounded
    ) -> SubjectStream<ScreenView<Route>> {
        _screenViews(clock: clock, bufferingPolicy: bufferingPolicy, columns: nil)
    }

    /// The screen views of this router, whose base stack holds a ``SplitRouter``'s `columns`
    /// when given. Inlinable, as `_ScreenViews` is.
    @inlinable
    func _screenViews<C: Clock<Duration>>(
        clock: C, bufferingPolicy: BufferingPolicy, columns: SplitColumns?
    ) -> SubjectStream<ScreenView<Route>> {
        let views = _ScreenViews<Route, C>(clock: clock)
        let links = urlMatchers
        return _storage.subscribe(
            bufferingPolicy: bufferingPolicy,
            initial: { storage in
                let screen = DisplayedScreen(storage.state, columns: columns, links: links)
                return views.view(of: screen, source: storage.shownBy).map { [$0] } ?? []
            },
            transform: { event in
                guard case .completed(let request, let state, _) = event else { return nil }
                return views.view(of: DisplayedScreen(state, columns: columns, links: links), source: request.source)
            }
        )
    }
}
