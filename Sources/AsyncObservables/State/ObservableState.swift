/// A state behind a lock, with subscribers that receive the events each mutation
/// publishes *inside the same critical section*.
///
/// This is the engine under every publisher in this package. Because a mutation and the
/// delivery of its events happen under one lock, every subscriber sees the events in the
/// same total order, and that order is consistent with the state: with many tasks
/// mutating at once, no subscriber ever sees event `b` before event `a` if `b`'s mutation
/// came after `a`'s.
///
/// ```swift
/// let counter = ObservableState<Int, Int>(0)
/// let changes = counter.subscribe()            // registered now
/// counter.update { value, publish in
///     value += 1
///     publish(value)
/// }
/// for await value in changes { print(value) }  // 1
/// ```
///
/// Delivery never waits for a consumer: each subscription buffers according to its
/// ``BufferingPolicy``. Deallocating the `ObservableState` (or calling ``finish()``)
/// finishes every stream; values already buffered are delivered first. Streams do not
/// keep the `ObservableState` alive.
///
/// > Note: The closures given to ``update(_:)`` and ``read(_:)`` run under the lock: keep
/// > them short, and never call back into the same `ObservableState` from them.
public final class ObservableState<State: Sendable, Event: Sendable>: Sendable {
    private struct Storage {
        var state: State
        var subscribers = SubscriberRegistry<Event>()
    }

    private let storage: Locked<Storage>

    /// Creates a publisher holding `initialState`.
    public init(_ initialState: State) {
        storage = Locked(Storage(state: initialState))
    }

    deinit {
        finish()
    }

    /// The current state.
    public var state: State {
        storage.withLock { $0.state }
    }

    /// Reads the state under the lock.
    public func read<Result: Sendable, Failure: Error>(
        _ body: (State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try storage.withLock { storage throws(Failure) in try body(storage.state) }
    }

    /// The number of live subscriptions (streams not yet finished, cancelled or dropped).
    public var subscriberCount: Int {
        storage.withLock { $0.subscribers.count }
    }

    /// Whether ``finish()`` has been called.
    public var isFinished: Bool {
        storage.withLock { $0.subscribers.isFinished }
    }

    /// Mutates the state and publishes events, atomically.
    ///
    /// Each event passed to `publish` is delivered to every subscriber before the lock is
    /// released, so concurrent updates are seen in the same order by everyone. After
    /// ``finish()``, the state still changes but nothing is delivered.
    ///
    /// - Parameter body: Mutates the state; calls `publish` for each event to deliver.
    /// - Returns: What `body` returns.
    @discardableResult
    public func update<Result: Sendable, Failure: Error>(
        _ body: (inout State, _ publish: (Event) -> Void) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try storage.withLock { storage throws(Failure) in
            let subscribers = storage.subscribers
            return try body(&storage.state) { event in subscribers.deliver(event) }
        }
    }

    /// Subscribes to the events, mapped by `transform`.
    ///
    /// - Parameters:
    ///   - bufferingPolicy: The buffer of this subscription (unbounded by default).
    ///   - initial: Elements to deliver first, computed from the state at the moment of
    ///     subscription, under the lock (so nothing is missed or seen twice).
    ///   - transform: Maps each event to an element; `nil` skips the event. Runs under the
    ///     lock: keep it cheap and free of side effects.
    /// - Returns: A stream registered before this call returns.
    ///
    /// > Note: Inlinable, so that the code delivering an event to this subscription is
    /// > compiled where `Event` and `Element` are concrete types: publishing then looks up no
    /// > generic metadata at run time.
    @inlinable
    public func subscribe<Element: Sendable>(
        bufferingPolicy: BufferingPolicy = .unbounded,
        initial: (State) -> [Element] = { _ in [] },
        transform: @escaping @Sendable (Event) -> Element?
    ) -> SubjectStream<Element> {
        register(bufferingPolicy: bufferingPolicy, initial: initial) { continuation in
            StreamSubscriber(
                deliver: { event in
                    if let element = transform(event) {
                        continuation.yield(element)
                    }
                },
                finish: { continuation.finish() }
            )
        }
    }

    /// Registers the subscriber that `makeSubscriber` builds around a new stream's
    /// continuation; the stream unregisters it when it terminates.
    ///
    /// Besides the stream and the subscriber's closures, the termination handler is the only
    /// allocation: it captures this publisher weakly and the registration's ID.
    @usableFromInline
    func register<Element: Sendable>(
        bufferingPolicy: BufferingPolicy,
        initial: (State) -> [Element],
        makeSubscriber: (AsyncStream<Element>.Continuation) -> StreamSubscriber<Event>
    ) -> SubjectStream<Element> {
        SubjectStream.registering(bufferingPolicy: bufferingPolicy) { continuation in
            let subscriber = makeSubscriber(continuation)
            let id: SubscriberRegistry<Event>.ID? = storage.withLock { storage in
                guard let id = storage.subscribers.add(subscriber) else { return nil }
                for element in initial(storage.state) {
                    continuation.yield(element)
                }
                return id
            }
            guard let id else { return nil }
            return { [weak self] _ in self?.unsubscribe(id) }
        }
    }

    /// Finishes every stream and refuses new subscribers (their streams finish at once).
    /// Calling it again does nothing.
    public func finish() {
        let subscribers = storage.withLock { $0.subscribers.finish() }
        for subscriber in subscribers {
            subscriber.finish()
        }
    }

    private func unsubscribe(_ id: SubscriberRegistry<Event>.ID) {
        let removed = storage.withLock { $0.subscribers.remove(id) }
        removed?.finish()
    }
}

extension ObservableState {
    /// Subscribes to the events as they are published.
    ///
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default).
    /// - Returns: A stream registered before this call returns.
    @inlinable
    public func subscribe(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<Event> {
        register(
            bufferingPolicy: bufferingPolicy,
            initial: { _ in [] },
            makeSubscriber: { continuation in
                StreamSubscriber(
                    deliver: { continuation.yield($0) },
                    finish: { continuation.finish() }
                )
            }
        )
    }
}
