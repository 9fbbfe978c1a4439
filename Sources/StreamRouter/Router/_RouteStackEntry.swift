import AsyncObservables
import Synchronization

/// A route on a router's stack, with its ``RouteProvider/path`` (normalised, and empty for a
/// route whose path is `/`), computed at most once.
///
/// A route type that declares `path` has it computed when the entry is made. A type that
/// keeps the default, reflected `path` has it computed when first read, and only then: a
/// navigation that nobody reads the path of (an `openURL` onto a new route, with no one
/// reading ``Router/actions``' paths) reflects over nothing. Which types keep the default
/// is learned from the default itself (``_DefaultRoutePath/usesDefaultPath(_:)``): the
/// first entry of such a type computes its path at once.
///
/// An entry made of the same route as its neighbour (the entry it replaces or is pushed
/// onto) shares the neighbour's path instead of computing it again: re-opening the link on
/// top, or replacing a route with itself, reflects over nothing. "The same route" is
/// decided without running route code: for a trivial route type (no references, so its
/// bytes are its value) the bytes of both routes are equal; equality (`==`) would not do,
/// as two equal routes may still have different paths (`0.0` and `-0.0`, or canonically
/// equivalent strings, in a default path).
///
/// Each entry has an ``id`` of its own, taken when it is made (pushed or presented), so the
/// same route pushed twice is two entries: a screen's result (``Router/navigateBack(returning:)``)
/// reaches the caller that pushed that very entry. Ids increase in the order entries are
/// made, so a stack's ids increase from the bottom to the top. Equality and hashing
/// ignore the id: two states showing the same routes are equal.
@usableFromInline
struct _RouteStackEntry<Route: RouteProvider>: Hashable, Sendable {
    @usableFromInline let route: Route
    @usableFromInline let _path: _EntryPath
    @usableFromInline let id: UInt64

    /// An entry for `route`, with a new id.
    /// - Parameter neighbour: The entry `route` replaces or is pushed onto: when it holds the
    ///   same route, its path is shared rather than computed.
    @inlinable
    init(_ route: Route, neighbour: _RouteStackEntry? = nil) {
        self.route = route
        id = _nextRouteStackEntryID()
        if let neighbour, Self.isSameValue(route, neighbour.route) {
            _path = neighbour._path
        } else if _DefaultRoutePath.usesDefaultPath(Route.self) {
            _path = .deferred(_DeferredPath())
        } else {
            _path = .known(Self.entryPath(route.path))
        }
    }

    /// An entry for the same route and path, with a new id.
    @inlinable
    init(renewing entry: _RouteStackEntry) {
        route = entry.route
        _path = entry._path
        id = _nextRouteStackEntryID()
    }

    /// The route's path, normalised, and empty for `/`: computed now if it was deferred and
    /// nobody read it yet (this runs route code; never call it under a lock).
    @inlinable var path: String {
        switch _path {
        case .known(let path): path
        case .deferred(let deferred): deferred.path { Self.entryPath(route.path) }
        }
    }

    /// The path if it is known without running route code.
    @inlinable var knownPath: String? {
        switch _path {
        case .known(let path): path
        case .deferred(let deferred): deferred.computed
        }
    }

    /// Whether both entries have the same path: `nil` when telling would compute a path.
    @inlinable
    func hasSamePath(as other: _RouteStackEntry) -> Bool? {
        if case .deferred(let mine) = _path, case .deferred(let theirs) = other._path, mine === theirs {
            return true
        }
        guard let mine = knownPath, let theirs = other.knownPath else { return nil }
        return mine == theirs
    }

    /// Whether `a` and `b` are the same value, bit for bit, of a trivial type (one holding
    /// no references: then its bytes are all of its value, and any route code given equal
    /// bytes sees the same route). `false` for any other type, and when the bytes differ
    /// (padding included: a false `false` costs a path computation, nothing else).
    @inlinable
    static func isSameValue(_ a: Route, _ b: Route) -> Bool {
        guard _isPOD(Route.self) else { return false }
        return withUnsafeBytes(of: a) { a in
            withUnsafeBytes(of: b) { b in a.elementsEqual(b) }
        }
    }

    /// `path` normalised, and empty for `/`.
    @usableFromInline
    static func entryPath(_ path: String) -> String {
        let normalized = PathResolver.normalize(path)
        return normalized == "/" ? "" : normalized
    }

    @usableFromInline
    static func == (lhs: _RouteStackEntry, rhs: _RouteStackEntry) -> Bool {
        lhs.route == rhs.route
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(route)
    }
}

/// An entry's path: computed when the entry was made, or when first read.
@usableFromInline
enum _EntryPath: Sendable {
    case known(String)
    case deferred(_DeferredPath)

    /// Whether the path is computed only when read (and reading it runs route code).
    @inlinable var isDeferred: Bool {
        if case .deferred = self { true } else { false }
    }
}

/// A path computed when first read, then kept; entries sharing one share the computation.
@usableFromInline
final class _DeferredPath: Sendable {
    /// Behind `_Locked` (a pthread mutex), which Thread Sanitizer sees, unlike `Mutex`'s futex.
    private let value = _Locked<String?>(nil)

    @usableFromInline init() {}

    /// The path if it was computed.
    @usableFromInline var computed: String? { value.withLock { $0 } }

    /// The path, computed by `compute` (outside the lock: it runs route code) unless it was
    /// already; when two threads compute it at once, the first stored wins.
    @usableFromInline
    func path(_ compute: () -> String) -> String {
        if let path = computed {
            return path
        }
        let path = compute()
        return value.withLock { stored in
            if let first = stored {
                return first
            }
            stored = path
            return path
        }
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
