import Synchronization

/// Loaders: data a screen needs, fetched before its navigation commits, kept per stack
/// entry and released when the entry leaves.
extension Router {
    /// Registers a loader: for each route a navigation shows, after the guards allow it and
    /// before its transition handlers, the router awaits `load`; the navigation commits
    /// after every loader has finished, and each value stays with the entry it was loaded
    /// for (read it with ``loaded(_:for:)``) until that entry leaves the tree (popped,
    /// replaced, dismissed).
    ///
    /// ```swift
    /// router.addLoader(named: "product") { (route: AppRoute) async throws -> (any Sendable)? in
    ///     if case .product(let id) = route { try await api.product(id) } else { nil }
    /// }
    /// ```
    ///
    /// A throw cancels the navigation with ``NavigationError/loadFailed(name:reason:)``; a
    /// deadline passing, with ``NavigationError/deadlineExceeded(name:deadline:)``. Each value
    /// is published as ``RouterEvent/loaded(_:loader:route:)``. Under
    /// ``NavigationOptions/Concurrency/latestWins`` a later navigation cancels the loaders
    /// running (they see the cancellation of the task they run in).
    ///
    /// > Note: `load` is `nonisolated(nonsending)`: it runs where the navigation runs, which
    /// > is the global concurrent executor (``navigate(to:)-(Route)`` and the other
    /// > navigation methods are not isolated to any actor), so it hops to no executor of its
    /// > own. A closure isolated to an actor (`{ @MainActor route in ... }`) still runs on
    /// > that actor. With a deadline, it runs in a child task, as guards do.
    /// - Parameters:
    ///   - name: Names the loader in errors and events.
    ///   - deadline: How long it may take for one route, on ``guardClock``; `nil` (the
    ///     default) uses ``defaultGuardDeadline``.
    ///   - load: The value for a route, or `nil` for a route it has nothing for.
    /// - Returns: An id for ``removeGuard(_:)``.
    @discardableResult
    public func addLoader(
        named name: String,
        deadline: Duration? = nil,
        _ load: nonisolated(nonsending) @escaping @Sendable (Route) async throws -> (any Sendable)?
    ) -> NavigationGuardID {
        changeHooks { $0.addLoader(named: name, deadline: deadline, load) }
    }

    /// The value a loader gave for the topmost displayed entry holding `route` that has a
    /// value of type `Value` (with two loaders giving that type, the first registered one's);
    /// `nil` when none does.
    ///
    /// ```swift
    /// let product = router.loaded(Product.self, for: .product(id: 3))
    /// ```
    /// - Parameters:
    ///   - type: The type of the value.
    ///   - route: The route it was loaded for.
    /// - Returns: The value, or `nil`.
    public func loaded<Value>(_ type: Value.Type, for route: Route) -> Value? {
        let (state, values) = _storage.read { ($0.state, $0.loadedValues) }
        guard !values.isEmpty else { return nil }
        var value: Value?
        _ = state._firstDisplayedEntryID { entryRoute, id in
            guard entryRoute == route, let loaded = values.values(of: id) else { return false }
            value = loaded.lazy.compactMap { $0.value as? Value }.first
            return value != nil
        }
        return value
    }

    /// Runs the loaders for `route` now, without navigating (and without guards); the next
    /// navigation that shows `route` within `lifetime` (measured on ``guardClock``) takes
    /// these values instead of running the loaders again. A loader that throws or misses
    /// its deadline leaves nothing for that navigation to take, which then runs the loaders.
    ///
    /// ```swift
    /// await router.preload(.product(id: 4), for: .seconds(30))   // a finger on the cell
    /// ```
    /// - Parameters:
    ///   - route: The route to load for.
    ///   - lifetime: How long the values may wait for a navigation.
    public func preload(_ route: Route, for lifetime: Duration) async {
        guard let snapshot = _storage.read({ $0.loaders }) else { return }
        var values = _SmallArray<_LoadedValue>()
        for loader in snapshot.loaders {
            // A loader that failed or missed its deadline leaves nothing: the navigation loads.
            guard
                case .answered(let value)? = try? await Self.answer(
                    of: loader, for: route, snapshot.defaultDeadline, snapshot.clock)
            else { return }
            if let value {
                values.append(_LoadedValue(loader: loader.name, value: value))
            }
        }
        let preloaded = Preloaded(values: values, age: Self.age(on: snapshot.clock), lifetime: lifetime)
        let stale = hooks.withLock { hooks in
            // Preloads no navigation took are dropped once stale.
            let stale = hooks.preloads.filter { $0.value.age() >= $0.value.lifetime }
            for route in stale.keys { hooks.preloads.removeValue(forKey: route) }
            hooks.preloads[route] = preloaded
            _preloadCount.store(hooks.preloads.count, ordering: .releasing)
            return stale
        }
        // Released here, after the lock: a value's deinit is the app's code.
        withExtendedLifetime(stale) {}
    }

