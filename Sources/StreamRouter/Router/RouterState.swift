import Synchronization

/// What a ``Router`` shows: its route stack and its presented modal.
///
/// `Codable`, so it can be saved after each change (see ``Router/states(bufferingPolicy:)``)
/// and given back to ``Router/init(state:urlMatchers:policy:)`` at launch.
///
/// Copies share their storage: a router publishes its state with every event, and a
/// lagging subscriber holding many of them costs O(1) per navigation, not a copy of the
/// stack each. Each route's ``RouteProvider/path`` is computed once, when it is pushed (an
/// entry made of the same route as the one it replaces or is pushed onto takes that entry's
/// path: see ``RouteProvider/path``); ``path`` joins them when read, and ``stack`` builds an
/// array when read: O(n) each.
public struct RouterState<Route: RouteProvider>: Sendable, Hashable, Codable, CustomStringConvertible {
    // The operations a navigation runs are `@inlinable` (see `Router.run`): client
    // specialisation, measured by the Benchmarks' `open-url` row.

    /// The pushed routes, the top one on top.
    @usableFromInline var entries = PersistentStack<RouteStackEntry<Route>>()
    /// The presented modal and its identity, if any, boxed: a state holds only references
    /// and integers, so copying one (a navigation makes several) is a few retains whatever
    /// `Route` is.
    @usableFromInline var presented: PresentedEntry<Route>?
    /// The length in UTF-8 bytes of the entries' paths joined.
    @usableFromInline var pathLength = 0

    /// The presented modal and its identity, if any.
    @inlinable var modalEntry: RouteStackEntry<Route>? {
        get { presented?.entry }
        set { presented = newValue.map { PresentedEntry($0) } }
    }

    /// The id of the presented modal's entry, if any.
    @inlinable var modalID: UInt64? { presented?.entry.id }

    /// Creates a state.
    /// - Parameters:
    ///   - stack: The pushed routes, bottom first.
    ///   - modal: The presented modal route.
    public init(stack: [Route] = [], modal: Route? = nil) {
        modalEntry = modal.map { RouteStackEntry($0) }
        for route in stack {
            push(route)
        }
    }

    /// The pushed routes, bottom first; empty at the root.
    public var stack: [Route] {
        get { entries.bottomFirst.map { $0.route } }
        set {
            removeAll()
            for route in newValue {
                push(route)
            }
        }
    }

    /// The presented modal route, if any. Setting it presents a new modal, even when it is
    /// the same route: a screen awaiting the result of the modal it replaces gets `nil`.
    public var modal: Route? {
        get { presented?.entry.route }
        set { modalEntry = newValue.map { RouteStackEntry($0) } }
    }

    /// The displayed path: ``path`` followed by the presented modal's
    /// ``RouteProvider/path`` (normalised on its own), or ``path`` when no modal is
    /// presented. A router's ``Router/actions`` are changes of this path, so presenting a
    /// modal is a `.push` one level deeper and dismissing it a `.back`.
    ///
    /// ```swift
    /// RouterState(stack: [.home], modal: .login).displayedPath   // "/home/login"
    /// ```
    public var displayedPath: String {
        guard let modalPath = presented?.entry.path, !modalPath.isEmpty else { return path }
        return pathLength == 0 ? modalPath : path + modalPath
    }

    /// The number of pushed routes.
    public var count: Int { entries.count }

    /// The top route of the stack, `nil` at the root.
    public var top: Route? { entries.last?.route }

    /// The stack as a path: the ``RouteProvider/path`` of each route, each normalised on
    /// its own (so a `..` in one route's path never climbs into the route below), joined;
    /// `/` for an empty stack. The modal is not part of it.
    public var path: String {
        guard pathLength > 0 else { return "/" }
        var path = ""
        path.reserveCapacity(pathLength)
        for entry in entries.bottomFirst {
            path += entry.path
        }
        return path
    }

    /// Whether ``path`` is the same for both states, without building either: compares the
    /// joined paths' bytes from the end (a whole entry's path at a time while the entries
    /// line up), and stops at the first difference or at the
    /// first entry both stacks share (a state and the state a navigation made from it
    /// share everything below what it changed), so it costs O(what changed).
    ///
    /// - Parameter includingModal: Compare the ``displayedPath``s instead.
    @inlinable
    func hasSamePath(as other: RouterState, includingModal: Bool = false) -> Bool {
        let mySuffix = includingModal ? presented?.entry.path ?? "" : ""
        let theirSuffix = includingModal ? other.presented?.entry.path ?? "" : ""
        guard pathLength + mySuffix.utf8.count == other.pathLength + theirSuffix.utf8.count else { return false }
        // The usual case, one entry replaced on top of shared ones: compare the tops' paths.
        if !includingModal, entries.count == other.entries.count, let myTop = entries.top,
            let theirTop = other.entries.top, myTop.link === theirTop.link
        {
            return myTop.element.path == theirTop.element.path
        }
        var mine = PathBytesFromEnd(entries, suffix: mySuffix)
        var theirs = PathBytesFromEnd(other.entries, suffix: theirSuffix)
        while true {
            if mine.isSharing(with: theirs) {
                return true
            }
            if mine.skipEqualEntry(with: &theirs) {
                continue
            }
            switch (mine.next(), theirs.next()) {
            case (nil, nil): return true
            case (let byte?, let other?) where byte == other: continue
            default: return false
            }
        }
    }

