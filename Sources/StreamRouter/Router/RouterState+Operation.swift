extension RouterState {
    /// Applies `operation`: the only place a ``NavigationOperation`` changes a state. The
    /// router runs it on a copy, outside its lock, shows guards the result, and installs
    /// that copy when the navigation commits.
    ///
    /// Pushes and pops act on the current level: the topmost presentation's stack while one
    /// is shown, else the base stack.
    ///
    /// - Parameter limit: The most routes each stack keeps (and the most presentations); a
    ///   push beyond it drops the bottom one.
    /// - Returns: The routes the operation shows: the routes navigated to (or replaced
    ///   with), in order; empty for moves back and dismissals.
    @inlinable
    @discardableResult
    mutating func _apply(_ operation: NavigationOperation<Route>, limit: Int) -> [Route] {
        switch operation {
        case .navigate(let routes):
            _show(routes, limit: limit)
            return routes
        case .back(let count):
            _removeLastOnCurrentLevel(count)
        case .backTo(let route):
            _back(to: route)
        case .toRoot:
            _dismissAllPresentations()
            _removeAll()
        case .replace(let routes):
            _dismissAllPresentations()
            _removeAll()
            _show(routes, limit: limit)
            return routes
        case .dismiss:
            _dismissTopPresentation()
        case .dismissAll:
            _dismissAllPresentations()
        case .restore(let saved):
            // Fresh entries: the saved state's are not this router's (their paths are).
            self = saved._renewed(keepingTop: limit)
            return saved.stack + saved.presentations.flatMap { [$0.route] + $0.stack }
        }
        return []
    }

    /// Shows each route by its transition: pushed (`.push`, `.custom`) or replacing the top
    /// route (`.replace`, pushed on an empty stack) on the current level, or presented
    /// (`.sheet`, `.fullScreen`, `.modal`) over everything. Each new pushed entry is made
    /// next to the one it replaces or is pushed onto, whose path it takes when it holds the
    /// same route.
    @inlinable
    mutating func _show(_ routes: [Route], limit: Int) {
        for route in routes {
            switch route.transition {
            case .push, .custom:
                _pushOnCurrentLevel(route, limit: limit, replacingTop: false)
            case .replace:
                _pushOnCurrentLevel(route, limit: limit, replacingTop: true)
            case .modal, .sheet:
                _present(route, style: .sheet, limit: limit)
            case .fullScreen:
                _present(route, style: .fullScreen, limit: limit)
            }
        }
    }

    /// Presents `route` over everything shown, with an empty stack of its own (its entry
    /// takes the path of the presentation it is shown over when it holds the same route).
    /// The stack of the presentation it covers moves into that presentation's node.
    @inlinable
    mutating func _present(_ route: Route, style: PresentationStyle, limit: Int) {
        if var covered = _levels.last, !covered.stack.isIdentical(to: _topStack) {
            _levels.popLast()
            covered.stack = _topStack
            covered.stackPathLength = _topStackPathLength
            _levels.push(covered)
        }
        _levels.push(
            _PresentationLevel(_RouteStackEntry(route, neighbour: _levels.last?.entry), style: style), limit: limit)
        _topStack = _PersistentStack()
        _topStackPathLength = _JoinedPathLength()
    }

    /// Removes the topmost presentation; the one below it, if any, becomes the topmost, with
    /// the stack its node kept.
    @inlinable
    mutating func _dismissTopPresentation() {
        _levels.popLast()
        _takeTopStackFromLevels()
    }

    /// Makes the topmost level's node's stack the current ``_topStack`` (empty when nothing
    /// is presented): after the levels changed below it.
    @inlinable
    mutating func _takeTopStackFromLevels() {
        _topStack = _levels.last?.stack ?? _PersistentStack()
        _topStackPathLength = _levels.last?.stackPathLength ?? _JoinedPathLength()
    }

    /// Removes every presentation.
    @inlinable
    mutating func _dismissAllPresentations() {
        _levels = _PersistentStack()
        _topStack = _PersistentStack()
        _topStackPathLength = _JoinedPathLength()
    }

    /// Pushes `route` onto the topmost presentation's stack, or the base stack, in place of
    /// that stack's top route when `replacingTop`.
    @inlinable
    mutating func _pushOnCurrentLevel(_ route: Route, limit: Int, replacingTop: Bool) {
        if !_hasPresentations {
            let neighbour = _entries.last
            if replacingTop { _removeLast(1) }
            _push(route, limit: limit, neighbour: neighbour)
        } else {
            let presented = _uniquePresentation()
            let neighbour = presented.topStack.last
            if replacingTop { presented.topStack.removeLast(1, pathLength: &presented.topStackPathLength) }
            presented.topStack.push(
                route, limit: limit, neighbour: neighbour, pathLength: &presented.topStackPathLength)
        }
    }

    /// Pops `k` routes of the topmost presentation's stack (never the presentation
    /// itself), or of the base stack.
    @inlinable
    mutating func _removeLastOnCurrentLevel(_ k: Int) {
        if !_hasPresentations {
            _removeLast(k)
        } else {
            let presented = _uniquePresentation()
            presented.topStack.removeLast(k, pathLength: &presented.topStackPathLength)
        }
    }

    /// The id of the current level's top entry: the topmost presentation's top pushed
    /// entry (`nil` at its root), or the base stack's top entry.
    @inlinable var _currentTopEntryID: UInt64? {
        guard let box = _presentation, !box.levels.isEmpty else { return _entries.last?.id }
        return box.topStack.last?.id
    }

    /// The route shown on top of everything: the topmost presentation's top pushed route,
    /// or its route when nothing is pushed inside, or the base stack's top route.
    @inlinable var _topmostDisplayedRoute: Route? {
        guard let box = _presentation else { return _entries.last?.route }
        if let pushed = box.topStack.last { return pushed.route }
        return box.levels.last?.entry.route ?? _entries.last?.route
    }

    /// The current level's top route (as ``_currentTopEntryID``).
    @inlinable var _currentTop: Route? {
        guard let box = _presentation, !box.levels.isEmpty else { return _entries.last?.route }
        return box.topStack.last?.route
    }

    /// Goes back to the topmost occurrence of `route`, looking from the top down: in the
    /// topmost presentation's stack (pops to it), as that presentation's route (pops its
    /// stack to the root), then in the levels below, dismissing every presentation above
    /// the level where it is found; last in the base stack. Nothing changes when the route
    /// is nowhere.
    @usableFromInline
    mutating func _back(to route: Route) {
        var remaining = _levels
        var stack = _topStack
        var stackPathLength = _topStackPathLength
        while let level = remaining.last {
            if let distance = stack.distanceFromTop(to: route) {
                stack.removeLast(distance, pathLength: &stackPathLength)
            } else if level.entry.route == route {
                stack = _PersistentStack()
                stackPathLength = _JoinedPathLength()
            } else {
                remaining.popLast()
                stack = remaining.last?.stack ?? _PersistentStack()
                stackPathLength = remaining.last?.stackPathLength ?? _JoinedPathLength()
                continue
            }
            _levels = remaining
            _topStack = stack
            _topStackPathLength = stackPathLength
            return
        }
        if let distance = _distanceFromTop(to: route) {
            _dismissAllPresentations()
            _removeLast(distance)
        }
    }

    /// The ids of every presented entry and every entry pushed inside a presentation.
    @usableFromInline
    var _presentedEntryIDs: Set<UInt64> {
        var ids: Set<UInt64> = []
        for level in _presentedLevels {
            ids.insert(level.entry.id)
            for entry in level.stack.topDown {
                ids.insert(entry.id)
            }
        }
        return ids
    }
}
