/// The answer to one ``PendingConfirmation``: given once, by the app (``proceeded`` or
/// ``cancelled``) or by the navigation's own end (``withdrawn``: superseded, or its task
/// cancelled), and awaited by the navigation. The continuation is resumed after the lock is
/// released.
final class _ConfirmationAnswer: Sendable {
    enum Outcome: Sendable {
        case proceeded, cancelled, withdrawn
    }

    private enum State {
        case waiting(CheckedContinuation<Outcome, Never>?)
        case answered(Outcome)
    }

    private let state = _Locked(State.waiting(nil))

    /// Gives the answer, unless one was given.
    func answer(_ outcome: Outcome) {
        let waiter = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
            guard case .waiting(let waiter) = state else { return nil }
            state = .answered(outcome)
            return waiter
        }
        waiter?.resume(returning: outcome)
    }

    /// Waits for the answer; a cancellation of the calling task withdraws the question.
    func wait() async -> Outcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let now = state.withLock { state -> Outcome? in
                    switch state {
                    case .answered(let outcome): return outcome
                    case .waiting: state = .waiting(continuation)
                    }
                    return nil
                }
                if let now {
                    continuation.resume(returning: now)
                }
            }
        } onCancel: {
            answer(.withdrawn)
        }
    }
}
