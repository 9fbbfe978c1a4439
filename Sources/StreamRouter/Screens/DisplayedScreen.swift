import Foundation

/// The screen on show: the topmost displayed route of a router, with where it is and what
/// the app says of it (its title, analytics name and link), for a share button, Handoff,
/// Spotlight, widgets and analytics.
///
/// ```swift
/// let screen = router.displayedScreen
/// screen.route            // .article(id: 42), nil at the root
/// screen.title            // "Swift 6.3 is out" (its RouteMetadata)
/// screen.url              // https://news.example.com/articles/42, its canonical link
/// screen.level            // 0 on the base stack, 1 in a sheet, ...
/// ```
///
/// Every router kind has one (``Router/displayedScreen``, ``TabRouter/displayedScreen``,
/// ``SplitRouter/displayedScreen``), a stream of its changes (`displayedScreens`) and a
/// stream of ``ScreenView``s (`screenViews(clock:bufferingPolicy:)`).
///
/// Two values are equal when they are the same screen: the same entry of the router's tree
/// (the same route pushed twice is two screens; an entry a navigation keeps in place is one),
/// or the same root. ``title``, ``analyticsName`` and ``url`` are read from the route when
/// asked, never under a router's lock.
public struct DisplayedScreen<Route: RouteProvider>: Sendable, Equatable, CustomStringConvertible {
    /// The column of a ``SplitRouter`` a screen is in.
    public enum Column: String, Sendable, Hashable, Codable {
        /// The sidebar's selection.
        case sidebar
        /// The content column's selection (``SplitColumns/triple``).
        case content
        /// The detail stack.
        case detail
    }

    /// The route on show; `nil` at a root (nothing pushed or presented: the router's root
    /// view, a tab's root, a split view with nothing selected).
    public let route: Route?
    /// The presentations at or below the screen: 0 on the base stack (or at the root), 1 in
    /// a sheet or cover presented over it (the presented route or one pushed inside it), and
    /// so on.
    public let level: Int
    /// The ``TabRouter``'s tab the screen is in (cast it to the app's tab type:
    /// `screen.tab as? AppTab`); `nil` for another router kind, and for what is presented
    /// above the tabs.
    public let tab: (any Hashable & Sendable)?
    /// The ``SplitRouter``'s column the screen is in; `nil` for another router kind, for a
    /// presentation, and at the root.
    public let column: Column?
    /// The entry on show, `nil` at a root.
    @usableFromInline let _entryID: UInt64?
    /// The tab's position in its router, `nil` outside a ``TabRouter``'s tabs.
    @usableFromInline let _tabPosition: Int?
    /// The URLs the router opens, for ``url``.
    @usableFromInline let _links: URLMatcherGroup<Route>?

    /// The screen on show in `state`: its topmost entry.
    @inlinable
    init(
        _ state: RouterState<Route>, tab: (any Hashable & Sendable)? = nil, tabPosition: Int? = nil,
        columns: SplitColumns? = nil, links: URLMatcherGroup<Route>?
    ) {
        let top = state._entries.last
        route = top?.route
        level = top?.level ?? 0
        _entryID = top?.id
        self.tab = tab
        _tabPosition = tabPosition
        _links = links
        guard let columns, let top, top.level == 0 else {
            column = nil
            return
        }
        switch top.position {
        case 1: column = .sidebar
        case 2 where columns == .triple: column = .content
        default: column = .detail
        }
    }

    /// The route's title (``RouteMetadata/title``), `nil` at a root or when it has none.
    public var title: String? { route?.metadata.title }

    /// The route's analytics name (``RouteMetadata/analyticsName``), `nil` at a root or when
    /// it has none.
    public var analyticsName: String? { route?.metadata.analyticsName }

    /// The route's canonical link (see ``URLMatcherGroup/url(for:)``), `nil` at a root or when
    /// no mapping of the router's URLs makes one that opens it. Made when read.
    public var url: URL? {
        route.flatMap { _links?.url(for: $0) }
    }

    /// Whether both are the same screen (see ``DisplayedScreen``).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs._isSameScreen(as: rhs)
    }

    /// Whether both are the same screen: compares ids and positions only, so it runs no
    /// route code (it runs under a router's lock).
    @inlinable
    func _isSameScreen(as other: Self) -> Bool {
        _entryID == other._entryID && _tabPosition == other._tabPosition && level == other.level
    }

    /// The route (or `root`), the tab, column and level, such as `article(id: 42) [news], level 1`.
    public var description: String {
        var text = route.map { "\($0)" } ?? "root"
        if let tab { text += " [\(tab)]" }
        if let column { text += " (\(column.rawValue))" }
        if level > 0 { text += ", level \(level)" }
        return text
    }
}
