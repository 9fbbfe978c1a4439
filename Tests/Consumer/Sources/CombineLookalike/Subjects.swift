/// Combine's `Subject`: a publisher that callers send values through.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends `value` to every subscriber.
    func send(_ value: Output)
    /// Sends a completion to every subscriber.
    func send(completion: Subscribers.Completion<Failure>)
}

/// The subscribers of one subject, in subscription order.
final class SubscriberList<Output> {
    private var next = 0
    private var receivers: [(id: Int, receive: (Output) -> Void)] = []
    private(set) var isFinished = false

    func add(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
        let id = next
        next += 1
        receivers.append((id, receive))
        return AnyCancellable { [weak self] in self?.receivers.removeAll { $0.id == id } }
    }

    func send(_ value: Output) {
        guard !isFinished else { return }
        for receiver in receivers { receiver.receive(value) }
    }

    func finish() {
        isFinished = true
        receivers.removeAll()
    }
}

/// Combine's `CurrentValueSubject`: holds a value and publishes it, then every change (a
/// name AsyncObservables uses too).
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
    private let subscribers = SubscriberList<Output>()

    /// The current value; setting it sends it.
    public var value: Output {
        didSet { subscribers.send(value) }
    }

    /// Creates a subject holding `value`.
    public init(_ value: Output) {
        self.value = value
    }

    public func send(_ value: Output) {
        self.value = value
    }

    public func send(completion: Subscribers.Completion<Failure>) {
        subscribers.finish()
    }

    public func receive(_ receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        if !subscribers.isFinished { receiveValue(value) }
        return subscribers.add(receiveValue)
    }
}

/// Combine's `PassthroughSubject`: publishes the values sent after a subscriber subscribed.
public final class PassthroughSubject<Output, Failure: Error>: Subject {
    private let subscribers = SubscriberList<Output>()

    /// Creates a subject.
    public init() {}

    public func send(_ value: Output) {
        subscribers.send(value)
    }

    public func send(completion: Subscribers.Completion<Failure>) {
        subscribers.finish()
    }

    public func receive(_ receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        subscribers.add(receiveValue)
    }
}
