import Synchronization

/// A state behind a lock, with subscribers that receive the events each mutation
/// publishes, in one total order consistent with the state.
///
/// This is the engine under every publisher in this package. A mutation and the hand-off of
/// its events to every subscription's buffer happen under one lock, so every subscriber
/// sees the events in the same total order, and that order is consistent with the state:
/// with many tasks mutating at once, no subscriber ever sees event `b` before event `a` if
/// `b`'s mutation came after `a`'s. Consumers waiting for a value are resumed only after
/// the lock is released: the lock is never held while calling into the concurrency
/// runtime, so cancelling a consumer in the middle of a delivery cannot deadlock, and a
/// cancelled consumer never waits for the lock, however often publishing re-takes it (see
/// the concurrency-contract article).
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
/// > Note: The closures given to ``update(_:)`` and ``read(_:)``, and the transforms given
/// > to `subscribe`, run under the lock: keep them short, and never call back into the same
/// > `ObservableState` from them.
public final class ObservableState<State: Sendable, Event: Sendable>: Sendable {
    @usableFromInline
    struct _Storage {
        @usableFromInline var state: State
        @usableFromInline var subscribers = _SubscriberRegistry<Event>()

        @usableFromInline
        init(state: State) {
            self.state = state
        }
    }

    @usableFromInline
    let _storage: _Locked<_Storage>
    /// The number of live subscriptions and relays onward, stored under the lock at each
    /// change and read without it by ``relay(to:changesState:_:)``: a tab router's tabs
    /// relay every event, and skipping the tab router's lock while nobody subscribes to it
    /// is what keeps a navigation on a tab within the cost of one on a plain router (the
    /// `tab-router` Benchmarks row).
    private let subscriptionCount = Atomic<Int>(0)
    /// The subscription buffers made by this publisher and not yet deallocated.
    @usableFromInline let _census = _BufferCensus()
    /// How many subscriptions' consumers left while the lock was busy, so that they could not
    /// unregister themselves (see ``unsubscribe(_:)``): the next holder of the lock that
    /// touches the subscribers (an update, a subscription, a count) drops them.
    @usableFromInline let _departures = Atomic<Int>(0)

    /// Creates a publisher holding `initialState`.
    public init(_ initialState: State) {
        _storage = _Locked(_Storage(state: initialState))
    }

    deinit {
        finish()
    }

    /// The current state.
    public var state: State {
        _storage.withLock { $0.state }
    }

