/// What a ``Router`` shows: its base stack and the presentations over it (each a presented
/// route with a stack of its own; see ``Presentation``).
///
/// `Codable`, so it can be saved after each change (see ``Router/states(bufferingPolicy:)``)
/// and given back to ``Router/init(state:urlMatchers:policy:options:)`` at launch. A state saved
/// before presentations held stacks (a `modal`) decodes as one sheet.
///
/// Copies share their storage: a router publishes its state with every event, and a
/// lagging subscriber holding many of them costs O(1) per navigation, not a copy of the
/// stacks each. Each route's ``RouteProvider/path`` is computed at most once: when it is
/// pushed, or, for a route type keeping the default path, when first read (an entry made
/// of the same route as the one it replaces or is pushed onto shares that entry's path:
/// see ``RouteProvider/path``); ``path`` joins them when read, and ``stack`` builds an
/// array when read: O(n) each.
public struct RouterState<Route: RouteProvider>: Sendable, Hashable, Codable, CustomStringConvertible {
    // The operations a navigation runs are `@inlinable`, like the pipeline (the Performance
    // design article).

    /// The base stack's routes, the top one on top.
    @usableFromInline var _entries = _PersistentStack<_RouteStackEntry<Route>>()
    /// What is known of the length of the base stack's joined path.
    @usableFromInline var _pathLength = _JoinedPathLength()
    /// The presentations, in one copy-on-write box; `nil` when nothing is presented. A
    /// state holds only references and integers, so copying one (a navigation makes
    /// several) is a few retains whatever `Route` is: two when nothing is presented.
    @usableFromInline var _presentation: _PresentationStorage<Route>?

    /// The presentations, the topmost on top. The topmost level's stack is kept in
    /// ``_topStack``, not in its node (whose `stack` is then stale): a push or pop inside
    /// the topmost presentation changes one stack, as on the base stack, and makes no new
    /// level node.
    @inlinable var _levels: _PersistentStack<_PresentationLevel<Route>> {
        get { _presentation?.levels ?? _PersistentStack() }
        set {
            guard _presentation != nil || !newValue.isEmpty else { return }
            _uniquePresentation().levels = newValue
            _dropEmptyPresentation()
        }
    }

    /// The topmost presentation's stack; empty when nothing is presented.
    @inlinable var _topStack: _PersistentStack<_RouteStackEntry<Route>> {
        get { _presentation?.topStack ?? _PersistentStack() }
        set {
            guard _presentation != nil || !newValue.isEmpty else { return }
            _uniquePresentation().topStack = newValue
            _dropEmptyPresentation()
        }
    }

    /// What is known of the length of ``_topStack``'s joined path.
    @inlinable var _topStackPathLength: _JoinedPathLength {
        get { _presentation?.topStackPathLength ?? _JoinedPathLength() }
        set {
            guard _presentation != nil || !newValue.isEmpty else { return }
            _uniquePresentation().topStackPathLength = newValue
        }
    }

    /// The presentations' box, copied first when another state shares it.
    @inlinable
    mutating func _uniquePresentation() -> _PresentationStorage<Route> {
        if !isKnownUniquelyReferenced(&_presentation) {
            _presentation = _presentation?.copy() ?? _PresentationStorage()
        }
        if let unique = _presentation {
            return unique
        }
        let made = _PresentationStorage<Route>()
        _presentation = made
        return made
    }

    /// Drops the box once nothing is presented, so that such states are compact again.
    @inlinable
    mutating func _dropEmptyPresentation() {
        if let box = _presentation, box.levels.isEmpty, box.topStack.isEmpty {
            _presentation = nil
        }
    }

    /// Whether anything is presented, read from the box without copying its stacks.
    @inlinable var _hasPresentations: Bool {
        guard let box = _presentation else { return false }
        return !box.levels.isEmpty
    }

    /// The topmost presentation's entry, if any.
    @inlinable var _modalEntry: _RouteStackEntry<Route>? { _presentation?.levels.last?.entry }

    /// The id of the topmost presentation's entry, if any.
    @inlinable var _modalID: UInt64? { _presentation?.levels.last?.entry.id }

    /// Creates a state with at most one presentation.
    /// - Parameters:
    ///   - stack: The base stack's routes, bottom first.
    ///   - modal: A route presented as a sheet over it, with an empty stack.
    public init(stack: [Route] = [], modal: Route? = nil) {
        self.init(pushing: stack)
        if let modal {
            presentations = [Presentation(modal)]
        }
    }

    /// Creates a state.
    /// - Parameters:
    ///   - stack: The base stack's routes, bottom first.
    ///   - presentations: The presentations over it, bottom first.
    public init(stack: [Route], presentations: [Presentation<Route>]) {
        self.init(pushing: stack)
        if !presentations.isEmpty {  // none: the levels are already empty
            self.presentations = presentations
        }
    }

