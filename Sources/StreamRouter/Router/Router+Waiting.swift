// Waiting: for a navigation's turn behind another one, for a screen's result, and giving
// up (a navigation that fails or is cancelled publishes why and hands its turn on).
extension Router {
    /// Publishes `.cancelled` or `.failed`.
    /// - Returns: `error`, to throw.
    /// A navigation a later one superseded is rejected as ``NavigationError/superseded``,
    /// whatever stopped it (its hooks saw the cancellation, or it was waiting).
    @usableFromInline
    func _reject(_ request: NavigationRequest<Route>, _ error: NavigationError) -> NavigationError {
        _storage.update { storage, publish in
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
    func _waitForTurn(_ ticket: _NavigationQueue.Ticket) async -> Bool {
        // The usual case, nothing queued ahead: no continuation, no cancellation handler.
        if _storage.read({ $0.queue.isServing(ticket) }) {
            return !Task.isCancelled
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let now = _storage.update { storage, _ in
                    storage.queue.wait(for: ticket, continuation: continuation, isCancelled: Task.isCancelled)
                }
                if let now {
                    continuation.resume(returning: now)
                }
            }
        } onCancel: {
            let waiter = _storage.update { storage, _ in storage.queue.cancelWait(for: ticket) }
            waiter?.resume(returning: false)
        }
    }

    /// Ends `ticket`'s turn (or gives it up) and wakes the next navigation.
    @inlinable
    func _leaveQueue(_ ticket: _NavigationQueue.Ticket) {
        let next = _storage.update { storage, _ in storage.queue.leave(ticket) }
        next?.resume(returning: true)
    }

    /// Suspends until the result of entry `id` comes (or its slot is given up): the value
    /// given to ``navigateBack(returning:)``, or `nil`.
    @usableFromInline
    func _waitForResult(of id: UInt64) async -> (any Sendable)? {
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: _ScreenResults.Continuation) in
                let now = _storage.update { storage, _ in
                    storage.results.wait(for: id, continuation: continuation, isCancelled: Task.isCancelled)
                }
                if let now {
                    continuation.resume(returning: now)
                }
            }
        } onCancel: {
            let waiter = _storage.update { storage, _ in storage.results.cancel(id) }
            waiter?.resume(returning: nil)
        }
        _storage.read { _ in }  // orders the resumer's work before `result` is used, for Thread Sanitizer too
        return result
    }
}
