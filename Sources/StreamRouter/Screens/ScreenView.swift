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
    public var screen: DisplayedScreen<Route> { _fields.screen }
    /// The screen on show before it; `nil` for a stream's first view.
    public var previous: DisplayedScreen<Route>? { _fields.previous }
    /// How long ``previous`` was on show (in the stream, since its view), on the stream's
    /// clock; `nil` for a stream's first view.
    public var previousDuration: Duration? { _fields.previousDuration }
    /// Where the navigation that showed ``screen`` came from: ``NavigationSource/inApp`` for
    /// a tab switch; for a stream's first view, the source of the navigation that last
    /// changed the router (``NavigationSource/restoration`` for a state restored at
    /// creation).
    public var source: NavigationSource { _fields.source }
    /// The fields, boxed: a view is buffered for its consumer (a box, see the Performance
    /// design article).
    @usableFromInline let _fields: _Fields

    /// Creates a screen view (for tests of analytics code).
    @inlinable
    public init(
        screen: DisplayedScreen<Route>, previous: DisplayedScreen<Route>? = nil, previousDuration: Duration? = nil,
        source: NavigationSource
    ) {
        _fields = _Fields(screen: screen, previous: previous, previousDuration: previousDuration, source: source)
    }

    /// Whether both show the same screen after the same one, as long, from the same source.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs._fields === rhs._fields
            || (lhs.screen == rhs.screen && lhs.previous == rhs.previous
                && lhs.previousDuration == rhs.previousDuration && lhs.source == rhs.source)
    }

    /// A view's fields.
    @usableFromInline
    final class _Fields: Sendable {
        @usableFromInline let screen: DisplayedScreen<Route>
        @usableFromInline let previous: DisplayedScreen<Route>?
        @usableFromInline let previousDuration: Duration?
        @usableFromInline let source: NavigationSource

        @inlinable
        init(
            screen: DisplayedScreen<Route>, previous: DisplayedScreen<Route>?, previousDuration: Duration?,
            source: NavigationSource
        ) {
            self.screen = screen
            self.previous = previous
            self.previousDuration = previousDuration
            self.source = source
        }
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
