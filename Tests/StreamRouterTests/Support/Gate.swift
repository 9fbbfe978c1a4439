import AsyncObservables
import StreamRouterTesting

/// A latch for ordering concurrent test steps without sleeps: ``wait()`` suspends until
/// ``open()`` is called (at once if it already was), and ``arrived(_:)`` awaits, through a
/// stream, the number of tasks that have reached ``wait()``. Continuations are resumed
/// after the lock is released.
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = _Locked(State())
    private let arrivals = CurrentValueSubject(0)

    /// The number of tasks waiting.
    var waiterCount: Int {
        state.withLock { $0.waiters.count }
    }

    func wait() async {
        arrivals.update { $0 += 1 }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    /// Waits until `count` tasks have called ``wait()``.
    func arrived(_ count: Int) async throws {
        try await StreamRecorder(arrivals.values).wait { ($0.last ?? 0) >= count }
    }

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
