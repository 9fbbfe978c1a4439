import Foundation
import Synchronization

// The pipeline: the steps every navigation takes (`_enqueue`, `_run`, `_commit`), `@inlinable`
// so that they are specialised for `Route`; what only some navigations do (guards, loaders,
// transition handlers, redirects, supersession) is in `Router+Hooks.swift`. The rules the
// core follows (boxes, cost following the work): the Performance design article.
extension Router {
    /// Runs around a navigation's commit, once its guards agreed: for a ``TabRouter`` change
    /// that also dismisses what is shown above the tabs, that dismissal (its guards, then
    /// this navigation's commit, then its own), so the screen on show changes once.
    @usableFromInline typealias _AroundCommit =
        @Sendable (_ commit: @escaping @Sendable () throws(NavigationError) -> Void) async throws(NavigationError) ->
        Void

    /// Takes a turn in the queue and publishes `.started`, synchronously, so turns follow
    /// call order. A navigation started by a hook of this router supersedes nothing: it
    /// fails at once (``NavigationError/reentrantNavigation``), and the navigation running the
    /// hook goes on.
    @inlinable
    func _enqueue(
        _ operation: NavigationOperation<Route>, url: URL?, source: NavigationSource? = nil
    ) -> NavigationRequest<Route> {
        guard options.concurrency == .queue || _isRunningHook else {
            return _enqueueSuperseding(operation, url: url, source: source)
        }
        return _storage.update { storage, publish in
            let request = NavigationRequest(
                id: storage.queue.enqueue(), operation: operation, url: url, source: source)
            publish(.started(request))
            return request
        }
    }

    /// Waits for the request's turn, runs the guards and transition handlers, and commits.
    ///
    /// - Parameters:
    ///   - awaited: For ``navigate(to:returning:)``: the route whose entry's result the
    ///     caller awaits; the commit opens its slot when the navigation shows that route last.
    ///   - result: For ``navigateBack(returning:)``: the value for the entry the operation
    ///     removes (the top entry for `.back(count: 1)`, the modal for `.dismiss`), unless a
    ///     guard redirected it.
    ///   - decide: For the setters of ``RouterModel``: the operation, decided at the
    ///     request's turn from the state then (the request keeps its id; its `.started`
    ///     event showed the operation as guessed when it was made).
    ///   - aroundCommit: For a ``TabRouter`` change that also dismisses what is shown above
    ///     the tabs (see ``_AroundCommit``): run once the guards agreed, with the commit to
    ///     call.
    /// - Returns: The id of the entry whose result slot the commit opened, if any.
    @inlinable
    @discardableResult
    func _run(
        _ request: NavigationRequest<Route>,
        awaiting awaited: Route? = nil,
        delivering result: _ScreenResult? = nil,
        deciding decide: (@Sendable (RouterState<Route>) -> NavigationOperation<Route>)? = nil,
        aroundCommit: _AroundCommit? = nil
    ) async throws(NavigationError) -> UInt64? {
        if _isRunningHook {
            // Started by a hook of this router's running navigation: it would wait forever.
            _leaveQueue(request.id)
            throw _reject(request, .reentrantNavigation)
        }
        // The usual case, nothing queued ahead: the turn and the state in one read, and no
        // continuation. Only the navigation holding the turn changes the stack, so the
        // stack read with the turn is still the router's when this navigation commits.
        let served = _storage.read { $0.queue.isServing(request.id) ? $0.state : nil }
        let hasTurn = served != nil ? true : await _waitForTurn(request.id)
        // The commit leaves the queue in its own critical section; any other end leaves here.
        var committed = false
        defer {
            if !committed { _leaveQueue(request.id) }
        }
        guard hasTurn, !Task.isCancelled else {
            throw _reject(request, .taskCancelled)
        }
        var state = served ?? _storage.read { $0.state }
        let request =
            decide.map { request.deciding($0(state)) } ?? request
        if options.repeatedPush == .ignore, Self._isRepeatedPush(request.operation, on: state) {
            if let aroundCommit {
                return try await _commit(request, state, around: aroundCommit, committed: &committed)
            }
            committed = true
            return try _commit(request, state, opening: nil, delivering: nil)
        }
        var current = request
        // The operations redirected through, from the first redirect on.
        var chain: [NavigationOperation<Route>] = []
        // Once the user agreed to leave, a redirect does not ask again.
        var mayLeave = false
        while true {
            let (hasGuards, hasTransitions, hasLoaders, hasLeaveConditions) = _registeredHookKinds()
            // The entries the operation makes have ids from here on (for the loaders' values).
            let firstNewID = _upcomingRouteStackEntryID()
            // Applying the operation out here keeps route code (`path`, `transition`, `==`)
            // out of the lock.
            var proposed = state
            let destinations = proposed._apply(current.operation, limit: max(policy.maximumHistoryEntries, 1))
            _InternalChecks.check(proposed._invariantViolations(since: state), in: "router state")
            // Loaders run only for the routes an operation shows (a back shows none).
            let selection = _HookSelection(
                guards: hasGuards, transitions: hasTransitions, loaders: hasLoaders && !destinations.isEmpty,
                firstNewID: firstNewID,
                leave: hasLeaveConditions && !mayLeave ? _leavePrompt(from: state, to: proposed) : nil)
            var loaded: [_EntryLoad]?
            var takePreloads: (@Sendable () -> Void)?
            // Without hooks, and without a custom transition (which fails for want of a
            // handler), nobody sees the pending navigation: it is not even made.
            if selection.guards || selection.transitions || selection.loaders || selection.leave != nil
                || destinations.contains(where: { $0._hasCustomTransition })
            {
                let pending = PendingNavigation(request: current, from: state, to: proposed, destinations: destinations)
                let outcome =
                    options.concurrency == .latestWins
                    ? try await _runHooksSupersedably(pending, selection)
                    : try await _runHooks(pending, selection)
                if let redirect = outcome.redirect {
                    mayLeave = mayLeave || selection.leave != nil
                    current = try _redirecting(request, current, to: redirect, chain: &chain)
                    state = _storage.read { $0.state }
                    // `.ignore` applies to what the navigation finally does: a redirect to
                    // the topmost displayed route (a second tap's redirect to the login sheet
                    // the first one presented) completes with no change, as a direct repeat.
                    if options.repeatedPush == .ignore, Self._isRepeatedPush(current.operation, on: state) {
                        if let aroundCommit {
                            return try await _commit(current, state, around: aroundCommit, committed: &committed)
                        }
                        committed = true
                        return try _commit(current, state, opening: nil, delivering: nil)
                    }
                    continue
                }
                loaded = outcome.loads
                takePreloads = outcome.takePreloads
                // A cancellation while hooks ran.
                guard !Task.isCancelled else {
                    throw _reject(current, .taskCancelled)
                }
            }
            // Which entry shows the awaited route is decided out here too (route code).
            let shown = awaited.flatMap {
                Self._shownEntry(of: $0, from: state, to: proposed, request: current)
            }
            let opened: UInt64?
            if let aroundCommit {
                opened = try await _commit(
                    current, proposed, opening: shown, delivering: result, loaded: loaded, around: aroundCommit,
                    committed: &committed)
            } else {
                committed = true
                opened = try _commit(current, proposed, opening: shown, delivering: result, loaded: loaded)
            }
            takePreloads?()
            return opened
        }
    }

