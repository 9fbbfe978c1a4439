/// Everything a ``Router`` keeps behind its lock: its navigation state, its turn-taking
/// queue and the last path change.
struct RouterStorage<Route: RouteProvider>: Sendable {
    var state: RouterState<Route>
    var queue = NavigationQueue()
    var lastAction: NavigationAction?

    init(_ state: RouterState<Route>) {
        self.state = state
    }
}
