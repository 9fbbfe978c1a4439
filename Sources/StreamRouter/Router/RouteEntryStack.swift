/// Pushing, popping, searching and renewing route entries, keeping the joined length of
/// their paths: the base stack of a ``RouterState`` and the stack inside each presentation
/// do the same.
extension _PersistentStack {
    /// Pushes an entry for `route`; when the stack would hold more than `limit` routes, the
    /// bottom one is dropped (finding it walks the stack: only a stack at its limit pays).
    /// - Parameters:
    ///   - neighbour: The entry `route` replaces or is pushed onto, whose path the new entry
    ///     takes when it is made of the same route (see ``_RouteStackEntry``).
    ///   - pathLength: What is known of the length of the stack's joined path, kept up to date.
    @inlinable
    mutating func push<Route>(
        _ route: Route, limit: Int, neighbour: _RouteStackEntry<Route>?, pathLength: inout _JoinedPathLength
    ) where Element == _RouteStackEntry<Route> {
        guard limit > 0 else { return }
        let entry = _RouteStackEntry(route, neighbour: neighbour)
        if count >= limit, let bottom = first {
            pathLength.remove(bottom)
        }
        push(entry, limit: limit)
        pathLength.add(entry)
    }

    /// Pops `k` entries (all of them when `k` is larger than the count), keeping
    /// `pathLength` up to date.
    @inlinable
    mutating func removeLast<Route>(_ k: Int, pathLength: inout _JoinedPathLength)
    where Element == _RouteStackEntry<Route> {
        for _ in 0..<Swift.min(Swift.max(k, 0), count) {
            if let entry = popLast() {
                pathLength.remove(entry)
            }
        }
    }

    /// The top `limit` entries in fresh entries (new ids, the same paths), and what is
    /// known of the length of their joined path.
    func renewed<Route>(keepingTop limit: Int) -> (_PersistentStack, pathLength: _JoinedPathLength)
    where Element == _RouteStackEntry<Route> {
        var renewed = _PersistentStack()
        var pathLength = _JoinedPathLength()
        for entry in bottomFirst.suffix(limit) {
            let fresh = _RouteStackEntry(renewing: entry)
            renewed.push(fresh)
            pathLength.add(fresh)
        }
        return (renewed, pathLength)
    }

    /// How many entries lie above the topmost one holding `route`, or `nil` when none does.
    @inlinable
    func distanceFromTop<Route>(to route: Route) -> Int? where Element == _RouteStackEntry<Route> {
        for (distance, entry) in topDown.enumerated() where entry.route == route {
            return distance
        }
        return nil
    }
}
