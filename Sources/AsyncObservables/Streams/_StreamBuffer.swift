import Synchronization

/// The buffer of one subscription and the consumer waiting on it: the hand-off point
/// between a publisher and the task iterating a ``SubjectStream``.
///
/// It is built so that no lock of this package is ever held while calling into the
/// concurrency runtime (see the concurrency-contract article):
/// - ``enqueue(_:)`` only moves an element into the buffer, or into the hand-off slot of a
///   consumer already waiting, under the buffer's lock; it never resumes anything. It returns
///   `true` when a consumer must be woken, and the publisher calls ``wake()`` once it has
///   released every lock it holds. So a publisher may enqueue under its own state lock
///   (which gives every subscriber one total order) without ever resuming a task there.
/// - ``finish()``, ``cancel()`` and ``wake()`` take the buffer's lock only to change its
///   state, and resume the consumer after releasing it.
/// - The cancellation handler of ``next(isolation:)`` runs ``cancel()``, which marks the
///   buffer left (an atomic flag, without the lock), takes the buffer's lock, then (after
///   releasing it) runs the termination handler, which unregisters from the publisher
///   without waiting for the publisher's lock (see `ObservableState`). Neither lock is ever
///   held while the runtime is called, so the runtime's lock held by `Task.cancel` can never
///   be waited for by a thread that holds one of them: no cycle is possible.
/// - A cancellation never waits behind a stream of deliveries: once the buffer is marked
///   left, ``enqueue(_:)`` returns without taking its lock, so ``cancel()`` waits for at most
///   the one delivery under way, and the publisher's lock is only ever tried.
///
/// Cancelling the consumer ends the subscription at once: the pending `next()` returns
/// `nil`, the buffer is freed, and later calls return `nil`.
@usableFromInline
package final class _StreamBuffer<Element: Sendable>: _StreamEndpoint {
    @usableFromInline
    enum Phase {
        /// Values are accepted.
        case active
        /// The publisher finished: buffered values are still delivered, then `nil`.
        case finished
        /// The consumer left: nothing is delivered any more.
        case cancelled
    }

    /// A consumer suspended in `next()`: resumed with `true` to read the buffer again, or
    /// with `false` to return `nil` (a second `next()` made while one waits).
    ///
    /// No element travels through the continuation: the consumer reads it under the lock
    /// once resumed. A resume that lands before the task has suspended lets the task go on
    /// without passing through an executor, an ordering Thread Sanitizer cannot see; reading
    /// under the lock keeps every hand-off visible to it.
    @usableFromInline
    typealias Waiter = CheckedContinuation<Bool, Never>

    @usableFromInline
    struct State {
        @usableFromInline var queue = _ElementQueue<Element>()
        /// The consumer suspended in `next()`: waiting for a value, or (``handed`` set) for
        /// ``wake()`` to resume it.
        @usableFromInline var waiter: Waiter?
        /// The value handed to the waiter, which it reads before the queue.
        @usableFromInline var handed: Element?
        @usableFromInline var phase = Phase.active
        /// Unregisters the subscription from its publisher; run once, when the consumer
        /// leaves (cancelled, or the stream and its iterators dropped).
        @usableFromInline var onTermination: (@Sendable () -> Void)?

        @usableFromInline
        init() {}

        /// What a consumer gets now: the value handed to it, the oldest buffered value, the
        /// end, or `nil` (wait).
        mutating func take() -> Element?? {
            if let element = handed {
                handed = nil
                return .some(element)
            }
            if let element = queue.popFirst() {
                return .some(element)
            }
            return phase == .active ? nil : .some(nil)
        }
    }

    @usableFromInline let policy: BufferingPolicy
    @usableFromInline let state = _Locked(State())
    /// Set once the consumer has left (``cancel()``), before the lock is taken: deliveries
    /// read it first and skip the lock, and the publisher reads it to drop the subscription
    /// when its own removal found the publisher's lock busy.
    @usableFromInline let _consumerLeft = Atomic<Bool>(false)
    /// The publisher's count of live buffers, which this one is in until it is deallocated.
    @usableFromInline let census: _BufferCensus?

    /// An active buffer with the given policy, counted in `census` while it exists.
    @usableFromInline
    package init(bufferingPolicy: BufferingPolicy, census: _BufferCensus? = nil) {
        policy = bufferingPolicy
        self.census = census
        census?.join()
    }

    deinit {
        census?.leave()
    }

    /// The values waiting for the consumer (for tests and diagnostics).
    @usableFromInline
    package var bufferedCount: Int {
        state.withLock { $0.queue.count }
    }

    /// Sets what runs once when the consumer leaves (not when the publisher finishes).
    package func setTermination(_ handler: @escaping @Sendable () -> Void) {
        state.withLock { state in
            if state.phase == .active {
                state.onTermination = handler
            }
        }
    }

    /// Adds `element` for the consumer, following the buffering policy. Safe to call under
    /// any lock of the caller's: it resumes nothing.
    /// - Returns: `true` when the element was handed to a waiting consumer: call ``wake()``
    ///   after releasing your locks.
    ///
    /// > Note: Inlinable, so that the publisher's module specialises it for its element type:
    /// > it runs on every delivery, under the publisher's lock.
    @inlinable
    package func enqueue(_ element: Element) -> Bool {
        // A consumer that left takes nothing: skip the lock its `cancel()` may be waiting for.
        if _consumerLeft.load(ordering: .relaxed) { return false }
        return state.withLock { state in
            guard state.phase == .active else { return false }
            if state.waiter != nil, state.handed == nil {
                state.handed = element
                return true
            }
            switch policy {
            case .unbounded:
                state.queue.append(element)
            case .bufferingOldest(let limit):
                if state.queue.count < limit {
                    state.queue.append(element)
                }
            case .bufferingNewest(let limit):
                guard limit > 0 else { break }
                if state.queue.count >= limit {
                    _ = state.queue.popFirst()
                }
                state.queue.append(element)
            }
            return false
        }
    }

    /// Resumes the consumer that ``enqueue(_:)`` handed a value to. Call it with no lock held.
    @usableFromInline
    package func wake() {
        let waiter = state.withLock { state -> Waiter? in
            guard state.handed != nil else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: true)
    }

    /// Ends the subscription from the publisher's side: values already buffered are still
    /// delivered, then `nil`. Call it with no lock held.
    @usableFromInline
    package func finish() {
        let waiter: Waiter? = state.withLock { state in
            guard state.phase == .active else { return nil }
            state.phase = .finished
            state.onTermination = nil
            // A waiter handed a value is resumed by `wake()`.
            guard state.handed == nil else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: true)
    }

    /// Whether the consumer has left (``cancel()`` ran): the publisher may drop the
    /// subscription.
    @usableFromInline
    package var consumerHasLeft: Bool {
        _consumerLeft.load(ordering: .acquiring)
    }

    /// Ends the subscription from the consumer's side: drops the buffer, resumes a waiting
    /// `next()` with `nil`, then runs the termination handler. Calling it again does nothing.
    ///
    /// Marks the buffer left before taking its lock, so that deliveries stop taking it: the
    /// lock is then free once the delivery under way, if any, is done.
    package func cancel() {
        _consumerLeft.store(true, ordering: .releasing)
        let (waiter, termination) = state.withLock { state in
            guard state.phase != .cancelled else {
                return (Waiter?.none, (@Sendable () -> Void)?.none)
            }
            state.phase = .cancelled
            state.queue.removeAll()
            defer {
                state.waiter = nil
                state.handed = nil
                state.onTermination = nil
            }
            return (state.waiter, state.onTermination)
        }
        waiter?.resume(returning: true)
        termination?()
    }

    /// The next value: at once when one is buffered, otherwise once one is published; `nil`
    /// once the publisher has finished and the buffer is empty, or once the consuming task
    /// is cancelled (even with values buffered).
    ///
    /// Iterate from one task at a time: a second `next()` made while another is waiting
    /// returns `nil` at once.
    package func next(isolation actor: isolated (any Actor)?) async -> Element? {
        if Task.isCancelled {
            cancel()
            return nil
        }
        while true {
            if let ready = state.withLock({ $0.take() }) {
                return ready
            }
            let readsAgain = await withTaskCancellationHandler(
                operation: {
                    await withCheckedContinuation(isolation: actor) { (continuation: Waiter) in
                        let now: Bool? = state.withLock { state in
                            if state.handed != nil || !state.queue.isEmpty || state.phase != .active {
                                return true
                            }
                            guard state.waiter == nil else { return false }
                            state.waiter = continuation
                            return nil
                        }
                        if let now {
                            continuation.resume(returning: now)
                        }
                    }
                },
                onCancel: { self.cancel() },
                isolation: actor
            )
            guard readsAgain else { return nil }
        }
    }
}

/// What a publisher holds of a subscription, whatever its element type: a way to wake its
/// consumer after a delivery and to finish it.
@usableFromInline
package protocol _StreamEndpoint: AnyObject, Sendable {
    /// Resumes the consumer an earlier delivery handed a value to.
    func wake()
    /// Ends the subscription from the publisher's side.
    func finish()
    /// The values waiting for the consumer.
    var bufferedCount: Int { get }
    /// Whether the consumer has left, so that the publisher may drop the subscription.
    var consumerHasLeft: Bool { get }
}
