/// A guard given to a router's initialiser, so that it exists before the router restores
/// its saved state (see ``Router/init(initialState:store:restoring:guards:urlMatchers:policy:options:)``).
///
/// ```swift
/// let auth = NavigationGuard<AppRoute>(named: "auth") { pending in
///     pending.destinations.contains(.checkout) && !session.isLoggedIn ? .cancel(AuthError.loggedOut) : .allow
/// }
/// let router = Router<AppRoute>(store: store, guards: [auth])   // the saved stack goes through "auth"
/// ```
///
/// It is the value form of ``Router/addGuard(named:deadline:_:)``: the same name, deadline
/// and check, registered in the order given, before anything else.
public struct NavigationGuard<Route: RouteProvider>: Sendable {
    /// Names the guard in ``NavigationError/cancelledByGuard(name:reason:)``; `nil` for
    /// `#<number>`.
    public let name: String?
    /// How long the guard may take; `nil` for the router's ``Router/defaultGuardDeadline``.
    public let deadline: Duration?
    let check: @Sendable (PendingNavigation<Route>) async throws -> GuardDecision<Route>

    /// A guard, as ``Router/addGuard(named:deadline:_:)`` registers one.
    /// - Parameters:
    ///   - name: Names the guard in errors; `#<number>` by default.
    ///   - deadline: How long the guard may take; `nil` uses the router's default.
    ///   - check: Allows, cancels or redirects a pending navigation.
    public init(
        named name: String? = nil,
        deadline: Duration? = nil,
        _ check: @escaping @Sendable (PendingNavigation<Route>) async throws -> GuardDecision<Route>
    ) {
        self.name = name
        self.deadline = deadline
        self.check = check
    }
}
