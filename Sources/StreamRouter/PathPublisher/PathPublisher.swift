/// Anything that publishes a current path: a ``Navigator``, a ``Router`` (its stack's path)
/// and a ``TabRouter`` (the selected tab's path).
///
/// Its one requirement is the path stream; everything built on paths comes with it, once,
/// for all three: ``paths`` (unbounded), ``matches(_:bufferingPolicy:)-(PathPattern,_)``
/// and its glob and validator forms, ``firstMatches(in:bufferingPolicy:)``,
/// ``activity(of:exact:bufferingPolicy:)``, ``whileMatching(_:bufferingPolicy:perform:)``
/// and ``runWhileMatching(_:bufferingPolicy:perform:)``.
///
/// ```swift
/// func showUser(on source: some PathPublisher) async throws {
///     for await match in source.matches(try PathPattern("/user/:id")) { ... }
/// }
/// ```
public protocol PathPublisher: AnyObject, Sendable {
    /// The current path, then the path after each change. Subscribed when called.
    /// - Parameter bufferingPolicy: The buffer of this subscription.
    func paths(bufferingPolicy: BufferingPolicy) -> SubjectStream<String>
}

extension PathPublisher {
    /// The current path, then the path after each change, with an unbounded buffer: an unread
    /// one keeps every path since it subscribed, about 25 bytes each plus the characters of a
    /// path longer than 15 bytes (see <doc:StreamsAndOperators>).
    public var paths: SubjectStream<String> {
        paths(bufferingPolicy: .unbounded)
    }
}
