/// How a router orders navigations that overlap, and what it does with a repeated push.
///
/// ```swift
/// let router = Router<AppRoute>(options: NavigationOptions(concurrency: .latestWins, repeatedPush: .ignore))
/// ```
///
/// The defaults (``Concurrency/queue``, ``RepeatedPush/push``) are the behaviour of a router
/// made without options. A ``TabRouter`` gives its options to every tab's router, and a
/// ``SplitRouter`` to each column's: each supersedes within its own queue.
public struct NavigationOptions: Sendable, Hashable {
    /// What a navigation does to the navigations called before it that have not committed.
    public enum Concurrency: Sendable, Hashable {
        /// First in, first out: each navigation waits for those called before it (the
        /// default).
        case queue
        /// A new navigation supersedes every navigation still waiting for its turn or in its
        /// guards, preparations, loaders, transition handlers or URL resolution: they throw
        /// ``NavigationError/superseded`` and publish it, their hooks see the cancellation of
        /// the task they run in, and the new navigation takes its turn at once. A navigation
        /// that has committed is never undone. A saved state being restored through the
        /// guards (``Router/restore()``, or the restoration a router given guards at creation
        /// starts) is not superseded: navigations called meanwhile wait for it, then run in
        /// order.
        case latestWins
    }

    /// What a push of the route already on top does.
    public enum RepeatedPush: Sendable, Hashable {
        /// Pushes it again (the default).
        case push
        /// Changes nothing: a navigation to one route that is the topmost displayed route
        /// when its turn comes (the top of the current stack, or a presentation with nothing
        /// pushed inside) returns normally, completes with no change, and runs no guards. A
        /// double tap pushes once. It applies to the operation a navigation finally performs:
        /// one a guard redirects to such a route (a second tap on a screen a guard sends to a
        /// login sheet the first tap presented) completes with no change too.
        case ignore
    }

    /// How overlapping navigations are ordered.
    public var concurrency: Concurrency
    /// What a push of the route already on top does.
    public var repeatedPush: RepeatedPush

    /// Creates options.
    /// - Parameters:
    ///   - concurrency: ``Concurrency/queue`` by default.
    ///   - repeatedPush: ``RepeatedPush/push`` by default.
    public init(concurrency: Concurrency = .queue, repeatedPush: RepeatedPush = .push) {
        self.concurrency = concurrency
        self.repeatedPush = repeatedPush
    }
}
