/// Keeps a background subscription alive: cancelling the token, or letting it go, cancels
/// the work (pointfreeco's `ObserveToken`, Combine's `AnyCancellable`).
///
/// ```swift
/// var tokens: Set<SubscriptionToken> = []
/// navigator.whileMatching(pattern) { match in await load(match) }.store(in: &tokens)
/// tokens.removeAll()   // cancels the work
/// ```
///
/// Tokens are `Hashable` by identity.
public final class SubscriptionToken: Sendable, Hashable {
    private let onCancel: _Locked<(@Sendable () -> Void)?>

    /// A token that runs `onCancel` once, when cancelled or deinitialised.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = _Locked(onCancel)
    }

    /// A token that cancels `task` when cancelled or deinitialised.
    public convenience init<Success, Failure>(cancelling task: Task<Success, Failure>) {
        self.init { task.cancel() }
    }

    deinit {
        cancel()
    }

    /// Cancels the work. Calling it again does nothing.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    /// Whether ``cancel()`` has run.
    public var isCancelled: Bool {
        onCancel.withLock { $0 == nil }
    }

    /// Keeps the token in `set` (it lives as long as the set holds it).
    public func store(in set: inout Set<SubscriptionToken>) {
        set.insert(self)
    }

    /// Keeps the token in `array`.
    public func store(in array: inout [SubscriptionToken]) {
        array.append(self)
    }

    /// Whether both are the same token: tokens compare by identity.
    public static func == (lhs: SubscriptionToken, rhs: SubscriptionToken) -> Bool {
        lhs === rhs
    }

    /// Hashes the token's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
