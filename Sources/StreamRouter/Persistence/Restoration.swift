/// When a ``Router`` or a ``TabRouter`` made with a store applies the state it saved.
///
/// ```swift
/// // At creation (the default), no guards: the saved stack is there at once, as with Routing's @Router.
/// let router = Router<AppRoute>(store: store)
///
/// // At creation, with guards: the saved stack is the first navigation, through them.
/// let guarded = Router<AppRoute>(store: store, guards: [auth])
///
/// // Through the guards added later: nothing saved is shown until restore() runs it past them.
/// let later = Router<AppRoute>(store: store, restoring: .throughGuards)
/// later.addGuard(named: "auth") { pending in ... }
/// await later.restore()
/// ```
///
/// Give a router the guards that protect a route that may be saved (a checkout behind a
/// login) when you create it, or choose ``throughGuards``: a router restored at creation
/// without guards shows a saved file's screens before any guard added later exists.
public enum Restoration: Sendable, Hashable {
    /// The saved state is applied when the router is created. Without guards given to the
    /// initialiser, it is the router's state at once (``Router/restore()`` then only reports
    /// how it went); with them, it is the router's first navigation, through them, and
    /// readers see the initial state until they allow it.
    case atCreation
    /// The router starts at its initial state, and ``Router/restore()`` (or
    /// ``TabRouter/restore()``) applies the saved state as a navigation through the guards,
    /// so no reader ever sees a state the guards did not allow.
    case throughGuards
}
