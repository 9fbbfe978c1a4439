import Foundation
import Synchronization

// Client specialisation: the steps every navigation takes (`enqueue`, `run`, `commit`, and
// the `RouterState` operations they call) are `@inlinable`, so that they are compiled in
// the module that names `Route`, specialised. Compiled once, generically, they spent over a
// third of an `openURL` asking the runtime for the metadata of `RouterState<Route>`,
// `RouterEvent<Route>` and the like (measured by the Benchmarks' `open-url` row). What only
// some navigations do (waiting behind another one, running hooks, redirecting, failing)
// stays out of line, in `@usableFromInline` functions.
extension Router {
    /// Takes a turn in the queue and publishes `.started`, synchronously, so turns follow
    /// call order.
    @inlinable
    func enqueue(_ operation: NavigationOperation<Route>, url: URL?) -> NavigationRequest<Route> {
        guard options.concurrency == .queue else {
            return enqueueSuperseding(operation, url: url)
        }
        return storage.update { storage, publish in
            let request = NavigationRequest(id: storage.queue.enqueue(), operation: operation, url: url)
            publish(.started(request))
            return request
        }
    }

    /// ``enqueue(_:url:)`` for ``NavigationOptions/Concurrency/latestWins``: takes the turn
    /// at once, from every earlier navigation that has not committed. Those waiting are
    /// resumed and throw ``NavigationError/superseded``; the hooks of the one being served
    /// are cancelled (it throws when they return, or when it tries to commit).
    @inlinable
    func enqueueSuperseding(_ operation: NavigationOperation<Route>, url: URL?) -> NavigationRequest<Route> {
        let (request, waiters, running) = storage.update { storage, publish in
            let request = NavigationRequest(id: storage.queue.enqueue(), operation: operation, url: url)
            publish(.started(request))
            let waiters = storage.queue.supersede(before: request.id)
            let running = storage.runningHooks
            storage.runningHooks = nil
            return (request, waiters, running)
        }
        // After the lock: resuming and cancelling are runtime calls.
        for waiter in waiters {
            waiter.resume(returning: false)
        }
        running?.cancel()
        if hasAsyncMappings {
            supersedeURLResolutions()
        }
        return request
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
    /// - Returns: The id of the entry whose result slot the commit opened, if any.
    @inlinable
    @discardableResult
    func run(
        _ request: NavigationRequest<Route>,
        awaiting awaited: Route? = nil,
        delivering result: ScreenResult? = nil,
        deciding decide: (@Sendable (RouterState<Route>) -> NavigationOperation<Route>)? = nil
    ) async throws(NavigationError) -> UInt64? {
        if isRunningHook {
            // Started by a hook of this router's running navigation: it would wait forever.
            leaveQueue(request.id)
            throw reject(request, .reentrantNavigation)
        }
        // The usual case, nothing queued ahead: the turn and the state in one read, and no
        // continuation. Only the navigation holding the turn changes the stack, so the
        // stack read with the turn is still the router's when this navigation commits.
        let served = storage.read { $0.queue.isServing(request.id) ? $0.state : nil }
        let hasTurn = served != nil ? true : await waitForTurn(request.id)
        // The commit leaves the queue in its own critical section; any other end leaves here.
        var committed = false
        defer {
            if !committed { leaveQueue(request.id) }
        }
        guard hasTurn, !Task.isCancelled else {
            throw reject(request, .taskCancelled)
        }
        var state = served ?? storage.read { $0.state }
        let request =
            decide.map { NavigationRequest(id: request.id, operation: $0(state), url: request.url) } ?? request
        if options.repeatedPush == .ignore, Self.isRepeatedPush(request.operation, on: state) {
            committed = true
            return try commit(request, state, opening: nil, delivering: nil)
        }
        var current = request
        // The operations redirected through, from the first redirect on.
        var chain: [NavigationOperation<Route>] = []
        var ranHooks = false
        while true {
            let kinds = hookKinds.load(ordering: .acquiring)
            let hasGuards = kinds & HookKinds.guards != 0
            let hasTransitions = kinds & HookKinds.transitions != 0
            let hasLoaders = kinds & HookKinds.loaders != 0
            // The entries the operation makes have ids from here on (for the loaders' values).
            let firstNewID = hasLoaders ? upcomingRouteStackEntryID() : 0
            // Applying the operation out here keeps route code (`path`, `transition`, `==`)
            // out of the lock.
            var proposed = state
            let destinations = proposed.apply(current.operation, limit: policy.maximumHistoryEntries)
            var loaded: [_EntryLoad]?
            // Loaders run only for the routes an operation shows (a back shows none).
            let runsLoaders = hasLoaders && !destinations.isEmpty
            let needsHooks =
                hasGuards || hasTransitions || destinations.contains(where: { $0.hasCustomTransition })
            if runsLoaders, !needsHooks, options.concurrency == .queue {
                // Loaders alone, queued: run here, specialised (see `_runLoaders`).
                ranHooks = true
                let pending = PendingNavigation(request: current, from: state, to: proposed, destinations: destinations)
                loaded = try await _markingHooks { () async throws(NavigationError) in
                    try await _runLoaders(pending, newFrom: firstNewID)
                }
            } else if needsHooks || runsLoaders {
                // Without hooks, and without a custom transition (which fails for want of a
                // handler), nobody sees the pending navigation: it is not even made.
                let pending = PendingNavigation(request: current, from: state, to: proposed, destinations: destinations)
                ranHooks = true
                let selection = HookSelection(
                    guards: hasGuards, transitions: hasTransitions, loaders: runsLoaders, firstNewID: firstNewID)
                let outcome =
                    options.concurrency == .latestWins
                    ? try await runHooksSupersedably(pending, selection)
                    : try await runHooks(pending, selection)
                if let redirect = outcome.redirect {
                    current = try redirecting(request, current, to: redirect, chain: &chain)
                    state = storage.read { $0.state }
                    continue
                }
                loaded = outcome.loads
            }
            // A cancellation while hooks ran. (Without hooks, nothing ran since the check
            // with the turn.)
            guard !ranHooks || !Task.isCancelled else {
                throw reject(current, .taskCancelled)
            }
            // Which entry shows the awaited route is decided out here too (route code).
            let shown = awaited.flatMap {
                Self.shownEntry(of: $0, from: state, to: proposed, request: current)
            }
            committed = true
            return try commit(current, proposed, opening: shown, delivering: result, loaded: loaded)
        }
    }

    /// Whether `operation` pushes or presents one route that is already the topmost
    /// displayed one in `state` (see ``NavigationOptions/RepeatedPush/ignore``).
    @inlinable
    static func isRepeatedPush(_ operation: NavigationOperation<Route>, on state: RouterState<Route>) -> Bool {
        guard case .navigate(let routes) = operation, routes.count == 1, let top = state.topmostDisplayedRoute
        else { return false }
        return top == routes[0]
    }

    /// ``runHooks(_:guards:transitions:)`` in a task of its own, registered so that a later
    /// navigation can cancel it (``NavigationOptions/Concurrency/latestWins``); the calling
    /// task's cancellation cancels it too.
    @usableFromInline
    func runHooksSupersedably(
        _ pending: PendingNavigation<Route>,
        _ kinds: HookSelection
    ) async throws(NavigationError) -> HooksOutcome<Route> {
        let ticket = pending.request.id
        let work = Task { () async -> Result<HooksOutcome<Route>, NavigationError> in
            do throws(NavigationError) {
                return .success(try await self.runHooks(pending, kinds))
            } catch {
                return .failure(error)
            }
        }
        let isServed = storage.update { storage, _ in
            guard storage.queue.isServing(ticket) else { return false }
            storage.runningHooks = RunningHooks(ticket: ticket, cancel: { work.cancel() })
            return true
        }
        if !isServed {
            work.cancel()  // superseded before its hooks started
        }
        let outcome = await withTaskCancellationHandler {
            await work.value
        } onCancel: {
            work.cancel()
        }
        storage.update { storage, _ in
            if storage.runningHooks?.ticket == ticket {
                storage.runningHooks = nil
            }
        }
        return try outcome.get()
    }

    /// Whether the current task runs a hook of this router (see `GuardedRouters`). While no
    /// task runs one, no task's set holds the router: that costs one atomic load, not a
    /// task-local read. (A task a hook started that navigates after the hook returned is
    /// not re-entrant: the navigation that ran the hook is no longer in the way.)
    @usableFromInline
    var isRunningHook: Bool {
        hooksRunning.load(ordering: .acquiring) > 0 && GuardedRouters.contains(self)
    }

    /// Runs `body` with this router marked on the task (see `GuardedRouters`) and counted in
    /// ``hooksRunning``.
    @inlinable
    nonisolated(nonsending) func _markingHooks<T>(
        _ body: nonisolated(nonsending) () async throws(NavigationError) -> T
    ) async throws(NavigationError) -> T {
        hooksRunning.add(1, ordering: .acquiringAndReleasing)
        defer { hooksRunning.subtract(1, ordering: .acquiringAndReleasing) }
        return try await GuardedRouters.marking(self, body)
    }

    /// Runs the guards, then (when none redirected) the loaders and the transition
    /// handlers, of `pending`. Hooks run marked (see `GuardedRouters`); with none
    /// registered, nothing can navigate re-entrantly, so the marking (a task-local value and
    /// a counter) is skipped.
    /// - Returns: The operation a guard redirected to, or the loaders' values.
    @usableFromInline
    func runHooks(
        _ pending: PendingNavigation<Route>, _ kinds: HookSelection
    ) async throws(NavigationError)
        -> HooksOutcome<Route>
    {
        if kinds.guards,
            let redirect = try await _markingHooks({ () async throws(NavigationError) in
                try await check(pending)
            })
        {
            return HooksOutcome(redirect: redirect, loads: nil)
        }
        var loads: [_EntryLoad]?
        if kinds.loaders {
            loads = try await _markingHooks { () async throws(NavigationError) in
                try await _runLoaders(pending, newFrom: kinds.firstNewID)
            }
        }
        if kinds.transitions {
            try await _markingHooks { () async throws(NavigationError) in
                try await performTransitions(pending)
            }
        } else {
            try await performTransitions(pending)
        }
        return HooksOutcome(redirect: nil, loads: loads)
    }

    /// Records a guard's redirect of `current` (the attempt `request` led to) in `chain`,
    /// and publishes it.
    /// - Returns: The redirected request.
    /// - Throws: ``NavigationError/redirectLoop(chain:)`` when the chain circles or grows
    ///   past ``maximumRedirects``.
    @usableFromInline
    func redirecting(
        _ request: NavigationRequest<Route>,
        _ current: NavigationRequest<Route>,
        to redirect: NavigationOperation<Route>,
        chain: inout [NavigationOperation<Route>]
    ) throws(NavigationError) -> NavigationRequest<Route> {
        if chain.isEmpty {
            chain.append(request.operation)
        }
        chain.append(redirect)
        if chain.dropLast().contains(redirect) || chain.count > Self.maximumRedirects + 1 {
            throw reject(current, .redirectLoop(chain: chain.map(\.description)))
        }
        let next = current.redirected(to: redirect)
        storage.update { storage, publish in
            storage.redirectedRequest = request
            publish(.redirected(current, to: next))
        }
        return next
    }

    /// Runs every guard on `pending`.
    /// - Returns: The operation to redirect to, or `nil` when every guard allowed it.
    private func check(_ pending: PendingNavigation<Route>) async throws(NavigationError) -> NavigationOperation<Route>?
    {
        let (guards, defaultDeadline, clock) = hooks.withLock { ($0.guards, $0.defaultDeadline, $0.clock) }
        for registered in guards {
            let answer: GuardDecision<Route>?
            let deadline = registered.deadline ?? defaultDeadline
            do {
                if let deadline {
                    answer = try await GuardDeadline.run(within: deadline, on: clock) {
                        try await registered.check(pending)
                    }
                } else {
                    answer = try await registered.check(pending)
                }
            } catch {
                let reason: NavigationError =
                    Self.isTaskCancellation(error)
                    ? .taskCancelled : .cancelledByGuard(name: registered.name, reason: error)
                throw reject(pending.request, reason)
            }
            guard let decision = answer else {
                // Only a deadline answers `nil`.
                throw reject(pending.request, .deadlineExceeded(name: registered.name, deadline: deadline ?? .zero))
            }
            switch decision.kind {
            case .allow:
                continue
            case .cancel(let reason):
                throw reject(pending.request, .cancelledByGuard(name: registered.name, reason: reason))
            case .redirect(let operation):
                return operation
            }
        }
        return nil
    }

    /// Awaits the handler of each custom transition among the routes shown.
    private func performTransitions(_ pending: PendingNavigation<Route>) async throws(NavigationError) {
        for route in pending.destinations {
            guard case .custom(let identifier) = route.transition else { continue }
            let (registered, defaultDeadline, clock) = hooks.withLock {
                ($0.transitions[identifier], $0.defaultDeadline, $0.clock)
            }
            guard let registered else {
                throw reject(pending.request, .missingTransitionHandler(identifier: identifier))
            }
            let deadline = registered.deadline ?? defaultDeadline
            let finished: Bool
            do {
                if let deadline {
                    finished =
                        try await GuardDeadline.run(within: deadline, on: clock) {
                            try await registered.perform(route, pending)
                            return true
                        } ?? false
                } else {
                    try await registered.perform(route, pending)
                    finished = true
                }
            } catch {
                let reason: NavigationError =
                    Self.isTaskCancellation(error)
                    ? .taskCancelled : .transitionCancelled(identifier: identifier, reason: error)
                throw reject(pending.request, reason)
            }
            guard finished else {
                // Only a deadline ends it unfinished.
                throw reject(pending.request, .deadlineExceeded(name: identifier, deadline: deadline ?? .zero))
            }
        }
    }

    /// Whether a hook's error is the navigating task's own cancellation: a
    /// `CancellationError` thrown while that task is cancelled (a hook that called
    /// `Task.checkCancellation()` or a cancelled `Task.sleep`). It is reported as
    /// ``NavigationError/taskCancelled``, like a cancellation seen between the steps. A
    /// `CancellationError` while the task is not cancelled (from some other task the hook
    /// awaited) stays the hook's answer.
    private static func isTaskCancellation(_ error: any Error) -> Bool {
        error is CancellationError && Task.isCancelled
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
    /// - Parameter loaded: The loaders' values for the entries the navigation made.
    @inlinable
    func commit(
        _ request: NavigationRequest<Route>,
        _ proposed: RouterState<Route>,
        opening shown: UInt64?,
        delivering result: ScreenResult?,
        loaded: [_EntryLoad]? = nil
    ) throws(NavigationError) -> UInt64? {
        let committed: CommitOutcome? = storage.update { storage, publish in
            // Only under `latestWins` can another navigation have taken the turn.
            guard storage.queue.isServing(request.id) else { return nil }
            let previous = storage.state
            storage.state = proposed
            let deliveries =
                storage.results.isEmpty
                ? []
                : Self.resolveResults(&storage.results, from: previous, to: proposed, request: request, result: result)
            if let shown {
                storage.results.open(shown)
            }
            let released =
                storage.loadedValues.isEmpty && loaded == nil
                ? [] : Self.keepLoadedValues(&storage.loadedValues, loaded, from: previous, to: proposed)
            let next = storage.queue.leave(request.id)
            var action: NavigationAction?
            // A path not computed yet counts as changed (no route code runs under the lock),
            // as does a stack change that leaves the displayed path as it was (a sheet
            // dismissed as a route with its path is pushed): both publish an action, maybe
            // with equal paths (`paths` skips it).
            let stackChanged = proposed.hasSamePath(as: previous) != true
            let presentationsChanged = !proposed.presentationsAreIdentical(to: previous)
            if stackChanged
                || (presentationsChanged && proposed.hasSamePath(as: previous, includingModal: true) != true)
            {
                // The paths are joined when read: building them here would cost O(stack). Both
                // closures capture one object, which is then their context: one allocation.
                let states = CommittedStates(previous: previous, proposed: proposed)
                action = NavigationAction(
                    currentPath: { states.proposed.displayedPath }, previousPath: { states.previous.displayedPath },
                    action: request.operation.actionKind
                )
                storage.lastAction = action
            }
            let event = RouterEvent.completed(request, state: proposed, action: action)
            Self.record(event, into: storage.journal)
            publish(event)
            return CommitOutcome(
                changed: !proposed.isIdentical(to: previous), deliveries: deliveries, next: next, released: released
            )
        }
        guard let outcome = committed else {
            throw reject(request, .superseded)
        }
        for delivery in outcome.deliveries {
            delivery.resume()  // after the lock: resuming is a runtime call
        }
        outcome.next?.resume(returning: true)
        if outcome.changed, persistence != nil {
            saveState()
        }
        return shown
    }

    /// Records `event` in `journal`, if any: directly (specialised) when it is a
    /// `RouterJournalRecorder`, through the protocol otherwise. The type is compared by
    /// identity (the class is final): an `as?` from the constrained existential goes
    /// through the runtime's general cast, which cost a tab's recording more than it saved.
    @inlinable
    static func record(_ event: RouterEvent<Route>, into journal: (any JournalSink<Route>)?) {
        guard let journal else { return }
        let object: AnyObject = journal
        if ObjectIdentifier(type(of: object)) == ObjectIdentifier(RouterJournalRecorder<Route>.self) {
            unsafeDowncast(object, to: RouterJournalRecorder<Route>.self).record(event)
        } else {
            journal.record(event)
        }
    }

    /// Hands the state to the store's background writer.
    @usableFromInline
    func saveState() {
        persistence?.save { state }
    }

    /// Resolves the result slots of the entries (and modal) that left between `previous`
    /// and `proposed`: with `result` for the entry the unredirected request removes, `nil`
    /// for the others.
    /// - Returns: The waiting callers to resume, after unlocking.
    @usableFromInline
    static func resolveResults(
        _ results: inout ScreenResults,
        from previous: RouterState<Route>,
        to proposed: RouterState<Route>,
        request: NavigationRequest<Route>,
        result: ScreenResult?
    ) -> [ScreenResultDelivery] {
        guard !results.isEmpty else { return [] }
        var target: UInt64?
        if result != nil, request.redirectedFrom.isEmpty {
            switch request.operation {
            case .dismiss: target = previous.modalID
            case .back(count: 1): target = previous.currentTopEntryID
            default: break
            }
        }
        let left = entryIDsThatLeft(from: previous, to: proposed, atLeast: results.lowestID)
        var deliveries: [ScreenResultDelivery] = []
        for id in left {
            let value = id == target ? result?.value : nil
            if let continuation = results.resolve(id, with: value) {
                deliveries.append(ScreenResultDelivery(continuation: continuation, value: value))
            }
        }
        return deliveries
    }

    /// The ids of the entries of `previous` (from `minimumID` on) that `proposed` no longer
    /// holds, in O(what changed).
    @inlinable
    static func entryIDsThatLeft(
        from previous: RouterState<Route>, to proposed: RouterState<Route>, atLeast minimumID: UInt64
    ) -> [UInt64] {
        var left: [UInt64] = []
        forEachEntryIDThatLeft(from: previous, to: proposed, atLeast: minimumID) { left.append($0) }
        return left
    }

    /// Calls `body` with each id ``entryIDsThatLeft(from:to:atLeast:)`` gives, without
    /// collecting them.
    @inlinable
    static func forEachEntryIDThatLeft(
        from previous: RouterState<Route>, to proposed: RouterState<Route>, atLeast minimumID: UInt64,
        _ body: (UInt64) -> Void
    ) {
        previous.forEachEntryID(missingFrom: proposed, atLeast: minimumID, body)
        if previous._hasPresentations, !previous.presentationsAreIdentical(to: proposed) {
            // Presentations are few and short: compare their entries' ids as sets.
            for id in previous.presentedEntryIDs.subtracting(proposed.presentedEntryIDs) {
                body(id)
            }
        }
    }

    /// Drops the loaded values of the entries that left and keeps those of the entries the
    /// navigation made.
    /// - Returns: The values dropped, to release after unlocking (a value's deinit is the
    ///   app's code).
    @inlinable
    static func keepLoadedValues(
        _ values: inout [UInt64: [LoadedValue]],
        _ loaded: [_EntryLoad]?,
        from previous: RouterState<Route>,
        to proposed: RouterState<Route>
    ) -> [LoadedValue] {
        // One entry leaving (a pop) hands its own array over: nothing is allocated.
        var released: [LoadedValue] = []
        if !values.isEmpty {
            // Only entries from the lowest one holding values on can matter: the walk stops
            // there (O(what changed above it), whatever the stack's length below).
            let lowest = values.keys.min() ?? 0
            forEachEntryIDThatLeft(from: previous, to: proposed, atLeast: lowest) { id in
                guard let gone = values.removeValue(forKey: id) else { return }
                if released.isEmpty {
                    released = gone
                } else {
                    released += gone
                }
            }
        }
        for load in loaded ?? [] {
            values[load.entryID] = load.values
        }
        return released
    }

    /// The id of the entry that `request` showed for `route`, its last destination: the new
    /// topmost presentation for a presented route, the new top entry of the current level
    /// otherwise; `nil` when it showed no new entry for it (a guard redirected it
    /// elsewhere, or the stack keeps no route).
    @usableFromInline
    static func shownEntry(
        of route: Route,
        from previous: RouterState<Route>,
        to proposed: RouterState<Route>,
        request: NavigationRequest<Route>
    ) -> UInt64? {
        guard case .navigate(let routes) = request.operation, routes.last == route else { return nil }
        if route.transition.presentationStyle != nil {
            guard let entry = proposed.modalEntry, entry.id != previous.modalID else { return nil }
            return entry.id
        }
        guard proposed.currentTop == route, let id = proposed.currentTopEntryID, id != previous.currentTopEntryID
        else { return nil }
        return id
    }

    /// Publishes `.cancelled` or `.failed`.
    /// - Returns: `error`, to throw.
    /// A navigation a later one superseded is rejected as ``NavigationError/superseded``,
    /// whatever stopped it (its hooks saw the cancellation, or it was waiting).
    @usableFromInline
    func reject(_ request: NavigationRequest<Route>, _ error: NavigationError) -> NavigationError {
        storage.update { storage, publish in
            let error = storage.queue.wasSuperseded(request.id) ? .superseded : error
            let event: RouterEvent = error.isCancellation ? .cancelled(request, error) : .failed(request, error)
            storage.journal?.record(event)
            publish(event)
            return error
        }
    }

    /// Suspends until it is `ticket`'s turn.
    /// - Returns: `true` at its turn, `false` when the task was cancelled first.
    @usableFromInline
    func waitForTurn(_ ticket: NavigationQueue.Ticket) async -> Bool {
        // The usual case, nothing queued ahead: no continuation, no cancellation handler.
        if storage.read({ $0.queue.isServing(ticket) }) {
            return !Task.isCancelled
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let now = storage.update { storage, _ in
                    storage.queue.wait(for: ticket, continuation: continuation, isCancelled: Task.isCancelled)
                }
                if let now {
                    continuation.resume(returning: now)
                }
            }
        } onCancel: {
            let waiter = storage.update { storage, _ in storage.queue.cancelWait(for: ticket) }
            waiter?.resume(returning: false)
        }
    }

    /// Ends `ticket`'s turn (or gives it up) and wakes the next navigation.
    @inlinable
    func leaveQueue(_ ticket: NavigationQueue.Ticket) {
        let next = storage.update { storage, _ in storage.queue.leave(ticket) }
        next?.resume(returning: true)
    }

    /// Suspends until the result of entry `id` comes (or its slot is given up): the value
    /// given to ``navigateBack(returning:)``, or `nil`.
    @usableFromInline
    func waitForResult(of id: UInt64) async -> (any Sendable)? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: ScreenResults.Continuation) in
                let now = storage.update { storage, _ in
                    storage.results.wait(for: id, continuation: continuation, isCancelled: Task.isCancelled)
                }
                if let now {
                    continuation.resume(returning: now)
                }
            }
        } onCancel: {
            let waiter = storage.update { storage, _ in storage.results.cancel(id) }
            waiter?.resume(returning: nil)
        }
    }
}

