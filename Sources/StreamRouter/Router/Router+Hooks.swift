import Foundation
import Synchronization

// The slow path of a navigation: what only some navigations do (supersede the ones before
// them, run guards, loaders and transition handlers, follow redirects). The steps every
// navigation takes are in `Router+Pipeline.swift`.
extension Router {
    /// ``_enqueue(_:url:source:)`` for ``NavigationOptions/Concurrency/latestWins``: takes the turn
    /// at once, from every earlier navigation that has not committed. Those waiting are
    /// resumed and throw ``NavigationError/superseded``; the hooks of the one being served
    /// are cancelled (it throws when they return, or when it tries to commit).
    @inlinable
    func _enqueueSuperseding(
        _ operation: NavigationOperation<Route>, url: URL?, source: NavigationSource?
    ) -> NavigationRequest<Route> {
        let (request, superseding, running) = _storage.update {
            storage, publish -> (NavigationRequest<Route>, [_NavigationQueue.Waiter]?, _RunningHooks?) in
            let request = NavigationRequest(
                id: storage.queue.enqueue(), operation: operation, url: url, source: source)
            publish(.started(request))
            // A saved state being restored is shown first: this navigation waits for it.
            guard storage.restorations == 0 else { return (request, nil, nil) }
            let waiters = storage.queue.supersede(before: request.id)
            let running = storage.runningHooks
            storage.runningHooks = nil
            return (request, waiters, running)
        }
        guard let superseding else { return request }
        // After the lock: resuming and cancelling are runtime calls.
        for waiter in superseding {
            waiter.resume(returning: false)
        }
        running?.cancel()
        if _hasAwaitedMappings {
            _supersedeURLResolutions()
        }
        return request
    }

