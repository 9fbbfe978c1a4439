extension TabRouter {
    /// The screen on show: the topmost presentation above the tabs while one is shown, else
    /// the selected tab's topmost displayed entry (or its root), with its tab.
    public var displayedScreen: DisplayedScreen<Route> {
        if _isPresentingAboveTabs {
            return DisplayedScreen(_aboveTabs.state, links: urlMatchers)
        }
        let (position, tab) = hub.read { ($0.selectedIndex, $0.selected) }
        return DisplayedScreen(selectedRouter.state, tab: tab, tabPosition: position, links: urlMatchers)
    }

    /// The screen on show now, then after each change of it: a navigation of the selected
    /// tab or above the tabs that changes its top, a tab switch (see
    /// ``Router/displayedScreens(bufferingPolicy:)``). A navigation of a tab not on show
    /// changes no screen.
    /// - Parameter bufferingPolicy: The buffer of the underlying subscription (unbounded by
    ///   default).
    /// - Returns: A stream subscribed when this returns; it finishes when the tab router is
    ///   deallocated.
    public func displayedScreens(
        bufferingPolicy: BufferingPolicy = .unbounded
    ) -> some AsyncSequence<DisplayedScreen<Route>, Never> & Sendable {
        screenViews(bufferingPolicy: bufferingPolicy).map(\.screen)
    }

    /// A ``ScreenView`` for the screen on show now, then one per change of it (see
    /// ``displayedScreens(bufferingPolicy:)`` and ``Router/screenViews(clock:bufferingPolicy:)``);
    /// a tab switch's source is ``NavigationSource/inApp``, or the link's when a link switched
    /// tabs (``NavigationSource/restoration`` when a restored tree did).
    /// - Parameters:
    ///   - clock: Measures how long each screen was on show (`ContinuousClock` by default).
    ///   - bufferingPolicy: The buffer of this subscription (unbounded by default).
    /// - Returns: A stream subscribed when this returns; it finishes when the tab router is
    ///   deallocated.
    public func screenViews<C: Clock<Duration>>(
        clock: C = ContinuousClock(),
        bufferingPolicy: BufferingPolicy = .unbounded
    ) -> SubjectStream<ScreenView<Route>> {
        let views = _ScreenViews<Route, C>(clock: clock)
        let links = urlMatchers
        // Read before the tab router's lock is taken (a router's lock is taken first).
        let shownBy = (_isPresentingAboveTabs ? _aboveTabs : selectedRouter)._storage.read { $0.shownBy }
        return tracking {
            hub.subscribe(
                bufferingPolicy: bufferingPolicy,
                initial: { hub in views.view(of: hub.displayedScreen(links: links), source: shownBy).map { [$0] } ?? []
                },
                transform: { event in
                    guard let hub = event.changed else { return nil }
                    let source = event.routerEvent?.event.request?.source ?? event.selectionSource ?? .inApp
                    return views.view(of: hub.displayedScreen(links: links), source: source)
                }
            )
        }
    }
}

extension TabHub {
    /// The screen on show: the topmost presentation above the tabs, else the selected tab's
    /// topmost entry.
    func displayedScreen(links: URLMatcherGroup<Route>?) -> DisplayedScreen<Route> {
        if aboveTabs._hasPresentations {
            return DisplayedScreen(aboveTabs, links: links)
        }
        return DisplayedScreen(stacks[selectedIndex], tab: selected, tabPosition: selectedIndex, links: links)
    }
}
