import Foundation

extension Router {
    /// Takes a turn in the queue and publishes `.started`, synchronously, so turns follow
    /// call order.
    func enqueue(_ operation: NavigationOperation<Route>, url: URL?) -> NavigationRequest<Route> {
        storage.update { storage, publish in
            let request = NavigationRequest(id: storage.queue.enqueue(), operation: operation, url: url)
            publish(.started(request))
            return request
        }
    }

    /// Waits for the request's turn, runs the guards and transition handlers, and commits.
    func run(_ request: NavigationRequest<Route>) async throws(NavigationError) {
        let hasTurn = await waitForTurn(request.id)
        defer { leaveQueue(request.id) }
        guard hasTurn, !Task.isCancelled else {
            throw reject(request, .taskCancelled)
        }
        var current = request
        var chain = [request.operation]
        while true {
            // Only the navigation holding the turn changes the stack, so the stack read here
            // is still the router's when this navigation commits. Applying the operation out
            // here keeps route code (`path`, `transition`, `==`) out of the lock.
            let state = storage.read { $0.state }
            var proposed = state
            let destinations = proposed.apply(current.operation, limit: policy.maximumHistoryEntries)
            let pending = PendingNavigation(request: current, from: state, to: proposed, destinations: destinations)
            guard let redirect = try await check(pending) else {
                try await performTransitions(pending)
                guard !Task.isCancelled else {
                    throw reject(current, .taskCancelled)
                }
                commit(current, proposed)
                return
            }
            chain.append(redirect)
            if chain.dropLast().contains(redirect) || chain.count > Self.maximumRedirects + 1 {
                throw reject(current, .redirectLoop(chain: chain.map(\.description)))
            }
            let next = current.redirected(to: redirect)
            storage.update { _, publish in publish(.redirected(current, to: next)) }
            current = next
        }
    }

    /// Runs every guard on `pending`.
    /// - Returns: The operation to redirect to, or `nil` when every guard allowed it.
    private func check(_ pending: PendingNavigation<Route>) async throws(NavigationError) -> NavigationOperation<Route>?
    {
        let guards = hooks.withLock { $0.guards }
        for registered in guards {
            let decision: GuardDecision<Route>
            do {
                decision = try await registered.check(pending)
            } catch {
                let reason: NavigationError =
                    Self.isTaskCancellation(error)
                    ? .taskCancelled : .cancelledByGuard(name: registered.name, reason: error)
                throw reject(pending.request, reason)
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
            guard let handler = hooks.withLock({ $0.transitions[identifier] }) else {
                throw reject(pending.request, .missingTransitionHandler(identifier: identifier))
            }
            do {
                try await handler(route, pending)
            } catch {
                let reason: NavigationError =
                    Self.isTaskCancellation(error)
                    ? .taskCancelled : .transitionCancelled(identifier: identifier, reason: error)
                throw reject(pending.request, reason)
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

    /// Installs the state the request's operation made and publishes `.completed`,
    /// atomically. O(1) in the stack's size: the paths are compared from their ends up to
    /// what both stacks share.
    private func commit(_ request: NavigationRequest<Route>, _ proposed: RouterState<Route>) {
        let changed = storage.update { storage, publish in
            let previous = storage.state
            storage.state = proposed
            var action: NavigationAction?
            if !proposed.hasSamePath(as: previous) {
                // The paths are joined when read: building them here would cost O(stack).
                action = NavigationAction(
                    currentPath: { proposed.path }, previousPath: { previous.path },
                    action: request.operation.actionKind
                )
                storage.lastAction = action
            }
            publish(.completed(request, state: proposed, action: action))
            return !proposed.isIdentical(to: previous)
        }
        if changed {
            persistence?.save { state }
        }
    }

    /// Publishes `.cancelled` or `.failed`.
    /// - Returns: `error`, to throw.
    private func reject(_ request: NavigationRequest<Route>, _ error: NavigationError) -> NavigationError {
        storage.update { _, publish in
            publish(error.isCancellation ? .cancelled(request, error) : .failed(request, error))
        }
        return error
    }

    /// Suspends until it is `ticket`'s turn.
    /// - Returns: `true` at its turn, `false` when the task was cancelled first.
    private func waitForTurn(_ ticket: NavigationQueue.Ticket) async -> Bool {
        await withTaskCancellationHandler {
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
    private func leaveQueue(_ ticket: NavigationQueue.Ticket) {
        let next = storage.update { storage, _ in storage.queue.leave(ticket) }
        next?.resume(returning: true)
    }
}
