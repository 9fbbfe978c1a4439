/// What a ``Router`` shows: its route stack and its presented modal.
///
/// `Codable`, so it can be saved after each change (see ``Router/states(bufferingPolicy:)``)
/// and given back to ``Router/init(state:urlMatchers:policy:)`` at launch.
///
/// Copies share their storage: a router publishes its state with every event, and a
/// lagging subscriber holding many of them costs O(1) per navigation, not a copy of the
/// stack each. Each route's ``RouteProvider/path`` is computed once, when it is pushed, and
/// the stack's ``path`` is kept up to date as routes are pushed and popped. ``stack``
/// builds an array when read: O(n).
public struct RouterState<Route: RouteProvider>: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The pushed routes, the top one on top.
    private(set) var entries = PersistentStack<RouteStackEntry<Route>>()
    /// The presented modal route, if any.
    public var modal: Route?
    /// The entries' paths joined, without the leading `/` of an empty stack.
    private var joinedPath = ""

    /// Creates a state.
    /// - Parameters:
    ///   - stack: The pushed routes, bottom first.
    ///   - modal: The presented modal route.
    public init(stack: [Route] = [], modal: Route? = nil) {
        self.modal = modal
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

    /// The number of pushed routes.
    public var count: Int { entries.count }

    /// The top route of the stack, `nil` at the root.
    public var top: Route? { entries.last?.route }

    /// The stack as a path: the ``RouteProvider/path`` of each route, each normalised on
    /// its own (so a `..` in one route's path never climbs into the route below), joined;
    /// `/` for an empty stack. The modal is not part of it.
    public var path: String {
        joinedPath.isEmpty ? "/" : joinedPath
    }

    /// The stack, then the modal if one is presented.
    public var description: String {
        let stack = "[" + stack.map { "\($0)" }.joined(separator: ", ") + "]"
        return modal.map { "\(stack) + modal \($0)" } ?? stack
    }

    // MARK: - Changing the stack

    /// Pushes `route`; when the stack would hold more than `limit` routes, the bottom one
    /// is dropped (finding it walks the stack: only a stack at its limit pays that).
    mutating func push(_ route: Route, limit: Int = .max) {
        guard limit > 0 else { return }
        let entry = RouteStackEntry(route)
        if entries.count >= limit, let bottom = entries.first {
            joinedPath = String(Substring(joinedPath.utf8.dropFirst(bottom.path.utf8.count)))
        }
        entries.push(entry, limit: limit)
        joinedPath += entry.path
    }

    /// Pops `k` routes (all of them when `k` is larger than the count).
    mutating func removeLast(_ k: Int) {
        var removedBytes = 0
        for _ in 0..<min(max(k, 0), entries.count) {
            removedBytes += entries.popLast()?.path.utf8.count ?? 0
        }
        if removedBytes > 0 {
            joinedPath = String(Substring(joinedPath.utf8.dropLast(removedBytes)))
        }
    }

    /// The state with only the top `limit` routes (at least one) when it holds more.
    func limited(to limit: Int) -> RouterState {
        guard count > max(limit, 1) else { return self }
        return RouterState(stack: Array(stack.suffix(max(limit, 1))), modal: modal)
    }

    /// Pops every route.
    mutating func removeAll() {
        entries = PersistentStack()
        joinedPath = ""
    }

    /// How many routes lie above the topmost occurrence of `route`, or `nil` when it is absent.
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
    func isIdentical(to other: RouterState) -> Bool {
        entries.isIdentical(to: other.entries) && modal == other.modal
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
struct RouteStackEntry<Route: RouteProvider>: Hashable, Sendable {
    let route: Route
    let path: String

    init(_ route: Route) {
        self.route = route
        let normalized = PathResolver.normalize(route.path)
        path = normalized == "/" ? "" : normalized
    }

    static func == (lhs: RouteStackEntry, rhs: RouteStackEntry) -> Bool {
        lhs.route == rhs.route
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(route)
    }
}