    /// The stack, then the modal if one is presented.
    public var description: String {
        let stack = "[" + stack.map { "\($0)" }.joined(separator: ", ") + "]"
        return modal.map { "\(stack) + modal \($0)" } ?? stack
    }

    // MARK: - Changing the stack

    /// Pushes `route`; when the stack would hold more than `limit` routes, the bottom one
    /// is dropped (finding it walks the stack: only a stack at its limit pays that).
    /// - Parameter neighbour: The entry `route` replaces or is pushed onto, whose path the
    ///   new entry takes when it is made of the same route (see ``RouteStackEntry``).
    @inlinable
    mutating func push(_ route: Route, limit: Int = .max, neighbour: RouteStackEntry<Route>? = nil) {
        guard limit > 0 else { return }
        let entry = RouteStackEntry(route, neighbour: neighbour)
        if entries.count >= limit, let bottom = entries.first {
            pathLength -= bottom.path.utf8.count
        }
        entries.push(entry, limit: limit)
        pathLength += entry.path.utf8.count
    }

    /// Pops `k` routes (all of them when `k` is larger than the count).
    @inlinable
    mutating func removeLast(_ k: Int) {
        for _ in 0..<min(max(k, 0), entries.count) {
            pathLength -= entries.popLast()?.path.utf8.count ?? 0
        }
    }

    /// The state with only the top `limit` routes (at least one) when it holds more.
    @usableFromInline
    func limited(to limit: Int) -> RouterState {
        guard count > max(limit, 1) else { return self }
        return renewed(keepingTop: limit)
    }

    /// The same routes and modal (at most the top `limit` routes, at least one) in fresh
    /// entries, with new ids: the entries keep their paths, computed once already.
    @usableFromInline
    func renewed(keepingTop limit: Int = .max) -> RouterState {
        var state = RouterState()
        state.modalEntry = presented.map { RouteStackEntry(renewing: $0.entry) }
        for entry in entries.bottomFirst.suffix(max(limit, 1)) {
            let renewed = RouteStackEntry(renewing: entry)
            state.entries.push(renewed)
            state.pathLength += renewed.path.utf8.count
        }
        return state
    }

    /// Pops every route.
    @inlinable
    mutating func removeAll() {
        entries = PersistentStack()
        pathLength = 0
    }

    /// How many routes lie above the topmost occurrence of `route`, or `nil` when it is absent.
    @inlinable
    func distanceFromTop(to route: Route) -> Int? {
        for (distance, entry) in entries.topDown.enumerated() where entry.route == route {
            return distance
        }
        return nil
    }

    // MARK: - Equality and coding

    /// Whether both states show the same routes and modal.
    public static func == (lhs: RouterState, rhs: RouterState) -> Bool {
        lhs.modal == rhs.modal && lhs.entries == rhs.entries
    }

    /// Hashes the routes and the modal.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries)
        hasher.combine(modal)
    }

    /// Whether both states share their storage and modal (then they are equal), in O(1).
    @inlinable
    func isIdentical(to other: RouterState) -> Bool {
        entries.isIdentical(to: other.entries) && modalID == other.modalID
    }

    /// The id of the top entry, `nil` at the root.
    @inlinable var topEntryID: UInt64? { entries.last?.id }

    /// The ids of this state's entries that `other` no longer holds, down to the first
    /// entry both share (or down to `minimumID`: entries below it are not looked at), in
    /// O(what changed). Ids increase from the bottom of a stack to its top, so both stacks
    /// are walked from the top in step, by id.
    @usableFromInline
    func entryIDs(missingFrom other: RouterState, atLeast minimumID: UInt64) -> [UInt64] {
        var removed: [UInt64] = []
        var mine = entries.topDown.makeIterator()
        var theirs = other.entries.topDown.makeIterator()
        var a = mine.next()
        var b = theirs.next()
        while let entry = a, entry.id >= minimumID {
            if mine.node === theirs.node, mine.remaining == theirs.remaining, let top = b, top.id == entry.id {
                break  // the rest of both stacks is the same nodes
            }
            if let top = b, top.id > entry.id {
                b = theirs.next()
            } else if let top = b, top.id == entry.id {
                a = mine.next()
                b = theirs.next()
            } else {
                removed.append(entry.id)
                a = mine.next()
            }
        }
        return removed
    }

    private enum CodingKeys: String, CodingKey {
        case stack, modal
    }

    /// Decodes `stack` (bottom first) and `modal`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            stack: try container.decode([Route].self, forKey: .stack),
            modal: try container.decodeIfPresent(Route.self, forKey: .modal)
        )
    }

    /// Encodes `stack` (bottom first) and `modal`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(stack, forKey: .stack)
        try container.encodeIfPresent(modal, forKey: .modal)
    }
}