    /// ``_runHooks(_:guards:transitions:)`` in a task of its own, registered so that a later
    /// navigation can cancel it (``NavigationOptions/Concurrency/latestWins``); the calling
    /// task's cancellation cancels it too.
    @usableFromInline
    func _runHooksSupersedably(
        _ pending: PendingNavigation<Route>,
        _ kinds: _HookSelection
    ) async throws(NavigationError) -> _HooksOutcome<Route> {
        let ticket = pending.request.id
        let work = Task { () async -> Result<_HooksOutcome<Route>, NavigationError> in
            do throws(NavigationError) {
                return .success(try await self._runHooks(pending, kinds))
            } catch {
                return .failure(error)
            }
        }
        let isServed = _storage.update { storage, _ in
            guard storage.queue.isServing(ticket) else { return false }
            storage.runningHooks = _RunningHooks(ticket: ticket, cancel: { work.cancel() })
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
        _storage.update { storage, _ in
            if storage.runningHooks?.ticket == ticket {
                storage.runningHooks = nil
            }
        }
        return try outcome.get()
    }

    /// Whether the current task runs a hook of this router (see `_GuardedRouters`). A task a
    /// hook started that navigates after the hook returned is not re-entrant: the navigation
    /// that ran the hook is no longer in the way.
    @usableFromInline
    var _isRunningHook: Bool {
        _hooksRunning.load(ordering: .acquiring) > 0 && _GuardedRouters.contains(self)
    }

    /// Runs `body` with this router marked on the task (see `_GuardedRouters`) and counted in
    /// ``_hooksRunning``.
    nonisolated(nonsending) func _markingHooks<T>(
        _ body: nonisolated(nonsending) () async throws(NavigationError) -> T
    ) async throws(NavigationError) -> T {
        _hooksRunning.add(1, ordering: .acquiringAndReleasing)
        defer { _hooksRunning.subtract(1, ordering: .acquiringAndReleasing) }
        return try await _GuardedRouters.marking(self, body)
    }

    /// Runs the guards, then (when none redirected) the loaders and the transition
    /// handlers, of `pending`. Hooks run marked (see `_GuardedRouters`); with none
    /// registered, nothing can navigate re-entrantly, so the marking (a task-local value and
    /// a counter) is skipped.
    /// - Returns: The operation a guard redirected to, or the loaders' values.
    /// Which kinds of hooks are registered now: guards, transition handlers, loaders.
    /// Inlinable with the pipeline, so that it is specialised: run generically, its reads of
    /// the hooks' collections looked up their types' metadata on every navigation.
    @inlinable
    func _registeredHookKinds() -> (guards: Bool, transitions: Bool, loaders: Bool, leaveConditions: Bool) {
        _hooks.withLock {
            (!$0.guards.isEmpty, !$0.transitions.isEmpty, !$0.loaders.isEmpty, !$0.leaveConditions.isEmpty)
        }
    }

    @usableFromInline
    func _runHooks(
        _ pending: PendingNavigation<Route>, _ kinds: _HookSelection
    ) async throws(NavigationError)
        -> _HooksOutcome<Route>
    {
        if let leave = kinds.leave {
            try await confirm(pending, asking: "leave", prompt: leave)
        }
        if kinds.guards,
            let redirect = try await _markingHooks({ () async throws(NavigationError) in
                try await check(pending)
            })
        {
            return _HooksOutcome(redirect: redirect, loads: nil)
        }
        var loads: (loads: [_EntryLoad], takePreloads: (@Sendable () -> Void)?)?
        if kinds.loaders {
            loads = try await _markingHooks { () async throws(NavigationError) in
                try await _runLoaders(
                    for: pending.destinations, showing: pending.to, of: pending.request, newFrom: kinds.firstNewID)
            }
        }
        if kinds.transitions {
            try await _markingHooks { () async throws(NavigationError) in
                try await performTransitions(pending)
            }
        } else {
            try await performTransitions(pending)
        }
        return _HooksOutcome(redirect: nil, loads: loads?.loads, takePreloads: loads?.takePreloads)
    }

    /// Records a guard's redirect of `current` (the attempt `request` led to) in `chain`,
    /// and publishes it.
    /// - Returns: The redirected request.
    /// - Throws: ``NavigationError/redirectLoop(chain:)`` when the chain circles or grows
    ///   past ``maximumRedirects``.
    @usableFromInline
    func _redirecting(
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
            throw _reject(current, .redirectLoop(chain: chain.map(\.description)))
        }
        let next = current.redirected(to: redirect)
        // A guard of a navigation a later one superseded answers too late: it is not kept
        // for `resumeRedirected()`, and nothing is published.
        let isSuperseded = _storage.update { storage, publish in
            guard !storage.queue.wasSuperseded(current.id) else { return true }
            storage.redirectedRequest = request
            publish(.redirected(current, to: next))
            return false
        }
        if isSuperseded { throw _reject(current, .superseded) }
        return next
    }

