/// Combine's `Cancellable`.
public protocol Cancellable {
    /// Stops the activity.
    func cancel()
}

/// Combine's `AnyCancellable`: cancels when cancelled or deinitialised.
public final class AnyCancellable: Cancellable, Hashable {
    private var cancelAction: (() -> Void)?

    /// Creates a token that runs `cancel` once.
    public init(_ cancel: @escaping () -> Void) {
        cancelAction = cancel
    }

    deinit {
        cancelAction?()
    }

    public func cancel() {
        let action = cancelAction
        cancelAction = nil
        action?()
    }

    /// Combine's `store(in:)`.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
