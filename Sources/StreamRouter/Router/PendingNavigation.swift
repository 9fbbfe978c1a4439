/// A navigation about to commit, as guards, preparations and transition handlers see it.
public struct PendingNavigation<Route: RouteProvider>: Sendable {
    /// The attempt (after any redirects so far).
    public let request: NavigationRequest<Route>
    /// The router's state now.
    public let from: RouterState<Route>
    /// The router's state if the navigation commits.
    public let to: RouterState<Route>
    /// The routes the navigation shows, in order: those navigated to or replaced with
    /// (whatever their transition); empty for moves back and `dismiss`.
    public let destinations: [Route]

    /// Creates a pending navigation (for tests of guards).
    @inlinable
    public init(
        request: NavigationRequest<Route>, from: RouterState<Route>, to: RouterState<Route>, destinations: [Route]
    ) {
        self.request = request
        self.from = from
        self.to = to
        self.destinations = destinations
    }
}
