/// The subscribers of one publisher, keyed by registration id. A plain value: it is only
/// ever touched under its owner's lock.
struct SubscriberRegistry<Event> {
    typealias ID = UInt64

    private var subscribers: [ID: any EventSubscriber<Event>] = [:]
    private var nextID: ID = 0

    /// Whether the publisher has finished; a finished registry accepts no subscriber.
    private(set) var isFinished = false

    /// The number of live subscriptions.
    var count: Int { subscribers.count }

    /// Registers a subscriber, or returns `nil` if the registry has finished.
    mutating func add(_ subscriber: some EventSubscriber<Event>) -> ID? {
        guard !isFinished else { return nil }
        let id = nextID
        nextID &+= 1
        subscribers[id] = subscriber
        return id
    }

    /// Removes a subscriber; the caller finishes it after releasing the lock.
    mutating func remove(_ id: ID) -> (any EventSubscriber<Event>)? {
        subscribers.removeValue(forKey: id)
    }

    /// Delivers an event to every subscriber.
    func deliver(_ event: Event) {
        for subscriber in subscribers.values {
            subscriber.deliver(event)
        }
    }

    /// Marks the registry finished and hands back every subscriber, for the caller to
    /// finish after releasing the lock.
    mutating func finish() -> [any EventSubscriber<Event>] {
        isFinished = true
        defer { subscribers = [:] }
        return Array(subscribers.values)
    }
}
