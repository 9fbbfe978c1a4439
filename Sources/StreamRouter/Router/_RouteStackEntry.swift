import Synchronization

/// One entry of a router's navigation tree: a route, pushed or presented, with its
/// ``RouteProvider/path`` (normalised, and empty for a route whose path is `/`) computed once,
/// when the entry is made.
///
/// A ``RouterState`` is a list of entries, bottom first: the base stack's pushed entries,
/// then each presented entry followed by the entries pushed inside it. Each entry also
/// records where it stands in that list (its level, its position on its level, the base
/// stack's length, and where its path ends in the displayed path), taken from the entry
/// below it when it is linked, so that a state answers those questions in O(1).
///
/// Each entry has an ``id`` of its own, taken when it is made (pushed or presented), so the
/// same route pushed twice is two entries: a screen's result (``Router/navigateBack(returning:)``)
/// reaches the caller that pushed that very entry. An entry moved to another place of the
/// tree keeps its id. Equality and hashing read the route and the presentation style only:
/// two states showing the same routes the same way are equal.
@usableFromInline
struct _RouteStackEntry<Route: RouteProvider>: Hashable, Sendable {
    @usableFromInline let route: Route
    /// The route's path, normalised, and empty for `/`.
    @usableFromInline let path: String
    @usableFromInline let id: UInt64
    /// How the entry is presented; `nil` for a pushed entry.
    @usableFromInline let style: PresentationStyle?
    /// The presented entries at or below this one: 0 on the base stack.
    @usableFromInline let level: Int
    /// The pushed entries of this entry's level up to this one: 0 for a presented entry.
    @usableFromInline let position: Int
    /// The number of entries on the base stack.
    @usableFromInline let baseCount: Int
    /// The UTF-8 length of the displayed path up to the end of this entry's path.
    @usableFromInline let pathEnd: Int

    /// A new entry (with a new id) for `route`, linked onto `below`.
    /// - Parameter style: How it is presented; `nil` to push it.
    @inlinable
    init(_ route: Route, style: PresentationStyle?, onto below: _RouteStackEntry?) {
        self.init(route, path: Self.entryPath(route.path), id: _nextRouteStackEntryID(), style: style, onto: below)
    }

    /// `entry`, with its id and path, linked onto `below`.
    @inlinable
    init(moving entry: _RouteStackEntry, onto below: _RouteStackEntry?) {
        self.init(entry.route, path: entry.path, id: entry.id, style: entry.style, onto: below)
    }

    @inlinable
    init(_ route: Route, path: String, id: UInt64, style: PresentationStyle?, onto below: _RouteStackEntry?) {
        self.route = route
        self.path = path
        self.id = id
        self.style = style
        let belowLevel = below?.level ?? 0
        level = belowLevel + (style == nil ? 0 : 1)
        position = style == nil ? (below?.position ?? 0) + 1 : 0
        baseCount = level == 0 ? position : below?.baseCount ?? 0
        pathEnd = (below?.pathEnd ?? 0) + path.utf8.count
    }

    /// Whether the entry is presented (the root of a level above the base stack).
    @inlinable var isPresented: Bool { style != nil }

    /// `path` normalised, and empty for `/`.
    @usableFromInline
    static func entryPath(_ path: String) -> String {
        let normalized = PathResolver.normalize(path)
        return normalized == "/" ? "" : normalized
    }

    @usableFromInline
    static func == (lhs: _RouteStackEntry, rhs: _RouteStackEntry) -> Bool {
        lhs.route == rhs.route && lhs.style == rhs.style
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(route)
        hasher.combine(style)
    }
}

/// The source of ``_RouteStackEntry/id``s, shared by every router: unique and increasing.
private let routeStackEntryIDs = Atomic<UInt64>(0)

/// The id the next entry made will have, or a later one (for telling the entries a
/// navigation made: ids are taken in increasing order).
@usableFromInline
func _upcomingRouteStackEntryID() -> UInt64 {
    routeStackEntryIDs.load(ordering: .relaxed)
}

/// The next ``_RouteStackEntry/id``.
@usableFromInline
func _nextRouteStackEntryID() -> UInt64 {
    routeStackEntryIDs.wrappingAdd(1, ordering: .relaxed).oldValue
}