    /// Runs every guard on `pending`.
    /// - Returns: The operation to redirect to, or `nil` when every guard allowed it.
    private func check(_ pending: PendingNavigation<Route>) async throws(NavigationError) -> NavigationOperation<Route>?
    {
        let (guards, defaultDeadline, clock) = _hooks.withLock { ($0.guards, $0.defaultDeadline, $0.clock) }
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
                throw _reject(pending.request, reason)
            }
            guard let decision = answer else {
                // Only a deadline answers `nil`.
                throw _reject(pending.request, .deadlineExceeded(name: registered.name, deadline: deadline ?? .zero))
            }
            switch decision.kind {
            case .allow:
                continue
            case .cancel(let reason):
                throw _reject(pending.request, .cancelledByGuard(name: registered.name, reason: reason))
            case .redirect(let operation):
                return operation
            case .confirm(let prompt):
                try await confirm(pending, asking: registered.name, prompt: prompt)
            }
        }
        return nil
    }

    /// Publishes a confirmation of `pending` asked by `guardName` and waits for its answer
    /// (while a journal replays, gives the recorded one at once, declining one the recording
    /// has none for); returns when the user proceeds.
    /// - Throws: ``NavigationError/cancelledByGuard(name:reason:)`` with
    ///   ``ConfirmationDeclined`` when the user cancels; ``NavigationError/taskCancelled``
    ///   (``NavigationError/superseded`` when a later navigation took the turn) when the
    ///   navigation ended unanswered.
    private func confirm(
        _ pending: PendingNavigation<Route>, asking guardName: String, prompt: any Sendable
    ) async throws(NavigationError) {
        let confirmation = PendingConfirmation(request: pending.request, guardName: guardName, prompt: prompt)
        // A guard of a navigation a later one superseded asks too late: the confirmation
        // pending (the later navigation's, if any) stays.
        let isSuperseded = _storage.update { storage, publish in
            guard !storage.queue.wasSuperseded(pending.request.id) else { return true }
            storage.confirmation = confirmation
            publish(.confirmationRequested(confirmation))
            return false
        }
        if isSuperseded { throw _reject(pending.request, .superseded) }
        let recorded = _hooks.withLock { hooks -> Bool? in
            guard hooks.replayAnswers != nil else { return nil }
            // Replaying: the recorded answer. A confirmation the recording did not ask is
            // declined, so that the replay reports the step as diverging instead of waiting.
            return hooks.replayAnswers?.isEmpty == false ? hooks.replayAnswers?.removeFirst() : false
        }
        if let recorded {
            confirmation.answer.answer(recorded ? .proceeded : .cancelled)
        }
        let outcome = await confirmation.answer.wait()
        _storage.update { storage, publish in
            if storage.confirmation == confirmation {
                storage.confirmation = nil
            }
            storage.journal?.recordConfirmation(pending.request, proceeded: outcome == .proceeded)
            publish(.confirmationEnded(confirmation, proceeded: outcome == .proceeded))
        }
        switch outcome {
        case .proceeded:
            return
        case .cancelled:
            throw _reject(pending.request, .cancelledByGuard(name: guardName, reason: ConfirmationDeclined()))
        case .withdrawn:
            throw _reject(pending.request, .taskCancelled)
        }
    }

    /// Awaits the handler of each custom transition among the routes shown.
    private func performTransitions(_ pending: PendingNavigation<Route>) async throws(NavigationError) {
        for route in pending.destinations {
            guard case .custom(let identifier) = route.transition else { continue }
            let (registered, defaultDeadline, clock) = _hooks.withLock {
                ($0.transitions[identifier], $0.defaultDeadline, $0.clock)
            }
            guard let registered else {
                throw _reject(pending.request, .missingTransitionHandler(identifier: identifier))
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
                throw _reject(pending.request, reason)
            }
            guard finished else {
                // Only a deadline ends it unfinished.
                throw _reject(pending.request, .deadlineExceeded(name: identifier, deadline: deadline ?? .zero))
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
}

/// Which kinds of hooks a navigation runs.
@usableFromInline
struct _HookSelection: Sendable {
    @usableFromInline let guards: Bool
    @usableFromInline let transitions: Bool
    @usableFromInline let loaders: Bool
    /// The id of the first entry the navigation's operation made (for the loaders' values).
    @usableFromInline let firstNewID: UInt64
    /// The prompt of the leave condition an entry the navigation removes meets, if any: the
    /// user is asked before the guards run.
    @usableFromInline let leave: (any Sendable)?

    @inlinable
    init(guards: Bool, transitions: Bool, loaders: Bool, firstNewID: UInt64, leave: (any Sendable)? = nil) {
        self.guards = guards
        self.transitions = transitions
        self.loaders = loaders
        self.firstNewID = firstNewID
        self.leave = leave
    }
}

/// What a navigation's hooks decided: a guard's redirect, or the loaders' values (and what
/// takes the preloaded ones among them once the navigation commits).
@usableFromInline
struct _HooksOutcome<Route: RouteProvider>: Sendable {
    @usableFromInline let redirect: NavigationOperation<Route>?
    @usableFromInline let loads: [_EntryLoad]?
    @usableFromInline var takePreloads: (@Sendable () -> Void)? = nil
}
