/// The entries of a state across its levels, for finding an entry by route (loaders).
extension RouterState {
    /// Every displayed entry, topmost first: the topmost presentation's stack, its route,
    /// then each level below in the same way, then the base stack. O(displayed entries).
    var displayedEntriesTopDown: [RouteStackEntry<Route>] {
        var entries: [RouteStackEntry<Route>] = []
        for (depth, level) in levels.topDown.enumerated() {
            entries += depth == 0 ? Array(topStack.topDown) : Array(level.stack.topDown)
            entries.append(level.entry)
        }
        entries += self.entries.topDown
        return entries
    }

    /// The entries with ids from `firstID` on, topmost first: those made after that id was
    /// read (each stack's are on its top, as ids increase from bottom to top). O(those
    /// entries + levels), whatever the stacks' lengths.
    @inlinable
    func entries(madeFrom firstID: UInt64) -> [RouteStackEntry<Route>] {
        var made: [RouteStackEntry<Route>] = []
        func collect(_ stack: PersistentStack<RouteStackEntry<Route>>) {
            for entry in stack.topDown {
                guard entry.id >= firstID else { return }
                made.append(entry)
            }
        }
        for (depth, level) in levels.topDown.enumerated() {
            collect(depth == 0 ? topStack : level.stack)
            if level.entry.id >= firstID {
                made.append(level.entry)
            }
        }
        collect(entries)
        return made
    }
}
