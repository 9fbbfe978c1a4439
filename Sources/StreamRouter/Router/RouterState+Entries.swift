/// The entries of a state across its levels, for finding an entry by route (loaders).
extension RouterState {
    /// The id of the first displayed entry, topmost first (the topmost presentation's stack,
    /// its route, then each level below in the same way, then the base stack), whose route
    /// and id satisfy `isMatch`, and only among those with ids from `firstID` on (0 for all):
    /// those made after that id was read (each stack's are on its top, as ids increase from
    /// bottom to top). O(the entries passed + levels), whatever the stacks' lengths;
    /// allocates nothing, and reads each entry's route and id in place (a copy of an entry
    /// retains its path: the loader row).
    @inlinable
    func _firstDisplayedEntryID(
        from firstID: UInt64 = 0, where isMatch: (Route, UInt64) -> Bool
    ) -> UInt64? {
        func search(_ stack: _PersistentStack<_RouteStackEntry<Route>>) -> UInt64? {
            var node = stack.top
            var remaining = stack.count
            while remaining > 0, let current = node {
                let id = current.element.id
                guard id >= firstID else { return nil }
                if isMatch(current.element.route, id) { return id }
                remaining -= 1
                node = current.below
            }
            return nil
        }
        var depth = 0
        for level in _levels.topDown {
            if let found = search(depth == 0 ? _topStack : level.stack) {
                return found
            }
            if level.entry.id >= firstID, isMatch(level.entry.route, level.entry.id) {
                return level.entry.id
            }
            depth += 1
        }
        return search(_entries)
    }
}