    /// Reads the state under the lock.
    ///
    /// > Note: Inlinable, like ``update(_:)``: compiled where `State` is a concrete type.
    @inlinable
    public func read<Result: Sendable, Failure: Error>(
        _ body: (State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try _storage.withLock { storage throws(Failure) in try body(storage.state) }
    }

    /// The number of live subscriptions (streams not yet finished, cancelled or dropped);
    /// relays into other publishers are not subscriptions.
    package var subscriberCount: Int {
        withDepartedRemoved { $0.subscribers.count - $0.subscribers.relayCount }
    }

    /// The values waiting in the buffers of all live subscriptions, summed: what unread
    /// streams hold (for tests and diagnostics).
    package var bufferedElementCount: Int {
        withDepartedRemoved { $0.subscribers.bufferedCount }
    }

    /// The number of subscription buffers this publisher made that are still allocated: 0
    /// once every stream made from it, and every iterator, is gone (a leak keeps it above).
    package var liveBufferCount: Int {
        withDepartedRemoved { _ in }
        return _census.liveCount
    }

    /// Runs `body` under the lock after dropping the subscriptions whose consumers left
    /// while the lock was busy; lets go of them after unlocking.
    private func withDepartedRemoved<Result>(_ body: (inout _Storage) -> Result) -> Result {
        var departed: [_StreamSubscriber<Event>] = []
        let result = _storage.withLock { storage in
            departed = _removeDeparted(from: &storage)
            return body(&storage)
        }
        departed.removeAll()  // released here, outside the lock
        return result
    }

    /// Drops the subscriptions whose consumers left while the lock was busy (see
    /// ``unsubscribe(_:)``), when there are any; call it under the lock, and let go of what
    /// it returns after unlocking (a subscription's transform may hold anything).
    @usableFromInline
    func _removeDeparted(from storage: inout _Storage) -> [_StreamSubscriber<Event>] {
        guard _departures.exchange(0, ordering: .acquiring) > 0 else { return [] }
        let departed = storage.subscribers.removeDeparted()
        subscriptionCount.store(storage.subscribers.count, ordering: .releasing)
        return departed
    }

    /// Whether ``finish()`` has been called.
    package var isFinished: Bool {
        _storage.withLock { $0.subscribers.isFinished }
    }

    /// Mutates the state and publishes events, atomically.
    ///
    /// Each event passed to `publish` is handed to every subscriber's buffer before the lock
    /// is released, so concurrent updates are seen in the same order by everyone; consumers
    /// already waiting are resumed after the lock is released, before this method returns.
    /// After ``finish()``, the state still changes but nothing is delivered.
    ///
    /// - Parameter body: Mutates the state; calls `publish` for each event to deliver.
    /// - Returns: What `body` returns.
    ///
    /// > Note: Inlinable, so that a publisher's update is compiled where `State` and `Event`
    /// > are concrete types: publishing then looks up no generic metadata at run time.
    @inlinable
    @discardableResult
    public func update<Result: Sendable, Failure: Error>(
        _ body: (inout State, _ publish: (Event) -> Void) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var wakes = _PendingWakes()
        // Subscriptions whose consumers left while the lock was busy, dropped here and let go
        // of after the unlock.
        var departed: [_StreamSubscriber<Event>] = []
        defer {
            wakes.wakeAll()  // after the lock is released: resuming is a runtime call
            departed.removeAll()
        }
        return try _storage.withLock { storage throws(Failure) in
            if _departures.load(ordering: .relaxed) > 0 {
                departed = _removeDeparted(from: &storage)
            }
            let subscribers = storage.subscribers
            // `deliver` only enqueues into buffers (their locks are taken after this one, never
            // before); the consumers it hands values to are woken by the `defer`, unlocked.
            return try body(&storage.state) { event in subscribers.deliver(event, wakes: &wakes) }
        }
    }

    /// Subscribes to the events, mapped by `transform`.
    ///
    /// - Parameters:
    ///   - bufferingPolicy: The buffer of this subscription (unbounded by default: an unread
    ///     stream keeps every element since it subscribed).
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
        let buffer = _StreamBuffer<Element>(bufferingPolicy: bufferingPolicy, census: _census)
        let subscriber = _StreamSubscriber<Event>(endpoint: buffer) { event, wakes in
            if let element = transform(event), buffer.enqueue(element) {
                wakes.append(buffer)
            }
        }
        return _register(subscriber, of: buffer, initial: initial)
    }

    /// Registers `subscriber`, whose deliveries go to `buffer`, and enqueues the initial
    /// elements in the same critical section; the buffer unregisters it when its consumer
    /// leaves. A finished publisher registers nothing: the stream finishes at once.
    @usableFromInline
    func _register<Element: Sendable>(
        _ subscriber: _StreamSubscriber<Event>,
        of buffer: _StreamBuffer<Element>,
        initial: (State) -> [Element]
    ) -> SubjectStream<Element> {
        var departed: [_StreamSubscriber<Event>] = []
        defer { departed.removeAll() }  // after the unlock
        let isRegistered = _storage.withLock { storage in
            departed = _removeDeparted(from: &storage)
            guard let id = storage.subscribers.add(subscriber) else { return false }
            subscriptionCount.store(storage.subscribers.count, ordering: .releasing)
            for element in initial(storage.state) {
                _ = buffer.enqueue(element)  // nobody waits on a new buffer: nothing to wake
            }
            buffer.setTermination { [weak self] in self?.unsubscribe(id) }
            return true
        }
        if !isRegistered {
            buffer.finish()
        }
        return SubjectStream(buffer: buffer)
    }

    /// Finishes every stream and refuses new subscribers (their streams finish at once).
    /// Calling it again does nothing.
    public func finish() {
        // The registry's `finish` only empties it; the streams finish after the unlock.
        let subscribers = _storage.withLock { storage in
            defer { subscriptionCount.store(0, ordering: .releasing) }
            return storage.subscribers.finish()
        }
        for subscriber in subscribers {
            subscriber.endpoint.finish()
        }
    }