extension RouteProvider {
    /// Whether the route is shown by a ``RouteTransition/custom(identifier:)`` transition
    /// (whose handler the navigation awaits).
    @inlinable
    var hasCustomTransition: Bool {
        if case .custom = transition { true } else { false }
    }
}

/// What a commit did, for the work after unlocking.
@usableFromInline
struct CommitOutcome: Sendable {
    @usableFromInline let changed: Bool
    @usableFromInline let deliveries: [ScreenResultDelivery]
    /// The next navigation in the queue, to resume at its turn.
    @usableFromInline let next: NavigationQueue.Waiter?
    /// The loaded values of the entries that left, released with this outcome, unlocked.
    @usableFromInline let released: [LoadedValue]

    @inlinable
    init(
        changed: Bool, deliveries: [ScreenResultDelivery], next: NavigationQueue.Waiter?, released: [LoadedValue]
    ) {
        self.changed = changed
        self.deliveries = deliveries
        self.next = next
        self.released = released
    }
}

/// Which kinds of hooks a navigation runs.
@usableFromInline
struct HookSelection: Sendable {
    @usableFromInline let guards: Bool
    @usableFromInline let transitions: Bool
    @usableFromInline let loaders: Bool
    /// The id of the first entry the navigation's operation made (for the loaders' values).
    @usableFromInline let firstNewID: UInt64

