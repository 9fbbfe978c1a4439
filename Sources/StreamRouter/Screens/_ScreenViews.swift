/// Follows the screen on show for one ``ScreenView`` stream: given each screen a router
/// publishes, makes the view of a change and skips a screen that is still on show. Runs
/// under the publishing router's lock, in order, so it is O(1) and runs no route code (it
/// compares screens by ids, `DisplayedScreen._isSameScreen(as:)`, and reads the clock).
///
/// Inlinable, so that it is specialised for `Route` and the clock in the client, as the
/// navigation it runs in is: compiled generically, each view looked its types up in the
/// runtime's generic metadata cache (the `screen-views` Benchmarks row).
@usableFromInline
final class _ScreenViews<Route: RouteProvider, C: Clock<Duration>>: Sendable {
    @usableFromInline let clock: C
    /// The view of the screen last on show, and when it was made.
    @usableFromInline let last = _Locked<(view: ScreenView<Route>, since: C.Instant)?>(nil)

    @inlinable
    init(clock: C) {
        self.clock = clock
    }

    /// The view of `screen`, shown by a navigation from `source`; `nil` when it is the screen
    /// already on show.
    @inlinable
    func view(of screen: DisplayedScreen<Route>, source: NavigationSource) -> ScreenView<Route>? {
        let now = clock.now
        return last.withLock { last in
            if let last, last.view.screen._isSameScreen(as: screen) { return nil }
            let view = ScreenView(
                screen: screen, previous: last?.view.screen, previousDuration: last.map { $0.since.duration(to: now) },
                source: source)
            last = (view, now)
            return view
        }
    }
}
