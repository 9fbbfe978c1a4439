import AsyncObservables

/// Records the values of an asynchronous sequence in the background, so a test can await
/// them with a timeout instead of sleeping (what RxTest's observers and Combine's
/// expectations give).
///
/// ```swift
/// let recorder = StreamRecorder(navigator.actions)   // subscribed: the stream exists
/// navigator.navigate("/news")
/// let actions = try await recorder.next(1)           // waits up to the timeout
/// #expect(actions.map(\.currentPath) == ["/news"])
/// ```
///
/// Consumption starts at once in a task of its own. ``next(_:timeout:)`` hands out
/// recorded values in order, each once; ``values`` is everything recorded so far.
/// Deinitialising the recorder, or ``cancel()``, cancels the consuming task.
public final class StreamRecorder<Element: Sendable>: Sendable {
    private struct Waiter {
        let isSatisfied: (State) -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var values: [Element] = []
        var handedOut = 0
        var isFinished = false
        var failure: (any Error)?
        var waiters: [UInt64: Waiter] = [:]
        var nextWaiterID: UInt64 = 0
    }

    private let state = _Locked(State())
    private let consumer = _Locked<Task<Void, Never>?>(nil)

    /// Starts recording `sequence`.
    public init<Sequence: AsyncSequence & Sendable>(_ sequence: Sequence) where Sequence.Element == Element {
        let task = Task { [weak self] in
            do {
                for try await value in sequence {
                    guard let self else { return }
                    self.record { $0.values.append(value) }
                }
                self?.record { $0.isFinished = true }
            } catch {
                self?.record {
                    $0.failure = error
                    $0.isFinished = true
                }
            }
        }
        consumer.withLock { $0 = task }
    }

    deinit {
        consumer.withLock { $0 }?.cancel()  // cancel after the unlock: a runtime call
    }

    /// Every value recorded so far.
    public var values: [Element] {
        state.withLock { $0.values }
    }

    /// Whether the sequence has finished (normally or by throwing).
    public var isFinished: Bool {
        state.withLock { $0.isFinished }
    }

    /// The error the sequence threw, if it did.
    public var failure: (any Error)? {
        state.withLock { $0.failure }
    }

    /// Stops consuming the sequence (cancels the consuming task).
    public func cancel() {
        consumer.withLock { $0 }?.cancel()  // cancel after the unlock: a runtime call
    }

    /// Waits for the next `count` values not yet handed out by this method. Calls made at
    /// the same time get different values: each takes the next `count` when it returns.
    /// - Parameters:
    ///   - count: How many values to wait for.
    ///   - timeout: How long to wait before failing.
    /// - Returns: Exactly `count` values, in order.
    /// - Throws: ``StreamRecorderError`` when the timeout passes or the sequence finishes
    ///   first; the error lists what was received.
    public func next(_ count: Int = 1, timeout: Duration = .seconds(60)) async throws -> [Element] {
        let count = max(count, 0)
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            let left = max(ContinuousClock.now.duration(to: deadline), .zero)
            try await wait(timeout: left, expected: "\(count) value(s)") {
                $0.values.count >= $0.handedOut + count || $0.isFinished
            }
            let taken = try state.withLock { state -> [Element]? in
                let target = state.handedOut + count
                guard state.values.count >= target else {
                    // A call made at the same time took them: wait for more, unless none come.
                    guard state.isFinished else { return nil }
                    throw StreamRecorderError.finished(
                        expected: "\(count) value(s)", received: Array(state.values[state.handedOut...]).map { "\($0)" }
                    )
                }
                let values = Array(state.values[state.handedOut..<target])
                state.handedOut = target
                return values
            }
            if let taken { return taken }
        }
    }

    /// Checks that no value beyond those handed out by ``next(_:timeout:)`` arrives within
    /// `window` (real time: keep it short; it always takes the whole window).
    /// - Throws: ``StreamRecorderError/unexpectedValues(_:)`` listing what arrived.
    public func expectNoNewValues(within window: Duration = .milliseconds(50)) async throws {
        try await Task.sleep(for: window)
        let extra = state.withLock { Array($0.values[$0.handedOut...]) }
        if !extra.isEmpty {
            throw StreamRecorderError.unexpectedValues(extra.map { "\($0)" })
        }
    }

    /// Waits until the sequence finishes.
    /// - Returns: Every value recorded, from the first.
    /// - Throws: ``StreamRecorderError/timedOut(expected:received:)`` when the timeout passes first.
    @discardableResult
    public func waitForFinish(timeout: Duration = .seconds(60)) async throws -> [Element] {
        try await wait(timeout: timeout, expected: "the end of the sequence") { $0.isFinished }
        return values
    }

    /// Waits until `condition` holds for the recorded values.
    /// - Throws: ``StreamRecorderError/timedOut(expected:received:)`` when the timeout passes first.
    public func wait(
        timeout: Duration = .seconds(60),
        until condition: @escaping @Sendable ([Element]) -> Bool
    ) async throws {
        try await wait(timeout: timeout, expected: "a condition on the values") { condition($0.values) }
    }

    private func wait(
        timeout: Duration,
        expected: String,
        until isSatisfied: @escaping @Sendable (State) -> Bool
    ) async throws {
        let satisfied = try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.suspend(until: isSatisfied)
                return true
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return false
            }
            let first = try await group.next() ?? false
            group.cancelAll()
            return first
        }
        if !satisfied {
            throw StreamRecorderError.timedOut(expected: expected, received: values.map { "\($0)" })
        }
    }

    /// Suspends until `isSatisfied` holds or the task is cancelled.
    private func suspend(until isSatisfied: @escaping @Sendable (State) -> Bool) async {
        let id = state.withLock { state in
            defer { state.nextWaiterID += 1 }
            return state.nextWaiterID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    if isSatisfied(state) || Task.isCancelled { return true }
                    state.waiters[id] = Waiter(isSatisfied: isSatisfied, continuation: continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.continuation.resume()
        }
    }

    private func record(_ change: (inout State) -> Void) {
        let ready = state.withLock { state in
            change(&state)
            let ready = state.waiters.filter { $0.value.isSatisfied(state) }
            for id in ready.keys {
                state.waiters[id] = nil
            }
            return ready.values.map(\.continuation)
        }
        for continuation in ready {
            continuation.resume()
        }
    }
}

/// Why a ``StreamRecorder`` wait failed. The description lists what was received.
public enum StreamRecorderError: Error, CustomStringConvertible {
    /// The timeout passed before the expected values arrived.
    case timedOut(expected: String, received: [String])
    /// The sequence finished before the expected values arrived.
    case finished(expected: String, received: [String])
    /// Values arrived when none were expected.
    case unexpectedValues([String])

    /// A sentence for test failures, listing what was received.
    public var description: String {
        switch self {
        case .timedOut(let expected, let received):
            "Timed out waiting for \(expected); received so far: \(received)"
        case .finished(let expected, let received):
            "The sequence finished before \(expected); received: \(received)"
        case .unexpectedValues(let values):
            "Expected no new values, received: \(values)"
        }
    }
}