/// A route on a router's stack, with its ``RouteProvider/path`` computed once, when it was
/// pushed (the default `path` uses reflection, too slow to recompute on every navigation),
/// normalised, and empty for a route whose path is `/`.
///
/// An entry made of the same route as its neighbour (the entry it replaces or is pushed
/// onto) takes the neighbour's path instead of computing it again: re-opening the link on
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
struct RouteStackEntry<Route: RouteProvider>: Hashable, Sendable {
    @usableFromInline let route: Route
    @usableFromInline let path: String
    @usableFromInline let id: UInt64

    /// An entry for `route`, with a new id.
    /// - Parameter neighbour: The entry `route` replaces or is pushed onto: when it holds the
    ///   same route, its path is taken rather than computed.
    @inlinable
    init(_ route: Route, neighbour: RouteStackEntry? = nil) {
        self.route = route
        id = nextRouteStackEntryID()
        if let neighbour, Self.isSameValue(route, neighbour.route) {
            path = neighbour.path
        } else {
            path = Self.entryPath(route.path)
        }
    }

    /// An entry for the same route and path, with a new id.
    @inlinable
    init(renewing entry: RouteStackEntry) {
        route = entry.route
        path = entry.path
        id = nextRouteStackEntryID()
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
    static func == (lhs: RouteStackEntry, rhs: RouteStackEntry) -> Bool {
        lhs.route == rhs.route
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(route)
    }
}

/// A presented modal's entry, in a box of its own (see ``RouterState/presented``).
@usableFromInline
final class PresentedEntry<Route: RouteProvider>: Sendable {
    @usableFromInline let entry: RouteStackEntry<Route>

    @inlinable
    init(_ entry: RouteStackEntry<Route>) {
        self.entry = entry
    }
}

/// The source of ``RouteStackEntry/id``s, shared by every router: unique and increasing.
private let routeStackEntryIDs = Atomic<UInt64>(0)

/// The next ``RouteStackEntry/id``.
@usableFromInline
func nextRouteStackEntryID() -> UInt64 {
    routeStackEntryIDs.wrappingAdd(1, ordering: .relaxed).oldValue
}

/// The bytes of a stack's joined path, from the last one back, entry by entry.
@usableFromInline
struct PathBytesFromEnd<Route: RouteProvider> {
    /// The entry being read and the entries below it.
    @usableFromInline var node: PersistentStack<RouteStackEntry<Route>>.Node?
    /// The visible entries from `node` down.
    @usableFromInline var remaining: Int
    @usableFromInline var bytes: String.UTF8View
    @usableFromInline var index: String.UTF8View.Index

    /// Reads `suffix` (a modal's path) first, then the entries' paths.
    @inlinable
    init(_ entries: PersistentStack<RouteStackEntry<Route>>, suffix: String = "") {
        node = entries.top
        remaining = entries.count
        bytes = suffix.utf8
        index = bytes.endIndex
    }

    /// Whether both readers are between entries, at the same node with the same number of
    /// entries left: the rest of both paths is the same bytes.
    @inlinable
    func isSharing(with other: PathBytesFromEnd) -> Bool {
        index == bytes.startIndex && other.index == other.bytes.startIndex && node === other.node
            && remaining == other.remaining
    }

    /// When both readers are between entries and their next entries have equal paths,
    /// moves both past them (one string comparison instead of a byte at a time).
    /// - Returns: Whether they moved.
    @inlinable
    mutating func skipEqualEntry(with other: inout PathBytesFromEnd) -> Bool {
        guard index == bytes.startIndex, other.index == other.bytes.startIndex, remaining > 0, other.remaining > 0,
            let current = node, let theirs = other.node, current.element.path == theirs.element.path
        else { return false }
        node = current.below
        remaining -= 1
        other.node = theirs.below
        other.remaining -= 1
        return true
    }

    @inlinable
    mutating func next() -> UInt8? {
        while index == bytes.startIndex {
            guard remaining > 0, let current = node else { return nil }
            bytes = current.element.path.utf8
            index = bytes.endIndex
            node = current.below
            remaining -= 1
        }
        index = bytes.index(before: index)
        return bytes[index]
    }
}
