/// One change of the screen on show, for analytics: the new screen, the one before it, how
/// long that one was on show, and where the navigation that made the change came from.
///
/// ```swift
/// for await view in router.screenViews() {
///     analytics.log("screen_view", name: view.screen.analyticsName, source: view.source.name,
///                   previousSeconds: view.previousDuration?.components.seconds)
/// }
/// ```
///
/// A stream of them (``Router/screenViews(clock:bufferingPolicy:)`` and the other kinds'
/// `screenViews`) starts with the screen on show when it is made (no previous screen), then
/// has one view per change of the screen on show: a push, a pop, a presentation, a dismissal
/// (the screen it reveals), a tab switch; never two views of the same screen in a row.
public struct ScreenView<Route: RouteProvider>: Sendable, Equatable, CustomStringConvertible {
    /// The screen now on show.
    public let screen: DisplayedScreen<Route>
    /// The screen on show before it; `nil` for a stream's first view.
    public let previous: DisplayedScreen<Route>?
    /// How long ``previous`` was on show (in the stream, since its view), on the stream's
    /// clock; `nil` for a stream's first view.
    public let previousDuration: Duration?
    /// Where the navigation that showed ``screen`` came from: ``NavigationSource/inApp`` for
    /// a tab switch; for a stream's first view, the source of the navigation that last
    /// changed the router (``NavigationSource/restoration`` for a state restored at
    /// creation).
    public let source: NavigationSource

    /// Creates a screen view (for tests of analytics code).
    public init(
        screen: DisplayedScreen<Route>, previous: DisplayedScreen<Route>? = nil, previousDuration: Duration? = nil,
        source: NavigationSource
    ) {
        self.screen = screen
        self.previous = previous
        self.previousDuration = previousDuration
        self.source = source
    }

    /// The screen, where it came from and the time on the one before, such as
    /// `article(id: 42) from link, after feed (3.5 seconds)`.
    public var description: String {
        var text = "\(screen) from \(source)"
        if let previous {
            text += ", after \(previous)"
            if let previousDuration { text += " (\(previousDuration))" }
        }
        return text
    }
}
