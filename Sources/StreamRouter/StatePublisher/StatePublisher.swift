/// Anything that publishes its navigation state: a ``Navigator`` (a ``NavigatorSnapshot``), a
/// ``Router`` (a ``RouterState``), a ``TabRouter`` (a ``TabRouterState``) and a
/// ``SplitRouter`` (a ``SplitRouterState``).
///
/// One stream shape for all of them: ``states(bufferingPolicy:)`` yields the state current
/// when it is called, then the state after each change (never the same state twice in a
/// row), as a ``SubjectStream``; ``states`` is the same with an unbounded buffer.
///
/// ```swift
/// func log<Source: StatePublisher>(_ source: Source) async {
///     for await state in source.states { print(state) }
/// }
/// ```
public protocol StatePublisher<PublishedState>: AnyObject, Sendable {
    /// The state published.
    associatedtype PublishedState: Sendable

    /// The current state, then the state after each change. Subscribed when called.
    /// - Parameter bufferingPolicy: The buffer of this subscription.
    func states(bufferingPolicy: BufferingPolicy) -> SubjectStream<PublishedState>
}

extension StatePublisher {
    /// The current state, then the state after each change, with an unbounded buffer: an
    /// unread one keeps every state since it subscribed (states share their storage: about
    /// 100 to 300 bytes each; see <doc:StreamsAndOperators>).
    public var states: SubjectStream<PublishedState> {
        states(bufferingPolicy: .unbounded)
    }
}