    /// ``_commit(_:_:opening:delivering:loaded:)`` called by `aroundCommit`, which runs
    /// first: when it throws before calling it, the navigation fails with its error and
    /// commits nothing; once the commit ran, the navigation stands whatever it throws after.
    @inlinable
    func _commit(
        _ request: NavigationRequest<Route>, _ proposed: RouterState<Route>,
        opening shown: UInt64? = nil, delivering result: _ScreenResult? = nil, loaded: [_EntryLoad]? = nil,
        around aroundCommit: _AroundCommit, committed: inout Bool
    ) async throws(NavigationError) -> UInt64? {
        let outcome = _Locked<Result<UInt64?, NavigationError>?>(nil)
        let commit = { @Sendable () throws(NavigationError) in
            guard outcome.withLock({ $0 == nil }) else { return }
            let result = Result { () throws(NavigationError) in
                try self._commit(request, proposed, opening: shown, delivering: result, loaded: loaded)
            }
            outcome.withLock { $0 = result }
            _ = try result.get()
        }
        var failure: NavigationError?
        do { try await aroundCommit(commit) } catch { failure = error }
        guard let outcome = outcome.withLock({ $0 }) else {
            throw _reject(request, failure ?? .taskCancelled)
        }
        committed = true
        return try outcome.get()
    }

    /// Whether `operation` pushes or presents one route that is already the topmost
    /// displayed one in `state` (see ``NavigationOptions/RepeatedPush/ignore``).
    @inlinable
    static func _isRepeatedPush(_ operation: NavigationOperation<Route>, on state: RouterState<Route>) -> Bool {
        guard case .navigate(let routes) = operation, routes.count == 1, let top = state._topmostDisplayedRoute
        else { return false }
        return top == routes[0]
    }

