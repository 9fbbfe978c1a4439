/// What a ``Router`` shows: its base stack and the presentations over it (each a presented
/// route with a stack of its own; see ``Presentation``).
///
/// `Codable`, so it can be saved after each change (see ``Router/states(bufferingPolicy:)``)
/// and given back to ``Router/init(state:urlMatchers:policy:options:)`` at launch. A state saved
/// before presentations held stacks (a `modal`) decodes as one sheet.
///
/// A state is one list of entries, bottom first, each pushed or presented (as a sheet or a
/// full-screen cover): the base stack's routes, then each presented route followed by the
/// routes pushed inside it. Copies share their storage (the list's nodes are immutable): a
/// router publishes its state with every event, and a lagging subscriber holding many of
/// them costs O(1) per navigation, not a copy of the tree each. Each route's
/// ``RouteProvider/path`` is computed once, when its entry is made; ``path`` and
/// ``displayedPath`` join them when read, and ``stack`` and ``presentations`` build arrays
/// when read: O(n) each.
public struct RouterState<Route: RouteProvider>: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Every entry, the topmost on top.
    @usableFromInline var _entries = _PersistentStack<_RouteStackEntry<Route>>()

    /// Creates a state with at most one presentation.
    /// - Parameters:
    ///   - stack: The base stack's routes, bottom first.
    ///   - modal: A route presented as a sheet over it, with an empty stack.
    public init(stack: [Route] = [], modal: Route? = nil) {
        self.init(stack: stack, presentations: modal.map { [Presentation($0)] } ?? [])
    }

    /// Creates a state.
    /// - Parameters:
    ///   - stack: The base stack's routes, bottom first.
    ///   - presentations: The presentations over it, bottom first.
    public init(stack: [Route], presentations: [Presentation<Route>]) {
        for route in stack {
            _link(route, style: nil)
        }
        _presentAll(presentations)
    }

    /// The base stack's routes, bottom first; empty at the root. Pushes made while a
    /// presentation is shown are in that presentation's ``Presentation/stack``. Setting it
    /// keeps the presentations.
    public var stack: [Route] {
        get { _baseEntries.map(\.route) }
        set {
            let presented = _entries.topDown.prefix { $0.level > 0 }.reversed()
            _entries = _PersistentStack()
            for route in newValue {
                _link(route, style: nil)
            }
            for entry in presented {
                _entries.push(_RouteStackEntry(moving: entry, onto: _entries.last))
            }
        }
    }

    /// The presentations over the base stack, bottom first; empty when none is shown.
    /// Setting it presents new ones (with new identities, so a screen awaiting the result
    /// of one it replaces gets `nil`).
    public var presentations: [Presentation<Route>] {
        get {
            var presentations: [Presentation<Route>] = []
            for entry in _entries.bottomFirst where entry.level > 0 {
                if let style = entry.style {
                    presentations.append(Presentation(entry.route, style: style))
                } else {
                    presentations[presentations.count - 1].stack.append(entry.route)
                }
            }
            return presentations
        }
        set {
            _dismissAllPresentations()
            _presentAll(newValue)
        }
    }

    /// The topmost presentation's route, if any. Setting it replaces every presentation
    /// with one sheet of that route and an empty stack (none for `nil`).
    public var modal: Route? {
        get { _modalEntry?.route }
        set { presentations = newValue.map { [Presentation($0)] } ?? [] }
    }

    /// The displayed path: ``path`` followed by each presentation's route's
    /// ``RouteProvider/path`` and the paths of the stack inside it, bottom first (each
    /// normalised on its own); ``path`` when nothing is presented. A router's
    /// ``Router/actions`` are changes of this path, so presenting is a `.push` deeper and
    /// dismissing a `.back`.
    ///
    /// ```swift
    /// RouterState(stack: [.home], modal: .login).displayedPath   // "/home/login"
    /// ```
    public var displayedPath: String {
        Self._joinedPath(_entries.bottomFirst)
    }

    /// The number of routes on the base stack.
    public var count: Int { _entries.last?.baseCount ?? 0 }

    /// The top route of the base stack, `nil` at its root.
    public var top: Route? { _entries.topDown.first { $0.level == 0 }?.route }

    /// The base stack as a path: the ``RouteProvider/path`` of each route, each normalised
    /// on its own (so a `..` in one route's path never climbs into the route below),
    /// joined; `/` for an empty stack. The presentations are not part of it (see
    /// ``displayedPath``).
    public var path: String {
        Self._joinedPath(_baseEntries)
    }

    /// The base stack's entries, bottom first.
    var _baseEntries: [_RouteStackEntry<Route>] {
        _entries.topDown.drop { $0.level > 0 }.reversed()
    }

    /// The entries' paths joined; `/` when that is empty.
    static func _joinedPath(_ entries: [_RouteStackEntry<Route>]) -> String {
        var path = ""
        path.reserveCapacity(entries.last?.pathEnd ?? 0)
        for entry in entries {
            path += entry.path
        }
        return path.isEmpty ? "/" : path
    }

    /// The base stack, then each presentation, such as `[home] + sheet settings [pane(a)]`.
    public var description: String {
        let stack = "[" + stack.map { "\($0)" }.joined(separator: ", ") + "]"
        return ([stack] + presentations.map(\.description)).joined(separator: " + ")
    }

    // MARK: - Reading the tree

    /// Whether anything is presented.
    @inlinable var _hasPresentations: Bool { (_entries.last?.level ?? 0) > 0 }

    /// The topmost presentation's entry, if any.
    @inlinable var _modalEntry: _RouteStackEntry<Route>? {
        _hasPresentations ? _entries.topDown.first { $0.isPresented } : nil
    }

    /// The id of the topmost presentation's entry, if any.
    @inlinable var _modalID: UInt64? { _modalEntry?.id }

    /// The id of the current level's top entry: the topmost presentation's top pushed
    /// entry (`nil` at its root), or the base stack's top entry.
    @inlinable var _currentTopEntryID: UInt64? {
        guard let top = _entries.last, !top.isPresented else { return nil }
        return top.id
    }

    /// The current level's top route (as ``_currentTopEntryID``).
    @inlinable var _currentTop: Route? {
        guard let top = _entries.last, !top.isPresented else { return nil }
        return top.route
    }

    /// The route shown on top of everything: the topmost presentation's top pushed route,
    /// or its route when nothing is pushed inside, or the base stack's top route.
    @inlinable var _topmostDisplayedRoute: Route? { _entries.last?.route }

    /// Whether both states share their storage (then they are equal), in O(1).
    @inlinable
    func _isIdentical(to other: RouterState) -> Bool {
        _entries.isIdentical(to: other._entries)
    }

    /// Whether both states have the same base stack's storage, in O(what is presented).
    func _hasIdenticalBase(to other: RouterState) -> Bool {
        func baseTop(_ state: RouterState) -> _PersistentStack<_RouteStackEntry<Route>>.Node? {
            var node = state._entries.top
            while let current = node, current.element.level > 0 { node = current.below }
            return node
        }
        return baseTop(self) === baseTop(other)
    }

    /// Whether both states have the same ``displayedPath``, in O(what differs): the lengths
    /// first, then the entries' paths from the top down while they line up, down to the
    /// first entry both share (a state and the state a navigation made from it share
    /// everything below what it changed). Runs no route code.
    @inlinable
    func _hasSameDisplayedPath(as other: RouterState) -> Bool {
        var mine = _entries.top
        var theirs = other._entries.top
        while true {
            // An entry whose path is `/` adds nothing.
            while let node = mine, node.element.path.isEmpty { mine = node.below }
            while let node = theirs, node.element.path.isEmpty { theirs = node.below }
            guard let a = mine, let b = theirs else { return mine == nil && theirs == nil }
            if a === b { return true }
            guard a.element.pathEnd == b.element.pathEnd else { return false }
            guard a.element.path.utf8.count == b.element.path.utf8.count else {
                // The same length split differently between entries: compare the strings.
                return displayedPath == other.displayedPath
            }
            guard a.element.path == b.element.path else { return false }
            mine = a.below
            theirs = b.below
        }
    }

    /// Whether this state holds every entry of `other`, with only entries pushed or presented
    /// on top of them (a push): then no entry of `other` left. O(entries added).
    @inlinable
    func _extends(_ other: RouterState) -> Bool {
        var node = _entries.top
        let floor = other._entries.top?.depth ?? 0
        while let current = node, current.depth > floor {
            node = current.below
        }
        return node === other._entries.top
    }

    /// Calls `body` with each of this state's entries that `other` no longer holds (by id),
    /// in O(what changed): both lists are walked from the top down to the first node both
    /// share (everything below it is in both).
    @inlinable
    func _forEachEntry(missingFrom other: RouterState, _ body: (_RouteStackEntry<Route>) -> Void) {
        var mine = _entries.top
        var theirs = other._entries.top
        var changedMine: [_RouteStackEntry<Route>] = []
        var kept: Set<UInt64> = []
        while mine !== theirs {
            let myDepth = mine?.depth ?? 0
            let theirDepth = theirs?.depth ?? 0
            if let node = mine, myDepth >= theirDepth {
                changedMine.append(node.element)
                mine = node.below
            } else if let node = theirs {
                kept.insert(node.element.id)
                theirs = node.below
            }
        }
        for entry in changedMine where !kept.contains(entry.id) {
            body(entry)
        }
    }

    /// The id of the first displayed entry, topmost first, whose route and id satisfy
    /// `isMatch`, among those with ids from `firstID` on (0 for all): the entries a
    /// navigation made are on top, so the walk stops at the first older one. Reads each
    /// entry's route and id in place.
    @inlinable
    func _firstDisplayedEntryID(from firstID: UInt64 = 0, where isMatch: (Route, UInt64) -> Bool) -> UInt64? {
        var node = _entries.top
        while let current = node, current.element.id >= firstID {
            if isMatch(current.element.route, current.element.id) { return current.element.id }
            node = current.below
        }
        return nil
    }

    /// What breaks the tree's invariants, one line each; empty when all hold: every entry's
    /// level, position, base count and path end are what the entries below it make them, no
    /// id appears twice, and the displayed path is the entries' paths joined.
    ///
    /// - Parameter previous: The state this one was made from. When given and the tree is
    ///   large, only the entries made since are checked (the rest was checked when made):
    ///   O(what changed), so that a checked run stays linear in its navigations.
    @usableFromInline
    func _invariantViolations(since previous: RouterState? = nil) -> [String] {
        var violations: [String] = []
        var checked: [_PersistentStack<_RouteStackEntry<Route>>.Node] = []
        var node = _entries.top
        if let previous, _entries.count > 256 {
            // The nodes above the first one both states hold.
            var theirs = previous._entries.top
            while let mine = node, mine !== theirs {
                if mine.depth >= (theirs?.depth ?? 0) {
                    checked.append(mine)
                    node = mine.below
                } else {
                    theirs = theirs?.below
                }
            }
        } else {
            while let mine = node {
                checked.append(mine)
                node = mine.below
            }
        }
        var ids: Set<UInt64> = []
        for node in checked {
            let entry = node.element
            let expected = _RouteStackEntry(
                entry.route, path: entry.path, id: entry.id, style: entry.style, onto: node.below?.element)
            if (entry.level, entry.position, entry.baseCount, entry.pathEnd)
                != (expected.level, expected.position, expected.baseCount, expected.pathEnd)
            {
                violations.append("entry \(entry.id) (\(entry.route)) is linked as if elsewhere")
            }
            if !ids.insert(entry.id).inserted {
                violations.append("entry id \(entry.id) appears twice")
            }
        }
        guard checked.count == _entries.count else { return violations }
        let displayed = displayedPath
        let end = _entries.last?.pathEnd ?? 0
        if displayed.utf8.count != end && !(displayed == "/" && end == 0) {
            violations.append("the displayed path \(displayed) is not the entries' paths joined")
        }
        if presentations.count != (_entries.last?.level ?? 0) {
            violations.append("\(presentations.count) presentations on \(_entries.last?.level ?? 0) levels")
        }
        return violations
    }

    // MARK: - Equality and coding

    /// Whether both states show the same routes and presentations.
    public static func == (lhs: RouterState, rhs: RouterState) -> Bool {
        lhs._entries == rhs._entries
    }

    /// Hashes the routes and the presentations.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(_entries)
    }

    private enum CodingKeys: String, CodingKey {
        case stack, modal, presentations
    }

    /// Decodes `stack` (bottom first) and `presentations` (bottom first); a state saved with
    /// a `modal` instead (before presentations held stacks) decodes as one sheet.
    ///
    /// When a router restores it, the length of each array is checked against the policy's
    /// ``InputPolicy/maximumHistoryEntries`` before any route is decoded.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let limit = _RestoredEntryLimit.limit(in: decoder) {
            try _RestoredEntryLimit.check(_RestoredEntryLimit.count(of: container, at: .stack), limit: limit)
            try _RestoredEntryLimit.check(_RestoredEntryLimit.count(of: container, at: .presentations), limit: limit)
        }
        let stack = try container.decode([Route].self, forKey: .stack)
        if let presentations = try container.decodeIfPresent([Presentation<Route>].self, forKey: .presentations) {
            self.init(stack: stack, presentations: presentations)
        } else {
            self.init(stack: stack, modal: try container.decodeIfPresent(Route.self, forKey: .modal))
        }
    }

    /// Encodes `stack` (bottom first) and, when any is shown, `presentations`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(stack, forKey: .stack)
        if _hasPresentations {
            try container.encode(presentations, forKey: .presentations)
        }
    }
}