    /// What one loader said for one route: its value (`nil` for nothing), or that its
    /// deadline passed first.
    enum LoaderAnswer {
        case answered((any Sendable)?)
        case deadlinePassed
    }

    /// Runs `loader` for `route`, within its deadline (or `defaultDeadline`) on `clock`.
    /// - Throws: What the loader threw.
    static func answer(
        of loader: _RouterHooks<Route>.Loader, for route: Route, _ defaultDeadline: Duration?,
        _ clock: any Clock<Duration>
    ) async throws -> LoaderAnswer {
        guard let deadline = loader.deadline ?? defaultDeadline else {
            return .answered(try await loader.load(route))
        }
        guard let value = try await GuardDeadline.run(within: deadline, on: clock, { try await loader.load(route) })
        else { return .deadlinePassed }
        return .answered(value)
    }

    /// A reading of `clock` that tells how long ago it was taken.
    static func age<C: Clock<Duration>>(on clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    /// Runs the loaders for each route in `destinations` (or takes their preloaded values).
    /// Inlinable, specialised with the pipeline (run generically, a sixth of a loaded
    /// navigation went to generic metadata lookups). A loader without a deadline is awaited
    /// right here; deadlines, preloads and failures go out of line. Takes the parts of the
    /// pending navigation it reads, not a `PendingNavigation` (the fast path makes none:
    /// building one copied both states for nothing).
    /// - Parameters:
    ///   - destinations: The routes the navigation shows.
    ///   - proposed: The state if the navigation commits (where the entries are found).
    ///   - request: The navigation (rejected here when a loader fails).
    ///   - firstNewID: The id of the first entry the navigation's operation made.
    ///   - given: The loaders, when the caller read them with the turn (`nil`: read here).
    ///   - publishing: Whether each route's values are published here; `false` returns
    ///     their events for the commit to publish in its own critical section (the fast
    ///     path, where nothing runs between the loaders and the commit).
    ///   - marking: Whether each loader runs marked here (see `_GuardedRouters`): the fast
    ///     path marks only the loaders' own code, the hooks' path marks all its hooks.
    /// - Returns: The values, with the id of the entry they were loaded for, and the events
    ///   left to publish.
    @inlinable
    nonisolated(nonsending) func _runLoaders(
        for destinations: [Route], showing proposed: RouterState<Route>, of request: NavigationRequest<Route>,
        newFrom firstNewID: UInt64, given: _LoaderSnapshot<Route>? = nil, publishing: Bool = true,
        marking: Bool = false
    ) async throws(NavigationError) -> (loads: _SmallArray<_EntryLoad>, events: _SmallArray<_LoadEvent<Route>>) {
        // Mirrored in the storage by `changeHooks`: read with the pipeline's own lock.
        var byEntry = _SmallArray<_EntryLoad>()
        var events = _SmallArray<_LoadEvent<Route>>()
        guard let snapshot = given ?? _readLoaders() else { return (byEntry, events) }
        let loaders = snapshot.loaders
        let awaitsInLine = snapshot.defaultDeadline == nil
        for route in destinations {
            var values = _SmallArray<_LoadedValue>()
            if _preloadCount.load(ordering: .acquiring) > 0, let preloaded = _takePreload(of: route) {
                values = preloaded
            } else {
                for index in loaders.indices {
                    let value: (any Sendable)?
                    do throws(NavigationError) {
                        if awaitsInLine, loaders[index].deadline == nil {
                            // Awaited right here under the untyped mark, its error passed as
                            // it is (through a helper and the typed mark, which wraps it in a
                            // `Result`, the loader row measured 0.61x -> 0.58x).
                            let load = loaders[index].load
                            do {
                                value =
                                    marking
                                    ? try await _markingHook { try await load(route) }
                                    : try await load(route)
                            } catch {
                                throw _failure(of: loaders[index], error)
                            }
                        } else {
                            value = try await _runWithinDeadline(
                                loaders[index], for: route, snapshot, marking: marking)
                        }
                    } catch {
                        // The earlier routes' loads are announced before the failure.
                        throw _rejectLoad(request, error, announcing: events)
                    }
                    if let value {
                        values.append(_LoadedValue(loader: loaders[index].name, value: value))
                    }
                }
            }
            guard !values.isEmpty else { continue }
            for value in values {
                events.append(_LoadEvent(loader: value.loader, route: route))
            }
            if publishing {
                _announceOutOfLine(events, of: request)
                events = _SmallArray()
            }
            // Each route's values go to the topmost entry the navigation made for it.
            let entryID = proposed._firstDisplayedEntryID(from: firstNewID) { entryRoute, id in
                entryRoute == route && (byEntry.isEmpty || !byEntry.contains { $0.entryID == id })
            }
            if let entryID {
                byEntry.append(_EntryLoad(entryID: entryID, values: values))
            }
        }
        return (byEntry, events)
    }

    /// Publishes `events` (and records them in the journal) for `request`, in one critical
    /// section; nothing for none.
    @inlinable
    func _announce(_ events: _SmallArray<_LoadEvent<Route>>, of request: NavigationRequest<Route>) {
        guard !events.isEmpty else { return }
        _storage.update { storage, publish in
            for event in events {
                event.publish(for: request, to: &storage, publish)
            }
        }
    }

    /// Why `loader`'s throw fails its navigation: ``NavigationError/loadFailed(name:reason:)``,
    /// or ``NavigationError/taskCancelled`` for the task's own cancellation.
    @usableFromInline
    func _failure(of loader: _RouterHooks<Route>.Loader, _ error: any Error) -> NavigationError {
        error is CancellationError && Task.isCancelled ? .taskCancelled : .loadFailed(name: loader.name, reason: error)
    }

    /// The loaders registered now (`nil` for none), out of line.
    @usableFromInline @inline(never)
    func _readLoaders() -> _LoaderSnapshot<Route>? {
        _storage.read { $0.loaders }
    }

    /// Announces `events`, then rejects `request` for `error` (a loader's failure), out of
    /// line: the loaders' fast path keeps the failure's code out of its async frame.
    /// - Returns: The error to throw.
    @usableFromInline @inline(never)
    func _rejectLoad(
        _ request: NavigationRequest<Route>, _ error: NavigationError, announcing events: _SmallArray<_LoadEvent<Route>>
    ) -> NavigationError {
        _announce(events, of: request)
        return _reject(request, error)
    }

    /// ``_announce(_:of:)`` out of line (the hooks' path, which publishes each route's loads
    /// as they come), so that the fast path's async frame holds none of its state.
    @usableFromInline @inline(never)
    func _announceOutOfLine(_ events: _SmallArray<_LoadEvent<Route>>, of request: NavigationRequest<Route>) {
        _announce(events, of: request)
    }

    /// Runs one loader for one route, within its deadline, marked when `marking` (out of
    /// line: the fast path's async frame holds none of this).
    /// - Throws: Why the navigation fails (not yet rejected).
    @usableFromInline
    nonisolated(nonsending) func _runWithinDeadline(
        _ loader: _RouterHooks<Route>.Loader, for route: Route, _ snapshot: _LoaderSnapshot<Route>, marking: Bool
    ) async throws(NavigationError) -> (any Sendable)? {
        guard !marking else {
            return try await _markingHooks { () async throws(NavigationError) in
                try await _runWithinDeadline(loader, for: route, snapshot, marking: false)
            }
        }
        let answer: LoaderAnswer
        do {
            answer = try await Self.answer(of: loader, for: route, snapshot.defaultDeadline, snapshot.clock)
        } catch {
            throw _failure(of: loader, error)
        }
        switch answer {
        case .answered(let value):
            return value
        case .deadlinePassed:
            let deadline = loader.deadline ?? snapshot.defaultDeadline ?? .zero
            throw .deadlineExceeded(name: loader.name, deadline: deadline)
        }
    }

    /// The preloaded values of `route`, if still fresh; taken: the next navigation uses them.
    @usableFromInline
    func _takePreload(of route: Route) -> _SmallArray<_LoadedValue>? {
        guard
            let preloaded = hooks.withLock({ hooks in
                defer { _preloadCount.store(hooks.preloads.count, ordering: .releasing) }
                return hooks.preloads.removeValue(forKey: route)
            })
        else { return nil }
        return preloaded.age() < preloaded.lifetime ? preloaded.values : nil
    }
}

/// The loaders registered on a router when a navigation's turn came, with the deadline and
/// clock they run on.
/// Boxed: a navigation reads it with one retain.
@usableFromInline
final class _LoaderSnapshot<Route: RouteProvider>: Sendable {
    @usableFromInline let loaders: [_RouterHooks<Route>.Loader]
    @usableFromInline let defaultDeadline: Duration?
    @usableFromInline let clock: any Clock<Duration>

    init(loaders: [_RouterHooks<Route>.Loader], defaultDeadline: Duration?, clock: any Clock<Duration>) {
        self.loaders = loaders
        self.defaultDeadline = defaultDeadline
        self.clock = clock
    }
}

/// What ``Router/preload(_:for:)`` kept for a route.
struct Preloaded: Sendable {
    let values: _SmallArray<_LoadedValue>
    /// How long ago the values were loaded.
    let age: @Sendable () -> Duration
    let lifetime: Duration
}
