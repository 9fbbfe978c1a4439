/// One presentation as a ``RouterState`` keeps it: the presented route's entry, its style,
/// and the stack pushed inside it, with the joined length of that stack's paths.
///
/// A state keeps its presentations in a ``_PersistentStack`` of levels (the topmost on
/// top), like its base stack, so a lagging subscriber holding many states costs O(1) per
/// navigation; the topmost level's stack is kept in the state itself
/// (``RouterState/_topStack``), so a push inside it makes no level node. Equality and
/// hashing ignore entry ids, as for stacks.
@usableFromInline
struct _PresentationLevel<Route: RouteProvider>: Sendable, Hashable {
    /// The presented route, with its own id (its screen's result slot).
    @usableFromInline let entry: _RouteStackEntry<Route>
    @usableFromInline let style: PresentationStyle
    /// The routes pushed inside, the top one on top.
    @usableFromInline var stack = _PersistentStack<_RouteStackEntry<Route>>()
    /// What is known of the length of the stack's joined path.
    @usableFromInline var stackPathLength = _JoinedPathLength()

    @inlinable
    init(_ entry: _RouteStackEntry<Route>, style: PresentationStyle) {
        self.entry = entry
        self.style = style
    }

    /// A level showing `presentation`, with fresh entries.
    init(_ presentation: Presentation<Route>) {
        self.init(_RouteStackEntry(presentation.route), style: presentation.style)
        for route in presentation.stack {
            push(route)
        }
    }

    /// The level as a public value.
    var presentation: Presentation<Route> {
        Presentation(entry.route, style: style, stack: stack.bottomFirst.map(\.route))
    }

    /// The presented route's path, then its stack's paths (computing those deferred).
    var path: String {
        var path = entry.path
        for entry in stack.bottomFirst {
            path += entry.path
        }
        return path
    }

    /// What is known of the length of ``path``.
    @inlinable var pathLength: _JoinedPathLength {
        var length = stackPathLength
        length.add(entry)
        return length
    }

    /// ``path`` if every path in it is known without running route code.
    var knownPath: String? {
        guard var path = entry.knownPath else { return nil }
        for entry in stack.bottomFirst {
            guard let known = entry.knownPath else { return nil }
            path += known
        }
        return path
    }

    /// The same presentation with at most the top `limit` routes, in fresh entries with new
    /// ids that keep their paths.
    func renewed(keepingTop limit: Int) -> _PresentationLevel {
        var level = _PresentationLevel(_RouteStackEntry(renewing: entry), style: style)
        (level.stack, level.stackPathLength) = stack.renewed(keepingTop: limit)
        return level
    }

    /// Pushes `route` onto the stack; past `limit` routes, the bottom one is dropped.
    /// - Parameter neighbour: The entry `route` replaces or is pushed onto (see
    ///   ``_RouteStackEntry``).
    @inlinable
    mutating func push(_ route: Route, limit: Int = .max, neighbour: _RouteStackEntry<Route>? = nil) {
        stack.push(route, limit: limit, neighbour: neighbour, pathLength: &stackPathLength)
    }

    /// Pops `k` routes (all of them when `k` is larger than the count).
    @inlinable
    mutating func removeLast(_ k: Int) {
        stack.removeLast(k, pathLength: &stackPathLength)
    }

    @usableFromInline
    static func == (lhs: _PresentationLevel, rhs: _PresentationLevel) -> Bool {
        lhs.entry == rhs.entry && lhs.style == rhs.style && lhs.stack == rhs.stack
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(entry)
        hasher.combine(style)
        hasher.combine(stack)
    }
}
