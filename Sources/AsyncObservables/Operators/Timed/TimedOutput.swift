/// The consumer's side of a timed operator's state machine: the elements ready for the
/// consumer, the consumer waiting for one, and how the output ends.
///
/// A plain value: its transitions resume nothing. Each hands back the consumer to resume
/// (a ``Resumption``), and the storage resumes it after releasing its lock. `Consumer` is
/// the waiting consumer's continuation in the storage, and any token in unit tests.
struct TimedOutput<Element, Failure: Error, Consumer> {
    /// A consumer and what to resume it with: an element, the end (`nil`), or the error.
    typealias Resumption = (consumer: Consumer, result: Result<Element?, Failure>)

    private enum Phase {
        /// Elements are accepted.
        case open
        /// The operator has ended: the queued elements are still delivered, then the error
        /// (if any), once.
        case finishing(Failure?)
        /// Nothing more is delivered: the end was delivered, or the consumer left.
        case done
    }

    private var ready = _ElementQueue<Element>()
    private var consumer: Consumer?
    private var phase = Phase.open

    init() {}

    /// Whether the output still accepts elements.
    var isOpen: Bool {
        if case .open = phase { true } else { false }
    }

    /// Hands `element` to the waiting consumer, or queues it (unbounded).
    /// - Returns: The consumer to resume with it, if one was waiting.
    mutating func deliver(_ element: Element) -> Resumption? {
        guard isOpen else { return nil }
        if let consumer {
            self.consumer = nil
            return (consumer, .success(element))
        }
        ready.append(element)
        return nil
    }

    /// Ends the output after the queued elements; then `failure`, if any, is thrown once.
    /// Does nothing once the output has ended.
    /// - Returns: The waiting consumer (there is one only when nothing is queued), to resume
    ///   with the end.
    mutating func finish(throwing failure: Failure?) -> Resumption? {
        guard isOpen else { return nil }
        phase = .finishing(failure)
        guard let consumer else { return nil }
        self.consumer = nil
        return (consumer, takeEnd())
    }

    /// The consumer asks for the next element.
    /// - Returns: What to resume `consumer` with at once (a queued element, the end, or `nil`
    ///   for a second consumer while one waits), or `nil` when it must wait: it is kept.
    mutating func next(_ consumer: Consumer) -> Resumption? {
        if let element = ready.popFirst() {
            return (consumer, .success(element))
        }
        switch phase {
        case .open:
            guard self.consumer == nil else { return (consumer, .success(nil)) }
            self.consumer = consumer
            return nil
        case .finishing, .done:
            return (consumer, takeEnd())
        }
    }

    /// The consumer left: the queued elements are dropped and nothing more is delivered.
    /// - Returns: The waiting consumer, to resume with `nil`.
    mutating func cancel() -> Consumer? {
        phase = .done
        ready.removeAll()
        defer { consumer = nil }
        return consumer
    }

    /// The end, once the queue is empty: the error the first time, `nil` after.
    private mutating func takeEnd() -> Result<Element?, Failure> {
        defer { phase = .done }
        if case .finishing(let failure?) = phase {
            return .failure(failure)
        }
        return .success(nil)
    }
}
