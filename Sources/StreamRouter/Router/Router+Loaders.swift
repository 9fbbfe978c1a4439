import Synchronization

/// Loaders: data a screen needs, fetched before its navigation commits, kept per stack
/// entry and released when the entry leaves.
extension Router {
    /// Registers a loader: for each route a navigation shows, after the guards allow it and
    /// before its transition handlers, the router awaits `load`; the navigation commits
    /// after every loader has finished, and each value stays with the entry it was loaded
    /// for (read it with ``loaded(_:for:)``) until that entry leaves the tree (popped,
    /// replaced, dismissed). A route whose entry the navigation keeps (``replace(with:)``
    /// leaving it at its place, a `.replace` route replacing itself) keeps its values and
    /// runs no loader.
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
    ///
    /// A value no navigation took is released when its lifetime ends: a timer on
    /// ``guardClock`` drops it then (one timer for all the router's preloads), not at some
    /// later call. A later preload of the same route replaces (and releases) the values kept
    /// for it. Changing ``guardClock`` moves the values kept to the new clock with the time
    /// they have left. Preloaded values are found by route: a preload, and a navigation
    /// taking one, cost the same however many preloads wait (a list preloading each cell
    /// as it appears may keep thousands).
    /// - Parameters:
    ///   - route: The route to load for.
    ///   - lifetime: How long the values may wait for a navigation.
    public func preload(_ route: Route, for lifetime: Duration) async {
        let (loaders, defaultDeadline, clock) = _hooks.withLock { ($0.loaders, $0.defaultDeadline, $0.clock) }
        guard !loaders.isEmpty else { return }
        var values: [_LoadedValue] = []
        for loader in loaders {
            // A loader that failed or missed its deadline leaves nothing: the navigation loads.
            guard case .answered(let value)? = try? await Self.answer(of: loader, for: route, defaultDeadline, clock)
            else { return }
            if let value {
                values.append(_LoadedValue(loader: loader.name, value: value))
            }
        }
        let (replaced, stopped) = _hooks.withLock { hooks in
            let (replaced, stopped, start) = hooks.preloads.keep(
                values, for: route, lifetime: lifetime, on: hooks.clock)
            if let start {
                hooks.preloads.started(_preloadTimer(start), for: start)
            }
            return (replaced, stopped)
        }
        stopped?.cancel()
        // Released here, after the lock: a value's deinit is the app's code.
        withExtendedLifetime(replaced) {}
    }

    /// Moves the preloaded values to `clock` (``guardClock`` was set), under the hooks' lock.
    /// - Returns: The timer stopped, to cancel after unlocking.
    func _movePreloads(_ hooks: inout _RouterHooks<Route>, to clock: any Clock<Duration>) -> Task<Void, Never>? {
        guard hooks.preloads.count > 0 else { return nil }
        let stopped = hooks.preloads.move(to: clock)
        if let start = hooks.preloads.restartTimer() {
            hooks.preloads.started(_preloadTimer(start), for: start)
        }
        return stopped
    }

    /// The timer of the preloaded values: sleeps until `start`'s deadline, drops the values
    /// whose time has ended (released after unlocking), and sleeps again until the next,
    /// until none is kept or a newer timer replaces it. Started under the hooks' lock (its
    /// first step waits for it); it keeps the router alive only while it drops values.
    private func _preloadTimer(_ start: _Preloads<Route>.TimerStart) -> Task<Void, Never> {
        Task { [weak self] in
            var next: Duration? = start.deadline
            while let deadline = next {
                do {
                    try await start.clock.sleep(untilElapsed: deadline)
                } catch {
                    return
                }
                guard let self else { return }
                let expired: [_Preloads<Route>.Entry]
                (expired, next) = _hooks.withLock { $0.preloads.expire(timer: start.generation) }
                withExtendedLifetime(expired) {}
            }
        }
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

    /// Runs the loaders for each route in `destinations` (or uses their preloaded values),
    /// publishing each route's loads as they come.
    /// - Parameters:
    ///   - destinations: The routes the navigation shows.
    ///   - proposed: The state if the navigation commits (where the entries are found).
    ///   - request: The navigation (rejected here when a loader fails).
    ///   - firstNewID: The id of the first entry the navigation's operation made.
    /// - Returns: The values, with the id of the entry they were loaded for, and, when
    ///   preloaded values were used, what takes them once the navigation commits (a refused
    ///   navigation leaves them for the next).
    func _runLoaders(
        for destinations: [Route], showing proposed: RouterState<Route>, of request: NavigationRequest<Route>,
        newFrom firstNewID: UInt64
    ) async throws(NavigationError) -> (loads: [_EntryLoad], takePreloads: (@Sendable () -> Void)?) {
        let (loaders, defaultDeadline, clock) = _hooks.withLock { ($0.loaders, $0.defaultDeadline, $0.clock) }
        var byEntry: [_EntryLoad] = []
        var preloadsUsed: [(route: Route, id: UInt64)] = []
        for route in destinations {
            // The topmost entry the navigation made for the route (an entry it kept has its
            // values already, and runs no loader).
            let made = proposed._firstDisplayedEntryID(from: firstNewID) { entryRoute, id in
                entryRoute == route && !byEntry.contains { $0.entryID == id }
            }
            guard let entryID = made else { continue }
            var values: [_LoadedValue] = []
            if !preloadsUsed.contains(where: { $0.route == route }),
                let preloaded = _hooks.withLock({ $0.preloads.fresh(route) })
            {
                values = preloaded.values
                preloadsUsed.append((route, preloaded.id))
            } else {
                for loader in loaders {
                    let answer: LoaderAnswer
                    do {
                        answer = try await Self.answer(of: loader, for: route, defaultDeadline, clock)
                    } catch {
                        let reason: NavigationError =
                            error is CancellationError && Task.isCancelled
                            ? .taskCancelled : .loadFailed(name: loader.name, reason: error)
                        throw _reject(request, reason)
                    }
                    switch answer {
                    case .answered(let value?):
                        values.append(_LoadedValue(loader: loader.name, value: value))
                    case .answered(nil):
                        break
                    case .deadlinePassed:
                        let deadline = loader.deadline ?? defaultDeadline ?? .zero
                        throw _reject(request, .deadlineExceeded(name: loader.name, deadline: deadline))
                    }
                }
            }
            guard !values.isEmpty else { continue }
            _storage.update { storage, publish in
                for value in values {
                    storage.journal?.recordLoad(request, loader: value.loader, route: route)
                    publish(.loaded(request, loader: value.loader, route: route))
                }
            }
            byEntry.append(_EntryLoad(entryID: entryID, values: values))
        }
        guard !preloadsUsed.isEmpty else { return (byEntry, nil) }
        return (byEntry, { [weak self, preloadsUsed] in self?._takePreloads(preloadsUsed) })
    }

    /// Takes the preloaded values a committed navigation used (those a later preload has not
    /// replaced), and releases them after the lock. O(1) each.
    func _takePreloads(_ used: [(route: Route, id: UInt64)]) {
        let taken = _hooks.withLock { hooks in used.compactMap { hooks.preloads.remove($0.route, id: $0.id) } }
        withExtendedLifetime(taken) {}
    }
}
