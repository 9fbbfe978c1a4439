/// Stack operations on a history, for stack-shaped navigation such as ``Router``: push
/// several entries at once, and pop back to an entry, discarding what lies above it.
///
/// They are built from the history's own moves (`push`, `goBack`, `replaceCurrent`), so
/// the invariants hold as before: there is always a current entry and the first entry is
/// never dropped.
extension NavigationHistory {
    /// Pushes `newEntries` in order, as many ``push(_:)`` calls would: the last becomes
    /// current. Pushing at least one entry clears the forward entries; pushing none
    /// changes nothing.
    ///
    /// - Parameter newEntries: The entries, oldest first.
    public mutating func push(contentsOf newEntries: some Sequence<Entry>) {
        for entry in newEntries {
            push(entry)
        }
    }

    /// Makes the entry at `index` current, discarding every entry after it, and the forward
    /// entries, for good (unlike ``goBack(total:)``, which keeps them to go forward to).
    ///
    /// `index` is clamped: 0 or less pops back to the first entry, and an index at or past
    /// the current entry pops nothing and changes nothing.
    ///
    /// - Parameter index: The position in ``entries`` of the entry to pop back to.
    /// - Returns: The number of entries discarded from ``entries``.
    @discardableResult
    public mutating func pop(to index: Int) -> Int {
        let steps = goBack(total: backCount - max(index, 0))
        if steps > 0 {
            // Re-setting the current entry clears the forward entries the steps back left.
            replaceCurrent(with: current)
        }
        return steps
    }
}
