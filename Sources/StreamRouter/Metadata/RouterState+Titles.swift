extension RouterState {
    /// The displayed entries' titles (``RouteMetadata/title``), bottom first: the base
    /// stack's routes, then each presentation's route and the stack inside it; untitled
    /// routes are left out. What ``Router/titles`` publishes, read once: O(displayed entries),
    /// one ``RouteProvider/metadata`` read each.
    public var titles: [String] {
        var titles: [String] = []
        for route in displayedRoutes {
            if let title = route.metadata.title {
                titles.append(title)
            }
        }
        return titles
    }

    /// The displayed routes, bottom first: the base stack, then each presentation's route and
    /// stack.
    var displayedRoutes: [Route] {
        _entries.bottomFirst.map(\.route)
    }
}