    /// The base stack `stack`, nothing presented. Walks the stack by index, and the
    /// initialisers above build no empty array of presentations: a router's creation runs
    /// them unspecialised, where each generic value made looks up its type's metadata.
    init(pushing stack: [Route]) {
        for index in 0..<stack.count {  // not `indices`: generic there, it looks up a tuple type
            _push(stack[index])
        }
    }

    /// The base stack's routes, bottom first; empty at the root. Pushes made while a
    /// presentation is shown are in that presentation's ``Presentation/stack``.
    public var stack: [Route] {
        get { _entries.bottomFirst.map { $0.route } }
        set {
            _removeAll()
            for route in newValue {
                _push(route)
            }
        }
    }

    /// The presentations over the base stack, bottom first; empty when none is shown.
    /// Setting it presents new ones (with new identities, so a screen awaiting the result
    /// of one it replaces gets `nil`).
    public var presentations: [Presentation<Route>] {
        get { _presentedLevels.map(\.presentation) }
        set {
            _levels = _PersistentStack(bottomFirst: newValue.map { _PresentationLevel($0) })
            _takeTopStackFromLevels()
        }
    }

    /// The presentations, bottom first, the topmost with its stack (``_topStack``): O(levels).
    @usableFromInline
    var _presentedLevels: [_PresentationLevel<Route>] {
        var presented = _levels.bottomFirst
        if !presented.isEmpty {
            presented[presented.count - 1].stack = _topStack
            presented[presented.count - 1].stackPathLength = _topStackPathLength
        }
        return presented
    }

    /// The topmost presentation's route, if any. Setting it replaces every presentation
    /// with one sheet of that route and an empty stack (none for `nil`).
    public var modal: Route? {
        get { _levels.last?.entry.route }
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
        let presented = _presentedPath
        guard !presented.isEmpty else { return path }
        let base = path
        return base == "/" ? presented : base + presented
    }

    /// The presentations' part of ``displayedPath`` (empty when none is shown or their
    /// paths are all `/`): O(what is presented).
    @usableFromInline
    var _presentedPath: String {
        guard !_levels.isEmpty else { return "" }
        var path = ""
        for level in _presentedLevels {
            path += level.path
        }
        return path
    }

    /// The number of routes on the base stack.
    public var count: Int { _entries.count }

    /// The top route of the base stack, `nil` at its root.
    public var top: Route? { _entries.last?.route }

    /// The base stack as a path: the ``RouteProvider/path`` of each route, each normalised
    /// on its own (so a `..` in one route's path never climbs into the route below),
    /// joined; `/` for an empty stack. The presentations are not part of it (see
    /// ``displayedPath``).
    public var path: String {
        guard !_pathLength.isEmpty else { return "/" }
        var path = ""
        path.reserveCapacity(_pathLength.knownBytes)
        for entry in _entries.bottomFirst {
            path += entry.path
        }
        return path.isEmpty ? "/" : path
    }

    /// ``_presentedPath`` if every path in it is known without running route code.
    @usableFromInline
    var _knownPresentedPath: String? {
        var path = ""
        for level in _presentedLevels {
            guard let known = level.knownPath else { return nil }
            path += known
        }
        return path
    }

    /// Whether ``path`` is the same for both states, without building either and without
    /// running route code: compares the joined paths' bytes from the end (a whole entry's
    /// path at a time while the entries line up), and stops at the first difference or at
    /// the first entry both stacks share (a state and the state a navigation made from it
    /// share everything below what it changed), so it costs O(what changed).
    ///
    /// - Parameter includingModal: Compare the ``displayedPath``s instead: their lengths
    ///   first when known (O(presentations), no string built), then their presentations'
    ///   parts (built: O(what is presented)).
    /// - Returns: `nil` when telling would compute a deferred path (see
    ///   ``_RouteStackEntry``): the paths may or may not be the same.
    @inlinable
    func _hasSamePath(as other: RouterState, includingModal: Bool = false) -> Bool? {
        guard !includingModal else {
            // The usual case, a push or pop inside the topmost presentation: only its stack
            // differs, so its length tells at once.
            if let mine = _presentation, let theirs = other._presentation, mine.levels.isIdentical(to: theirs.levels),
                _entries.isIdentical(to: other._entries), let myLength = mine.topStackPathLength.exact,
                let theirLength = theirs.topStackPathLength.exact, myLength != theirLength
            {
                return false
            }
            if let mine = (_pathLength + _presentedPathLength).exact,
                let theirs = (other._pathLength + other._presentedPathLength).exact, mine != theirs
            {
                return false
            }
            guard let mySuffix = _knownPresentedPath, let theirSuffix = other._knownPresentedPath else { return nil }
            return _hasSamePath(as: other, mySuffix: mySuffix, theirSuffix: theirSuffix)
        }
        // A navigation inside a presentation leaves the base stack as it was.
        if _entries.isIdentical(to: other._entries) {
            return true
        }
        return _hasSamePath(as: other, mySuffix: "", theirSuffix: "")
    }

