/// Everything a ``Router`` keeps behind its lock: its navigation state, its turn-taking
/// queue, the last path change and the next request id.
struct RouterStorage<Route: RouteProvider>: Sendable {
    var stack: RouteStack<Route>
    var queue = NavigationQueue()
    var lastAction: NavigationAction?

    init(_ state: RouterState<Route>) {
        stack = RouteStack(state)
    }
}
