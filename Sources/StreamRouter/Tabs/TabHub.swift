/// What a ``TabRouter`` keeps behind its own lock: the selected tab and a copy of every
/// tab's state (kept up to date by the routers' relayed events, so the whole tree is read
/// in one critical section, without taking any router's lock), and the app's last path
/// change.
struct TabHub<Tab: Hashable & Codable & Sendable, Route: RouteProvider>: Sendable {
    var state: TabRouterState<Tab, Route>
    var lastAction: NavigationAction?
    /// How many times ``state`` changed since launch: the generation of each saved state.
    var changeCount = 0

    /// The path the app shows: the selected tab's stack's path.
    var path: String {
        state[state.selected].path
    }
}

/// What a ``TabRouter``'s lock publishes: a tab's router event, a change of the app's path,
/// a change of selection, and the state after it.
struct TabHubEvent<Tab: Hashable & Codable & Sendable, Route: RouteProvider>: Sendable {
    var routerEvent: TabRouterEvent<Tab, Route>?
    /// The selected tab, when this event selected it.
    var selection: Tab?
    /// The change of the app's path (the selected tab's path), if any.
    var action: NavigationAction?
    /// The state after the event, when it changed, with its generation.
    var state: TabRouterState<Tab, Route>?
    var generation = 0
}