    /// What is known of the length of ``_presentedPath``, without building it.
    @inlinable var _presentedPathLength: _JoinedPathLength {
        guard let box = _presentation, let top = box.levels.top else { return _JoinedPathLength() }
        var length = box.topStackPathLength
        length.add(top.element.entry)
        // The levels below, walked by hand (no iterator to make): a bounded stack's hidden
        // nodes lie below its `count` visible ones.
        var remaining = box.levels.count - 1
        var below = top.below
        while remaining > 0, let level = below {
            length = length + level.element.pathLength
            below = level.below
            remaining -= 1
        }
        return length
    }

    /// Whether the base stacks' paths followed by the suffixes are the same bytes; `nil`
    /// when telling would compute a deferred path.
    @inlinable
    func _hasSamePath(as other: RouterState, mySuffix: String, theirSuffix: String) -> Bool? {
        let includingModal = !mySuffix.isEmpty || !theirSuffix.isEmpty
        if let mine = _pathLength.exact, let theirs = other._pathLength.exact,
            mine + mySuffix.utf8.count != theirs + theirSuffix.utf8.count
        {
            return false
        }
        // The usual case, one entry replaced on top of shared ones: compare the tops' paths.
        if !includingModal, _entries.count == other._entries.count, let myTop = _entries.top,
            let theirTop = other._entries.top, myTop.link === theirTop.link
        {
            return myTop.element.hasSamePath(as: theirTop.element)
        }
        // The bytes are compared from the end: a deferred top path is the first thing read
        // (the common case with the default path: a push or pop of such an entry).
        if !includingModal,
            _entries.top?.element._path.isDeferred == true || other._entries.top?.element._path.isDeferred == true
        {
            return nil
        }
        var mine = _PathBytesFromEnd(_entries, suffix: mySuffix)
        var theirs = _PathBytesFromEnd(other._entries, suffix: theirSuffix)
        while true {
            if mine.isSharing(with: theirs) {
                return true
            }
            if mine.skipEqualEntry(with: &theirs) {
                continue
            }
            let (byte, other) = (mine.next(), theirs.next())
            if mine.reachedDeferredPath || theirs.reachedDeferredPath {
                return nil
            }
            switch (byte, other) {
            case (nil, nil): return true
            case (let byte?, let other?) where byte == other: continue
            default: return false
            }
        }
    }

    /// The base stack, then each presentation, such as `[home] + sheet settings [pane(a)]`.
    public var description: String {
        let stack = "[" + stack.map { "\($0)" }.joined(separator: ", ") + "]"
        return ([stack] + presentations.map(\.description)).joined(separator: " + ")
    }

    // MARK: - Changing the stack

    /// Pushes `route`; when the stack would hold more than `limit` routes, the bottom one
    /// is dropped (finding it walks the stack: only a stack at its limit pays that).
    /// - Parameter neighbour: The entry `route` replaces or is pushed onto, whose path the
    ///   new entry takes when it is made of the same route (see ``_RouteStackEntry``).
    @inlinable
    mutating func _push(_ route: Route, limit: Int = .max, neighbour: _RouteStackEntry<Route>? = nil) {
        _entries.push(route, limit: limit, neighbour: neighbour, pathLength: &_pathLength)
    }

    /// Pops `k` routes (all of them when `k` is larger than the count).
    @inlinable
    mutating func _removeLast(_ k: Int) {
        _entries.removeLast(k, pathLength: &_pathLength)
    }

    /// The state with only the top `limit` routes (at least one) of each stack and the top
    /// `limit` presentations, when it holds more.
    @usableFromInline
    func _limited(to limit: Int) -> RouterState {
        let limit = max(limit, 1)
        // Presentations read only when there are some (an empty state, a new router's, builds
        // no empty stack of levels).
        guard
            count > limit
                || (_hasPresentations
                    && (_levels.count > limit || _presentedLevels.contains(where: { $0.stack.count > limit })))
        else { return self }
        return _renewed(keepingTop: limit)
    }

    /// The same routes and presentations (at most the top `limit` routes of each stack and
    /// the top `limit` presentations, at least one each) in fresh entries, with new ids: the
    /// entries keep their paths, computed once already.
    @usableFromInline
    func _renewed(keepingTop limit: Int = .max) -> RouterState {
        let limit = max(limit, 1)
        var state = RouterState()
        (state._entries, state._pathLength) = _entries.renewed(keepingTop: limit)
        for level in _presentedLevels.suffix(limit) {
            state._levels.push(level.renewed(keepingTop: limit))
        }
        state._takeTopStackFromLevels()
        return state
    }

