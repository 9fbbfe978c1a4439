/// When a ``Router`` or a ``TabRouter`` made with a store applies the state it saved.
///
/// ```swift
/// // At creation (the default): the saved stack is there at once, as with Routing's @Router.
/// let router = Router<AppRoute>(store: store)
///
/// // Through the guards: nothing saved is shown until restore() runs it past them.
/// let guarded = Router<AppRoute>(store: store, restoring: .throughGuards)
/// guarded.addGuard(named: "auth") { pending in ... }
/// await guarded.restore()
/// ```
///
/// Choose ``throughGuards`` whenever a guard protects a route that may be saved (a checkout
/// behind a login): restored at creation, a saved file reaches screens no guard has seen.
public enum Restoration: Sendable, Hashable {
    /// The saved state is shown when the router is created, before any guard can exist
    /// (readers see it at once; ``Router/restore()`` then only reports how it went).
    case atCreation
    /// The router starts at its initial state, and ``Router/restore()`` (or
    /// ``TabRouter/restore()``) applies the saved state as a navigation through the guards,
    /// so no reader ever sees a state the guards did not allow.
    case throughGuards
}
