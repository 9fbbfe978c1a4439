/// Follows the screen on show for one ``ScreenView`` stream: given each screen a router
/// publishes, makes the view of a change and skips a screen that is still on show. Runs
/// under the publishing router's lock, in order, so it is O(1) and runs no route code (it
/// compares screens by ids, ``DisplayedScreen/isSameScreen(as:)``, and reads the clock).
final class _ScreenViews<Route: RouteProvider, C: Clock<Duration>>: Sendable {
    private let clock: C
    /// The screen last on show and when its view was made.
    private let last = _Locked<(screen: DisplayedScreen<Route>, since: C.Instant)?>(nil)

    init(clock: C) {
        self.clock = clock
    }

    /// The view of `screen`, shown by a navigation from `source`; `nil` when it is the screen
    /// already on show.
    func view(of screen: DisplayedScreen<Route>, source: NavigationSource) -> ScreenView<Route>? {
        let now = clock.now
        return last.withLock { last in
            if let last, last.screen.isSameScreen(as: screen) { return nil }
            defer { last = (screen, now) }
            return ScreenView(
                screen: screen, previous: last?.screen, previousDuration: last.map { $0.since.duration(to: now) },
                source: source)
        }
    }
}