    /// Pops every route.
    @inlinable
    mutating func _removeAll() {
        _entries = _PersistentStack()
        _pathLength = _JoinedPathLength()
    }

    /// How many routes lie above the topmost occurrence of `route`, or `nil` when it is absent.
    @inlinable
    func _distanceFromTop(to route: Route) -> Int? {
        _entries.distanceFromTop(to: route)
    }

    // MARK: - Equality and coding

    /// Whether both states show the same routes and presentations.
    public static func == (lhs: RouterState, rhs: RouterState) -> Bool {
        lhs._entries == rhs._entries
            && (lhs._isIdentical(to: rhs) || lhs._presentedLevels == rhs._presentedLevels)
    }

    /// Hashes the routes and the presentations.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(_entries)
        hasher.combine(_presentedLevels)
    }

    /// Whether both states share their storage (then they are equal), in O(1).
    @inlinable
    func _isIdentical(to other: RouterState) -> Bool {
        _entries.isIdentical(to: other._entries) && _presentationsAreIdentical(to: other)
    }

    /// Whether both states share their presentations' storage (then they are equal), in O(1).
    @inlinable
    func _presentationsAreIdentical(to other: RouterState) -> Bool {
        switch (_presentation, other._presentation) {
        case (nil, nil): return true
        case (let mine?, let theirs?):
            return mine === theirs
                || (mine.levels.isIdentical(to: theirs.levels) && mine.topStack.isIdentical(to: theirs.topStack))
        default: return false
        }
    }

    /// The id of the top entry, `nil` at the root.
    @inlinable var _topEntryID: UInt64? { _entries.last?.id }

    /// The ids of this state's entries that `other` no longer holds, down to the first
    /// entry both share (or down to `minimumID`: entries below it are not looked at), in
    /// O(what changed). Ids increase from the bottom of a stack to its top, so both stacks
    /// are walked from the top in step, by id.
    @inlinable
    func _entryIDs(missingFrom other: RouterState, atLeast minimumID: UInt64) -> [UInt64] {
        var removed: [UInt64] = []
        _forEachEntryID(missingFrom: other, atLeast: minimumID) { removed.append($0) }
        return removed
    }

    /// Calls `body` with each id ``_entryIDs(missingFrom:atLeast:)`` gives, in its order,
    /// without collecting them.
    @inlinable
    func _forEachEntryID(missingFrom other: RouterState, atLeast minimumID: UInt64, _ body: (UInt64) -> Void) {
        var mine = _entries.topDown.makeIterator()
        var theirs = other._entries.topDown.makeIterator()
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
                body(entry.id)
                a = mine.next()
            }
        }
    }

    private enum CodingKeys: String, CodingKey {
        case stack, modal, presentations
    }

    /// Decodes `stack` (bottom first) and `presentations` (bottom first); a state saved with
    /// a `modal` instead (before presentations held stacks) decodes as one sheet.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
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
        if !_levels.isEmpty {
            try container.encode(presentations, forKey: .presentations)
        }
    }
}

/// The presentations of a ``RouterState``: its levels, and the topmost one's stack with what
/// is known of its path's length.
///
/// The copy-on-write box of the Performance design article: a state mutates it only while
/// no other state holds it (`isKnownUniquelyReferenced`), and copies it first otherwise, so
/// a box another state (or thread) can see is never written. Hence `@unchecked Sendable`,
/// and no run-time exclusivity checks.
@usableFromInline
final class _PresentationStorage<Route: RouteProvider>: @unchecked Sendable {
    // Unchecked exclusivity: a box is written only by the one state that holds it, so no
    // access can overlap another's (the run-time checks cost a push inside a sheet 15%).
    @exclusivity(unchecked) @usableFromInline var levels = _PersistentStack<_PresentationLevel<Route>>()
    @exclusivity(unchecked) @usableFromInline var topStack = _PersistentStack<_RouteStackEntry<Route>>()
    @exclusivity(unchecked) @usableFromInline var topStackPathLength = _JoinedPathLength()

    @inlinable init() {}

    @inlinable
    init(
        levels: _PersistentStack<_PresentationLevel<Route>>, topStack: _PersistentStack<_RouteStackEntry<Route>>,
        topStackPathLength: _JoinedPathLength
    ) {
        self.levels = levels
        self.topStack = topStack
        self.topStackPathLength = topStackPathLength
    }

    /// A box holding the same presentations.
    @inlinable
    func copy() -> _PresentationStorage {
        _PresentationStorage(levels: levels, topStack: topStack, topStackPathLength: topStackPathLength)
    }
}
