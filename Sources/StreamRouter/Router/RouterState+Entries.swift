/// The entries of a state across its levels, for finding an entry by route (loaders).
extension RouterState {
    /// The first displayed entry, topmost first (the topmost presentation's stack, its
    /// route, then each level below in the same way, then the base stack), for which
    /// `isMatch` holds, and only among those with ids from `firstID` on (0 for all): those
    /// made after that id was read (each stack's are on its top, as ids increase from bottom
    /// to top). O(the entries passed + levels), whatever the stacks' lengths; allocates
    /// nothing.
    @inlinable
    func _firstDisplayedEntry(
        from firstID: UInt64 = 0, where isMatch: (_RouteStackEntry<Route>) -> Bool
    ) -> _RouteStackEntry<Route>? {
        func search(_ stack: _PersistentStack<_RouteStackEntry<Route>>) -> _RouteStackEntry<Route>? {
            for entry in stack.topDown {
                guard entry.id >= firstID else { return nil }
                if isMatch(entry) { return entry }
            }
            return nil
        }
        var depth = 0
        for level in _levels.topDown {
            if let found = search(depth == 0 ? _topStack : level.stack) {
                return found
            }
            if level.entry.id >= firstID, isMatch(level.entry) {
                return level.entry
            }
            depth += 1
        }
        return search(_entries)
    }
}