    @inlinable
    init(guards: Bool, transitions: Bool, loaders: Bool, firstNewID: UInt64) {
        self.guards = guards
        self.transitions = transitions
        self.loaders = loaders
        self.firstNewID = firstNewID
    }
}

/// What a navigation's hooks decided: a guard's redirect, or the loaders' values.
@usableFromInline
struct HooksOutcome<Route: RouteProvider>: Sendable {
    @usableFromInline let redirect: NavigationOperation<Route>?
    @usableFromInline let loads: [_EntryLoad]?
}

/// A value given to ``Router/navigateBack(returning:)``, on its way to the caller awaiting it.
/// A class: every navigation passes an optional one through the pipeline, and an optional
/// reference is copied with a retain, an optional existential through value-witness calls.
@usableFromInline
final class ScreenResult: Sendable {
    @usableFromInline let value: any Sendable

    @inlinable
    init(value: any Sendable) {
        self.value = value
    }
}

/// The states before and after a commit, for the paths of its ``NavigationAction``, built
/// only when read.
@usableFromInline
final class CommittedStates<Route: RouteProvider>: Sendable {
    @usableFromInline let previous: RouterState<Route>
    @usableFromInline let proposed: RouterState<Route>

    @inlinable
    init(previous: RouterState<Route>, proposed: RouterState<Route>) {
        self.previous = previous
        self.proposed = proposed
    }
}
