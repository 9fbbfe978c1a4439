extension RouterState {
    /// Applies `operation`: the only place a ``NavigationOperation`` changes a state. The
    /// router runs it on a copy, outside its lock (it runs route code: `path`, `transition`,
    /// `==`), shows guards the result, and installs that copy when the navigation commits.
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
            _pop(Swift.min(Swift.max(count, 0), _entries.last?.position ?? 0))
        case .backTo(let route):
            // The topmost entry holding `route`: popped to, or, for a presented one, its stack.
            if let distance = _entries.topDown.enumerated().first(where: { $0.element.route == route })?.offset {
                _pop(distance)
            }
        case .toRoot:
            _entries = _PersistentStack()
        case .replace(let routes):
            // The whole tree is given: every route is in it (a `.replace` route is pushed).
            var replaced = RouterState()
            replaced._show(routes, limit: limit, replacesTop: false)
            _become(replaced)
            return routes
        case .dismiss:
            if let distance = _entries.topDown.enumerated().first(where: { $0.element.isPresented })?.offset {
                _pop(distance + 1)
            }
        case .dismissAll:
            _dismissAllPresentations()
        case .restore(let saved):
            // Fresh entries (the saved state's are not this router's), but for the routes
            // left at the same place, whose entries are kept as `.replace` keeps them.
            _become(saved._renewed(keepingTop: limit))
            return saved.stack + saved.presentations.flatMap { [$0.route] + $0.stack }
        }
        return []
    }

    /// Shows each route by its transition: pushed (`.push`, `.custom`) or replacing the top
    /// route (`.replace`, pushed on an empty stack, or when `replacesTop` is `false`) on the
    /// current level, or presented (`.sheet`, `.fullScreen`, `.modal`) over everything.
    /// A stack pushed past `limit` routes loses its bottom ones, in one pass at the end over
    /// the levels from the lowest that overflowed up (so pushing `k` routes costs
    /// O(k + those levels), not O(k × limit)).
    @inlinable
    mutating func _show(_ routes: [Route], limit: Int, replacesTop: Bool = true) {
        // The lowest level pushed past `limit`, if any.
        var overflowing: Int?
        func pushed(_ overflows: Bool) {
            guard overflows, let level = _entries.last?.level else { return }
            overflowing = Swift.min(overflowing ?? level, level)
        }
        for route in routes {
            switch route.transition {
            case .push, .custom:
                pushed(_push(route, limit: limit))
            case .replace where !replacesTop:
                pushed(_push(route, limit: limit))
            case .replace:
                // The same route (equal, with the same path) replacing itself keeps its entry.
                let path = _RouteStackEntry<Route>.entryPath(route.path)
                guard let top = _entries.last, !top.isPresented else {
                    pushed(_push(route, path: path, limit: limit))
                    break
                }
                if top.route != route || top.path != path {
                    _pop(1)
                    pushed(_push(route, path: path, limit: limit))
                }
            case .modal, .sheet, .fullScreen:
                let level = _entries.last?.level ?? 0
                _present(route, style: route.transition == .fullScreen ? .fullScreen : .sheet, limit: limit)
                // Past `limit` presentations, the bottom one went: the levels above moved down.
                if let lowest = overflowing, (_entries.last?.level ?? 0) <= level {
                    overflowing = Swift.max(lowest - 1, 0)
                }
            }
        }
        if let overflowing {
            _dropOverflow(limit: limit, from: overflowing)
        }
    }

    /// Becomes `other`, keeping its own entries (their ids, and so their loaded values and
    /// awaited results) where both trees hold the same routes (with the same paths), shown
    /// the same way, from the bottom up.
    @usableFromInline
    mutating func _become(_ other: RouterState) {
        let mine = _entries.bottomFirst
        let theirs = other._entries.bottomFirst
        var kept = 0
        while kept < Swift.min(mine.count, theirs.count), mine[kept] == theirs[kept],
            mine[kept].path == theirs[kept].path
        {
            kept += 1
        }
        _pop(mine.count - kept)
        for entry in theirs[kept...] {
            _entries.push(_RouteStackEntry(moving: entry, onto: _entries.last))
        }
    }

    /// Pushes `route` on the current level.
    /// - Parameter path: The route's entry path, when computed already.
    /// - Returns: Whether that level's stack now holds more than `limit` routes (see
    ///   ``_dropOverflow(limit:)``).
    @inlinable
    mutating func _push(_ route: Route, path: String? = nil, limit: Int) -> Bool {
        let below = _entries.last
        _entries.push(
            path.map { _RouteStackEntry(route, path: $0, id: _nextRouteStackEntryID(), style: nil, onto: below) }
                ?? _RouteStackEntry(route, style: nil, onto: below))
        return (_entries.last?.position ?? 0) > limit
    }

    /// Presents `route` over everything shown, with an empty stack of its own; when more
    /// than `limit` presentations would be shown, the bottom one goes, with its stack.
    @inlinable
    mutating func _present(_ route: Route, style: PresentationStyle, limit: Int) {
        guard limit > 0 else { return }
        if let top = _entries.last, top.level >= limit {
            // The bottom presentation goes with its stack; the others keep their entries.
            let presented = Array(_entries.topDown.prefix { $0.level > 0 }.reversed())
            let kept = presented.dropFirst().drop { !$0.isPresented }
            _dismissAllPresentations()
            for entry in kept {
                _entries.push(_RouteStackEntry(moving: entry, onto: _entries.last))
            }
        }
        _link(route, style: style)
    }

    /// Links a new entry for `route` on top.
    @inlinable
    mutating func _link(_ route: Route, style: PresentationStyle?) {
        _entries.push(_RouteStackEntry(route, style: style, onto: _entries.last))
    }

    /// Pops `k` entries.
    @inlinable
    mutating func _pop(_ k: Int) {
        for _ in 0..<k {
            _entries.popLast()
        }
    }

    /// Removes every presentation.
    @inlinable
    mutating func _dismissAllPresentations() {
        while let top = _entries.last, top.level > 0 {
            _entries.popLast()
        }
    }

    /// Presents each of `presentations` over what is shown, in new entries.
    mutating func _presentAll(_ presentations: [Presentation<Route>]) {
        for presentation in presentations {
            _link(presentation.route, style: presentation.style)
            for route in presentation.stack {
                _link(route, style: nil)
            }
        }
    }

    /// Drops the bottom pushed entries of each stack holding more than `limit` (at least 1),
    /// from level `lowest` up, keeping the other entries (their ids and paths): one pass
    /// over those levels, the ones below untouched.
    @usableFromInline
    mutating func _dropOverflow(limit: Int, from lowest: Int) {
        let limit = Swift.max(limit, 1)
        var above: [_RouteStackEntry<Route>] = []
        while let top = _entries.last, top.level >= lowest {
            above.append(top)
            _entries.popLast()
        }
        let entries = Array(above.reversed())
        var start = 0
        while start < entries.count {
            // A level: its presented entry (none for the base stack), then its pushed ones.
            let pushedStart = entries[start].isPresented ? start + 1 : start
            var end = pushedStart
            while end < entries.count, !entries[end].isPresented {
                end += 1
            }
            let kept = entries[start..<pushedStart] + entries[Swift.max(end - limit, pushedStart)..<end]
            for entry in kept {
                _entries.push(_RouteStackEntry(moving: entry, onto: _entries.last))
            }
            start = end
        }
    }

    /// The state with only the top `limit` routes (at least one) of each stack and the top
    /// `limit` presentations, when it holds more.
    @usableFromInline
    func _limited(to limit: Int) -> RouterState {
        let limit = Swift.max(limit, 1)
        let presentations = presentations
        guard count > limit || presentations.count > limit || presentations.contains(where: { $0.stack.count > limit })
        else { return self }
        return _renewed(keepingTop: limit)
    }

    /// The same routes and presentations (at most the top `limit` routes of each stack and
    /// the top `limit` presentations, at least one each) in new entries, with new ids.
    @usableFromInline
    func _renewed(keepingTop limit: Int = .max) -> RouterState {
        let limit = Swift.max(limit, 1)
        return RouterState(
            stack: Array(stack.suffix(limit)),
            presentations: presentations.suffix(limit).map {
                Presentation($0.route, style: $0.style, stack: Array($0.stack.suffix(limit)))
            })
    }
}
