/// A guard's answer about a pending navigation: let it go on, cancel it, or send it
/// elsewhere.
///
/// ```swift
/// router.addGuard(named: "auth") { pending in
///     guard pending.destinations.contains(where: \.needsLogin), !session.isLoggedIn else { return .allow }
///     return .redirect(to: .login)
/// }
/// ```
public struct GuardDecision<Route: RouteProvider>: Sendable {
    enum Kind: Sendable {
        case allow
        case cancel(any Error)
        case redirect(NavigationOperation<Route>)
        case confirm(any Sendable)
    }

    let kind: Kind

    /// Let the navigation go on to the next guard, then commit.
    public static var allow: Self {
        Self(kind: .allow)
    }

    /// Cancel the navigation; it throws ``NavigationError/cancelledByGuard(name:reason:)``
    /// with `reason`. Throwing from the guard does the same.
    public static func cancel(_ reason: any Error) -> Self {
        Self(kind: .cancel(reason))
    }

    /// Navigate to `route` instead (pushed or shown by its transition).
    public static func redirect(to route: Route) -> Self {
        redirect(.navigate(to: [route]))
    }

    /// Perform `operation` instead. The new request goes through every guard again;
    /// coming back to an operation already in the chain is a loop
    /// (``NavigationError/redirectLoop(chain:)``).
    public static func redirect(_ operation: NavigationOperation<Route>) -> Self {
        Self(kind: .redirect(operation))
    }

    /// Ask the user first: the navigation waits, pending, until the app answers the
    /// ``PendingConfirmation`` the router publishes (``Router/pendingConfirmation``) with
    /// ``PendingConfirmation/proceed()`` (it goes on through the remaining guards) or
    /// ``PendingConfirmation/cancel()`` (it throws ``NavigationError/cancelledByGuard(name:reason:)``
    /// with ``ConfirmationDeclined``, changing nothing).
    ///
    /// ```swift
    /// router.addGuard(named: "unsaved") { pending in
    ///     draft.isDirty && pending.destinations.isEmpty ? .confirm("Discard your changes?") : .allow
    /// }
    /// ```
    ///
    /// While it waits, the guard's deadline does not run (the user is being asked); under
    /// ``NavigationOptions/Concurrency/queue`` later navigations wait behind it, and under
    /// ``NavigationOptions/Concurrency/latestWins`` a later one supersedes it.
    /// - Parameter prompt: What the app's dialog shows: any value of the app's own (a
    ///   string, an enum of the app's dialogs).
    public static func confirm(_ prompt: any Sendable) -> Self {
        Self(kind: .confirm(prompt))
    }
}
