extension Router {
    /// Applies the state read from the store (see ``init(initialState:store:restoring:guards:urlMatchers:policy:options:)``)
    /// as a navigation through the guards, then reports how it went, also on
    /// ``StatePersisting/persistenceEvents``.
    ///
    /// ```swift
    /// let router = Router<AppRoute>(store: store, restoring: .throughGuards)
    /// router.addGuard(named: "auth") { pending in
    ///     pending.destinations.contains(.checkout) && !session.isLoggedIn ? .cancel(AuthError.loggedOut) : .allow
    /// }
    /// await router.restore()      // [cart, checkout] saved by a logged-in run stays unshown
    /// ```
    ///
    /// The navigation is a ``NavigationOperation/restore(_:)``: it takes its turn in the
    /// queue, publishes its ``RouterEvent``s like any other, and guards see the saved routes
    /// in ``PendingNavigation/destinations`` (the stack, then the modal). The outcome:
    /// - ``PersistenceEvent/restored``: the guards allowed it; the saved state is shown.
    /// - ``PersistenceEvent/restoreRedirected(to:)``: a guard redirected it; the redirect was
    ///   applied instead (from the initial state).
    /// - ``PersistenceEvent/restoreRefused(_:)``: a guard cancelled it (or it failed); the
    ///   router keeps its initial state, and the store is untouched until the next change.
    /// - ``PersistenceEvent/nothingSaved`` or ``PersistenceEvent/restoreFailed(_:)``: nothing
    ///   usable was saved (known since the router was made); nothing is navigated.
    ///
    /// Called from inside a guard, preparation or transition handler of this router, it
    /// returns ``PersistenceEvent/restoreRefused(_:)`` with
    /// ``NavigationError/reentrantNavigation`` at once, records nothing and keeps the saved
    /// state for a later call.
    ///
    /// Call it once, after registering guards and before navigating: navigations called
    /// earlier run first (the queue is first in, first out), and their saves overwrite the
    /// saved state in the store (not the one this call applies). Later calls apply nothing and
    /// return the first outcome.
    ///
    /// For a router given guards at creation (`Router(store:guards:)`), the restoration
    /// started then, as the router's first navigation; this call only awaits its outcome
    /// (from inside one of the router's hooks it returns at once: the outcome if known, else
    /// ``PersistenceEvent/restoreRefused(_:)`` with ``NavigationError/reentrantNavigation``).
    /// - Returns: How restoring went; `nil` for a router made without a store.
    @discardableResult
    public func restore() async -> PersistenceEvent? {
        guard let _statePersistence else { return nil }
        if let started = _hooks.withLock({ $0.startedRestoration }) {
            if _isRunningHook {
                // From inside a hook of this router: the restoration may be the navigation
                // running the hook, so awaiting it would wait forever.
                return _statePersistence.restoration ?? .restoreRefused(NavigationError.reentrantNavigation)
            }
            return await started.value
        }
        if _isRunningHook, let saved = _hooks.withLock({ $0.savedState }) {
            // From inside a hook it fails at once: keep the saved state for a later call.
            return await applyRestored(saved)
        }
        guard let saved = _hooks.withLock({ $0.savedState.take() }) else {
            // Known, or being applied by a concurrent call.
            return await _statePersistence.awaitRestoration()
        }
        let outcome = await applyRestored(saved)
        _statePersistence.record(outcome)
        return outcome
    }

    /// Starts applying `saved` through the guards (for a router given guards at creation):
    /// its turn in the queue is taken now, so navigations called later run after it; it runs
    /// in a detached task (no caller's task-locals), and ``restore()`` awaits its outcome.
    func startRestoring(_ saved: RouterState<Route>) {
        let pending = beginRestoring(saved)
        let task = Task.detached { [self] in
            let outcome = await finishRestoring(pending)
            _statePersistence?.record(outcome)
            return outcome
        }
        _hooks.withLock { $0.startedRestoration = task }
    }

    /// Applies a saved state through the guards (the work of ``restore()``), without
    /// recording the outcome.
    /// - Returns: `.restored`, `.restoreRedirected(to:)` or `.restoreRefused(_:)`.
    func applyRestored(_ saved: RouterState<Route>) async -> PersistenceEvent {
        await finishRestoring(beginRestoring(saved))
    }

    /// A restoration whose turn in the queue is taken.
    struct PendingRestoration: Sendable {
        let request: NavigationRequest<Route>
        /// Subscribed before the request was enqueued, to see its redirects.
        let events: SubjectStream<RouterEvent<Route>>
    }

    /// Takes the turn of a restoration of `saved` (publishing its start).
    func beginRestoring(_ saved: RouterState<Route>) -> PendingRestoration {
        let events = self.events
        // Until it ends, navigations called under `.latestWins` wait for it.
        _storage.update { storage, _ in storage.restorations += 1 }
        return PendingRestoration(request: _enqueue(.restore(saved), url: nil), events: events)
    }

    /// Runs a restoration to its end.
    /// - Returns: `.restored`, `.restoreRedirected(to:)` or `.restoreRefused(_:)`.
    func finishRestoring(_ pending: PendingRestoration) async -> PersistenceEvent {
        defer { _storage.update { storage, _ in storage.restorations -= 1 } }
        do {
            try await _run(pending.request)
            return await Self.redirect(of: pending.request, in: pending.events)
                .map { .restoreRedirected(to: $0.description) } ?? .restored
        } catch {
            return .restoreRefused(error)
        }
    }

    /// Applies `state` (a saved stack and modal) as one navigation through the guards, as
    /// ``restore()`` does for the router's store: for apps that keep the state themselves,
    /// and for a ``TabRouter`` restoring each tab's stack. The entries of the routes it
    /// leaves at the same place are kept, with their loaded values and awaited results, as
    /// ``replace(with:)`` keeps them.
    ///
    /// - Parameter state: The state to show.
    /// - Throws: ``NavigationError`` when a guard cancels it (or it fails); the state is
    ///   then unchanged. A guard may redirect it instead.
    public func restore(_ state: RouterState<Route>) async throws(NavigationError) {
        try await perform(.restore(state))
    }

    /// The operation `request` was last redirected to, read from `events` up to its end.
    private static func redirect(
        of request: NavigationRequest<Route>,
        in events: SubjectStream<RouterEvent<Route>>
    ) async -> NavigationOperation<Route>? {
        var target: NavigationOperation<Route>?
        for await event in events where event.request?.id == request.id {
            switch event {
            case .redirected(_, let next): target = next.operation
            case .completed, .cancelled, .failed: return target
            case .started, .loaded, .urlNotHandled, .urlHandledByAction, .confirmationRequested, .confirmationEnded:
                continue
            }
        }
        return target
    }
}
