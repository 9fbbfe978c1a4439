/// One node of a ``_RouteTrie``: the state reached after matching a prefix of pattern
/// segments. Children are node indices into the trie's flat storage; literal children are
/// in the trie's ``RouteLiteralIndex``, and the entries ending here are ranges of the trie's
/// flat list of entry indices, so a node is a plain value (a lookup copies it without
/// retaining anything).
struct RouteTrieNode: Sendable {
    /// Whether the node has children reached by a literal segment.
    var hasLiterals = false
    /// Whether the node has children reached by a partial segment (`@:handle`), in the
    /// trie's partial edges. Next to `hasLiterals`, in what would be padding.
    var hasPartials = false
    /// The child reached by a `:name` segment (names do not affect matching).
    var parameter: Int?
    /// The child reached by a `:name?` segment, consuming one path segment or none.
    var optionalParameter: Int?
    /// Where the entries whose pattern ends at this node are in the trie's entry list
    /// (ascending).
    var terminals: Range<Int> = 0..<0
    /// Where the entries whose pattern ends with `*` at this node are (ascending).
    var wildcards: Range<Int> = 0..<0
    /// The lowest entry index in this node's subtree (`Int.max` when none).
    var minimumIndex = Int.max
    /// The highest entry index in this node's subtree (`-1` when none).
    var maximumIndex = -1
    /// For a node reached through an optional parameter, its number among those nodes (a
    /// lookup remembers which of its states it explored).
    var memoSlot = 0

    /// Records that entry `index` ends in this node's subtree.
    mutating func include(_ index: Int) {
        minimumIndex = min(minimumIndex, index)
        maximumIndex = max(maximumIndex, index)
    }
}
