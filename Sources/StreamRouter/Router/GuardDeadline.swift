/// Runs a guard against a deadline on a clock: the guard runs in a child `Task` (which
/// inherits the task-locals, so re-entrancy is still detected), raced against a sleep on the
/// clock. Whichever ends first answers; the other is cancelled. A guard that ignores
/// cancellation is left to finish on its own: the navigation does not wait for it.
enum GuardDeadline {
    /// - Returns: The guard's answer, or `nil` when the deadline passed first.
    /// - Throws: What the guard threw, or `CancellationError` when the calling task was
    ///   cancelled first.
    static func run<T: Sendable>(
        within deadline: Duration,
        on clock: any Clock<Duration>,
        _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T? {
        let race = Race<T>()
        let work = Task {
            do {
                race.finish(.success(try await body()))
            } catch {
                race.finish(.failure(error))
            }
        }
        let timer = Task {
            do {
                try await clock.sleep(for: deadline)
                race.finish(.success(nil))
            } catch {
                // Cancelled: the guard answered first.
            }
        }
        defer {
            work.cancel()
            timer.cancel()
        }
        let decision = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { race.install($0) }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
        race.synchronizeWithFinisher()
        return decision
    }

    /// The first of the guard, the timer and a cancellation to finish resumes the waiter,
    /// after the lock is released.
    private final class Race<T: Sendable>: Sendable {
        private enum State {
            case waiting
            case installed(CheckedContinuation<T?, any Error>)
            case finished(Result<T?, any Error>)
            case done
        }

        private let state = _Locked<State>(.waiting)

        /// Orders what the finisher did before the waiter reads its result (see
        /// `_Locked.synchronizeWithLastHolder()`).
        func synchronizeWithFinisher() {
            state.synchronizeWithLastHolder()
        }

        func install(_ continuation: CheckedContinuation<T?, any Error>) {
            let now: Result<T?, any Error>? = state.withLock { state in
                guard case .finished(let result) = state else {
                    state = .installed(continuation)
                    return nil
                }
                state = .done
                return result
            }
            if let now {
                continuation.resume(with: now)
            }
        }

        func finish(_ result: Result<T?, any Error>) {
            let waiter: CheckedContinuation<T?, any Error>? = state.withLock { state in
                switch state {
                case .waiting:
                    state = .finished(result)
                    return nil
                case .installed(let continuation):
                    state = .done
                    return continuation
                case .finished, .done:
                    return nil
                }
            }
            waiter?.resume(with: result)
        }
    }
}