    /// Installs the state the request's operation made, publishes `.completed` and ends
    /// the request's turn, atomically; resolves the results of the entries that left, and opens the result slot
    /// of entry `shown` (the awaited route's) in the same critical section (so no other
    /// navigation can remove it first). Runs no route code under the lock: entries are
    /// compared by id. O(what changed), not O(stack): the paths are compared from
    /// their ends up to what both stacks share, and the entries that left are looked for
    /// only while someone awaits a result.
    /// - Returns: The id of the entry whose result slot was opened, if any.
    /// - Throws: ``NavigationError/superseded`` when a later navigation took its turn.
    /// - Parameters:
    ///   - loaded: The loaders' values for the entries the navigation made.
    @inlinable
    func _commit(
        _ request: NavigationRequest<Route>,
        _ proposed: RouterState<Route>,
        opening shown: UInt64?,
        delivering result: _ScreenResult?,
        loaded: [_EntryLoad]? = nil
    ) throws(NavigationError) -> UInt64? {
        let committed: _CommitOutcome? = _storage.update { storage, publish in
            // Only under `latestWins` can another navigation have taken the turn.
            guard storage.queue.isServing(request.id) else { return nil }
            let previous = storage.state
            storage.state = proposed
            let deliveries =
                storage.results.isEmpty
                ? []
                : Self._resolveResults(&storage.results, from: previous, to: proposed, request: request, result: result)
            if let shown {
                storage.results.open(shown)
            }
            let released =
                storage.loadedValues.isEmpty && loaded == nil
                ? [] : Self._keepLoadedValues(&storage.loadedValues, loaded, from: previous, to: proposed)
            let next = storage.queue.leave(request.id)
            var action: NavigationAction?
            // Compared from the top down to what both trees share: O(what changed). Runs no
            // route code (the paths were computed when the entries were made).
            if !proposed._hasSameDisplayedPath(as: previous) {
                // The paths are joined when read: building them here would cost O(tree).
                let states = _CommittedStates(previous: previous, proposed: proposed)
                action = NavigationAction(
                    currentPath: { states.proposed.displayedPath }, previousPath: { states.previous.displayedPath },
                    action: request.operation._actionKind
                )
                storage.lastAction = action
            }
            let changed = !proposed._isIdentical(to: previous)
            if changed {
                storage.shownBy = request.source
            }
            storage.journal?.recordCompleted(request, state: proposed, action: action)
            publish(.completed(request, state: proposed, action: action))
            return _CommitOutcome(changed: changed, deliveries: deliveries, next: next, released: released)
        }
        guard let outcome = committed else {
            throw _reject(request, .superseded)
        }
        for delivery in outcome.deliveries {
            delivery.resume()  // after the lock: resuming is a runtime call
        }
        outcome.next?.resume(returning: true)
        if outcome.changed, _statePersistence != nil {
            _saveState()
        }
        return shown
    }

    /// Hands the state to the store's background writer.
    @usableFromInline
    func _saveState() {
        _statePersistence?.save { state }
    }

    /// The id of the entry that `request` showed for `route`, its last destination (that of
    /// a navigation, a replacement or a restored tree, which a guard may have redirected
    /// to): the new topmost presentation for a presented route, the new top entry of the
    /// current level otherwise; `nil` when it showed no new entry for it (a guard redirected
    /// it elsewhere, or the stack keeps no route).
    @usableFromInline
    static func _shownEntry(
        of route: Route,
        from previous: RouterState<Route>,
        to proposed: RouterState<Route>,
        request: NavigationRequest<Route>
    ) -> UInt64? {
        let last: Route? =
            switch request.operation {
            case .navigate(let routes), .replace(let routes): routes.last
            case .restore(let state): state._topmostDisplayedRoute
            case .back, .backTo, .toRoot, .dismiss, .dismissAll: nil
            }
        guard last == route else { return nil }
        if route.transition.presentationStyle != nil {
            guard let entry = proposed._modalEntry, entry.id != previous._modalID else { return nil }
            return entry.id
        }
        guard proposed._currentTop == route, let id = proposed._currentTopEntryID, id != previous._currentTopEntryID
        else { return nil }
        return id
    }
}

extension RouteProvider {
    /// Whether the route is shown by a ``RouteTransition/custom(identifier:)`` transition
    /// (whose handler the navigation awaits).
    @inlinable
    var _hasCustomTransition: Bool {
        if case .custom = transition { true } else { false }
    }
}

/// What a commit did, for the work after unlocking.
@usableFromInline
struct _CommitOutcome: Sendable {
    @usableFromInline let changed: Bool
    @usableFromInline let deliveries: [_ScreenResultDelivery]
    /// The next navigation in the queue, to resume at its turn.
    @usableFromInline let next: _NavigationQueue.Waiter?
    /// The loaded values of the entries that left, released with this outcome, unlocked.
    @usableFromInline let released: [_EntryLoad]

    @inlinable
    init(
        changed: Bool, deliveries: [_ScreenResultDelivery], next: _NavigationQueue.Waiter?,
        released: [_EntryLoad]
    ) {
        self.changed = changed
        self.deliveries = deliveries
        self.next = next
        self.released = released
    }
}

/// A value given to ``Router/navigateBack(returning:)``, on its way to the caller awaiting it.
/// Boxed: every navigation passes an optional one through the pipeline.
@usableFromInline
final class _ScreenResult: Sendable {
    @usableFromInline let value: any Sendable

    @inlinable
    init(value: any Sendable) {
        self.value = value
    }
}

/// The states before and after a commit, for the paths of its ``NavigationAction``, built
/// only when read.
@usableFromInline
final class _CommittedStates<Route: RouteProvider>: Sendable {
    @usableFromInline let previous: RouterState<Route>
    @usableFromInline let proposed: RouterState<Route>

    @inlinable
    init(previous: RouterState<Route>, proposed: RouterState<Route>) {
        self.previous = previous
        self.proposed = proposed
    }
}