    /// Relays every event of this publisher into `target`, in the same critical section:
    /// `body` runs under this publisher's lock *and* `target`'s, may change `target`'s state
    /// and publish its events, so `target`'s subscribers see the relayed events in the order
    /// this publisher made them, interleaved in one total order with `target`'s own updates
    /// and with other publishers relaying into it.
    ///
    /// Lock order: this publisher's lock, then `target`'s. `target`'s own `update` closures
    /// must never reach back into a publisher that relays into it (the locks are not
    /// reentrant). Consumers of `target` are woken after both locks are released.
    ///
    /// The relay lasts as long as this publisher; after `target` finishes, its state still
    /// changes but nothing is delivered.
    ///
    /// While `target` has no subscriber, only the events `changesState` accepts are relayed
    /// (the others would publish to nobody), without taking `target`'s lock for the rest. A
    /// subscription to `target` made concurrently sees every event relayed after it was
    /// registered: the check reads a count stored under `target`'s lock.
    /// - Parameters:
    ///   - target: The publisher receiving the events.
    ///   - changesState: Whether an event changes `target`'s state (so it must be relayed
    ///     even while nobody subscribes to `target`).
    ///   - body: Applies one event to `target`'s state and, when `target` has subscribers
    ///     (its `Bool` argument), publishes what it makes of it: a relay into a publisher
    ///     nobody subscribes to can skip building its events.
    package func relay<TargetState: Sendable, TargetEvent: Sendable>(
        to target: ObservableState<TargetState, TargetEvent>,
        changesState: @escaping @Sendable (Event) -> Bool,
        _ body: @escaping @Sendable (Event, inout TargetState, Bool, (TargetEvent) -> Void) -> Void
    ) {
        let subscriber = _StreamSubscriber<Event>(endpoint: RelayEndpoint()) { event, wakes in
            guard target.hasSubscribers || changesState(event) else { return }
            target.updateRelayed(wakes: &wakes) { state, isObserved, publish in
                body(event, &state, isObserved, publish)
            }
        }
        _storage.withLock { storage in
            storage.subscribers.addRelay(subscriber)
            subscriptionCount.store(storage.subscribers.count, ordering: .releasing)
        }
    }

    /// Whether this publisher's events reach anyone, a live subscription or a relay into
    /// another publisher; read without the lock.
    package var hasSubscribers: Bool {
        subscriptionCount.load(ordering: .acquiring) > 0
    }

    /// Mutates the state and publishes, as ``update(_:)`` does, for a relaying publisher
    /// that holds its own lock: the consumers to wake go into its `wakes`. `body` is told
    /// whether anyone subscribes.
    func updateRelayed(wakes: inout _PendingWakes, _ body: (inout State, Bool, (Event) -> Void) -> Void) {
        var departed: [_StreamSubscriber<Event>] = []
        defer { departed.removeAll() }  // after the unlock (of this lock; the relaying one is held)
        _storage.withLock { storage in
            if _departures.load(ordering: .relaxed) > 0 {
                departed = _removeDeparted(from: &storage)
            }
            let subscribers = storage.subscribers
            // As in `update`: `deliver` only enqueues; the relaying publisher wakes after both unlocks.
            body(&storage.state, subscribers.count > 0) { event in subscribers.deliver(event, wakes: &wakes) }
        }
    }

    /// Unregisters a subscription whose consumer left. Runs from the subscription's
    /// termination handler, often under the runtime's lock of the cancelled task (in
    /// `Task.cancel`), so it never *waits* for this publisher's lock: it takes it only if it
    /// is free. A `pthread` mutex is not fair, and a thread publishing in a loop (navigating
    /// in a burst) re-takes it at once each time; waiting for it held a cancellation up for
    /// seconds. When the lock is busy, the subscription is left for its holder's successors:
    /// its buffer is already marked left (so deliveries skip it at the cost of one atomic
    /// read), and the next update, subscription or count drops it (`_removeDeparted`).
    private func unsubscribe(_ id: _SubscriberRegistry<Event>.ID) {
        let removed = _storage.withLockIfAvailable { storage in
            defer { subscriptionCount.store(storage.subscribers.count, ordering: .releasing) }
            return storage.subscribers.remove(id)
        }
        guard let removed else {
            _departures.add(1, ordering: .releasing)
            return
        }
        _ = removed  // released here, outside the lock
    }
}

extension ObservableState {
    /// Subscribes to the events as they are published.
    ///
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   an unread stream keeps every event since it subscribed).
    /// - Returns: A stream registered before this call returns.
    @inlinable
    public func subscribe(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<Event> {
        let buffer = _StreamBuffer<Event>(bufferingPolicy: bufferingPolicy, census: _census)
        let subscriber = _StreamSubscriber<Event>(endpoint: buffer) { event, wakes in
            if buffer.enqueue(event) {
                wakes.append(buffer)
            }
        }
        return _register(subscriber, of: buffer, initial: { _ in [] })
    }
}
