import StreamRouter

/// Prints every action a navigator publishes, from a consumer task iterating
/// ``Navigator/actions`` with `for await`, and lets the driver wait until an action has
/// been printed so that the log stays in order without sleeping.
///
/// The consumer acknowledges each printed action on an `AsyncStream`; ``perform(_:)``
/// runs one navigator mutation and awaits the acknowledgement of the action it published.
@MainActor
final class ActionPrinter {
    private let consumer: Task<Void, Never>
    private var printed: AsyncStream<NavigationAction>.Iterator

    /// Subscribes to `navigator.actions` now and starts the consumer task.
    init(navigator: Navigator) {
        let actions = navigator.actions
        let (printed, acknowledge) = AsyncStream.makeStream(of: NavigationAction.self)
        consumer = Task.detached {
            for await action in actions {
                print("  * \(action)")
                acknowledge.yield(action)
            }
            acknowledge.finish()
        }
        self.printed = printed.makeAsyncIterator()
    }

    /// Runs `mutation`; when it publishes an action, waits until the consumer printed it.
    /// - Returns: The published action, or `nil` when the mutation published nothing.
    @discardableResult
    func perform(_ mutation: () -> NavigationAction?) async -> NavigationAction? {
        guard let published = mutation() else { return nil }
        // A local copy: an actor-isolated iterator cannot be advanced in place.
        var printed = self.printed
        while let action = await printed.next(isolation: #isolation), action != published {}
        self.printed = printed
        return published
    }

    /// Stops the consumer task and waits for it to finish.
    func stop() async {
        consumer.cancel()
        await consumer.value
    }
}
