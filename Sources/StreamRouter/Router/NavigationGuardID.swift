/// Identifies a guard or preparation registered on a ``Router``, to remove it with
/// ``Router/removeGuard(_:)``.
public struct NavigationGuardID: Sendable, Hashable {
    let rawValue: UInt64
}
