/// The bytes of a stack's joined path, from the last one back, entry by entry; it stops at
/// an entry whose path is deferred and not computed (``reachedDeferredPath``), never
/// running route code.
@usableFromInline
struct _PathBytesFromEnd<Route: RouteProvider> {
    /// The entry being read and the entries below it.
    @usableFromInline var node: _PersistentStack<_RouteStackEntry<Route>>.Node?
    /// The visible entries from `node` down.
    @usableFromInline var remaining: Int
    @usableFromInline var bytes: String.UTF8View
    @usableFromInline var index: String.UTF8View.Index
    /// Whether ``next()`` stopped at an entry whose path is not known.
    @usableFromInline var reachedDeferredPath = false

    /// Reads `suffix` (a modal's path) first, then the entries' paths.
    @inlinable
    init(_ entries: _PersistentStack<_RouteStackEntry<Route>>, suffix: String = "") {
        node = entries.top
        remaining = entries.count
        bytes = suffix.utf8
        index = bytes.endIndex
    }

    /// Whether both readers are between entries, at the same node with the same number of
    /// entries left: the rest of both paths is the same bytes.
    @inlinable
    func isSharing(with other: _PathBytesFromEnd) -> Bool {
        index == bytes.startIndex && other.index == other.bytes.startIndex && node === other.node
            && remaining == other.remaining
    }

    /// When both readers are between entries and their next entries have equal paths,
    /// moves both past them (one string comparison instead of a byte at a time).
    /// - Returns: Whether they moved.
    @inlinable
    mutating func skipEqualEntry(with other: inout _PathBytesFromEnd) -> Bool {
        guard index == bytes.startIndex, other.index == other.bytes.startIndex, remaining > 0, other.remaining > 0,
            let current = node, let theirs = other.node, current.element.hasSamePath(as: theirs.element) == true
        else { return false }
        node = current.below
        remaining -= 1
        other.node = theirs.below
        other.remaining -= 1
        return true
    }

    @inlinable
    mutating func next() -> UInt8? {
        while index == bytes.startIndex {
            guard remaining > 0, let current = node else { return nil }
            guard let path = current.element.knownPath else {
                reachedDeferredPath = true
                return nil
            }
            bytes = path.utf8
            index = bytes.endIndex
            node = current.below
            remaining -= 1
        }
        index = bytes.index(before: index)
        return bytes[index]
    }
}
