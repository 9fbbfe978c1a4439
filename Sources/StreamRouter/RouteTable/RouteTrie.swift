/// A segment trie over the patterns of a ``RouteTable``: finds the lowest-indexed entry
/// whose pattern matches a path without testing every entry.
///
/// Nodes live in one flat array (index 0 is the root), so the trie is a plain `Sendable`
/// value. A lookup walks the path's segments, following the literal child for the segment,
/// the parameter child, and both ways through an optional-parameter child (consume the
/// segment, or skip the parameter); a `*` ending at a node matches whatever remains.
/// Branches whose entries cannot beat the best index found so far are pruned, and a state
/// (node, segment) entered through an optional parameter is explored at most once, so a
/// lookup never takes more than nodes × segments steps, and recursion is never deeper than
/// the longest pattern.
struct RouteTrie: Sendable {
    private var nodes: [RouteTrieNode] = [RouteTrieNode()]

    /// Adds the pattern of entry `index`. Entries must be inserted in ascending index order.
    mutating func insert(_ pattern: PathPattern, index: Int) {
        var current = 0
        nodes[current].include(index)
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                let key = RouteSegmentKey(text)
                if let child = nodes[current].literals[key] {
                    current = child
                } else {
                    let child = appendNode()
                    nodes[current].literals[key] = child
                    current = child
                }
            case .parameter:
                current = child(of: current, at: \.parameter)
            case .optionalParameter:
                current = child(of: current, at: \.optionalParameter)
            case .wildcard:
                // Only ever last: the entry ends here.
                nodes[current].wildcards.append(index)
                return
            }
            nodes[current].include(index)
        }
        nodes[current].terminals.append(index)
    }

    private mutating func appendNode() -> Int {
        nodes.append(RouteTrieNode())
        return nodes.count - 1
    }

    private mutating func child(of node: Int, at keyPath: WritableKeyPath<RouteTrieNode, Int?>) -> Int {
        if let child = nodes[node][keyPath: keyPath] {
            return child
        }
        let child = appendNode()
        nodes[node][keyPath: keyPath] = child
        return child
    }

    /// The lowest entry index above `lowerBound` whose pattern matches `parts` (the
    /// segments of a normalised path), or `nil`.
    func firstMatch(of parts: [Substring.UTF8View], after lowerBound: Int) -> Int? {
        var search = Search(parts: parts, lowerBound: lowerBound)
        visit(0, at: 0, &search)
        return search.best == Int.max ? nil : search.best
    }

    /// The state of one lookup.
    private struct Search {
        let parts: [Substring.UTF8View]
        /// Only entries above this index count.
        let lowerBound: Int
        /// The lowest matching index found so far (`Int.max` when none).
        var best = Int.max
        /// States `node * (parts.count + 1) + part` already explored after an optional
        /// parameter. Exploring one again cannot lower `best`.
        var explored: Set<Int> = []

        init(parts: [Substring.UTF8View], lowerBound: Int) {
            self.parts = parts
            self.lowerBound = lowerBound
        }

        /// Takes the first index of `sorted` within the bounds, if it improves `best`.
        mutating func consider(_ sorted: [Int]) {
            guard let first = sorted.first, first < best, let last = sorted.last, last > lowerBound else { return }
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] > lowerBound { high = middle } else { low = middle + 1 }
            }
            if low < sorted.count, sorted[low] < best {
                best = sorted[low]
            }
        }
    }

    private func visit(_ index: Int, at part: Int, _ search: inout Search) {
        let node = nodes[index]
        guard node.minimumIndex < search.best, node.maximumIndex > search.lowerBound else { return }
        search.consider(node.wildcards)
        guard part < search.parts.count else {
            search.consider(node.terminals)
            if let optional = node.optionalParameter {
                visitAfterOptional(optional, at: part, &search)
            }
            return
        }
        if let literal = node.literals[RouteSegmentKey(search.parts[part])] {
            visit(literal, at: part + 1, &search)
        }
        if let parameter = node.parameter {
            visit(parameter, at: part + 1, &search)
        }
        if let optional = node.optionalParameter {
            // Consuming and skipping are both tried: which matches first in declaration
            // order depends on the rest of each pattern.
            visitAfterOptional(optional, at: part + 1, &search)
            visitAfterOptional(optional, at: part, &search)
        }
    }

    private func visitAfterOptional(_ index: Int, at part: Int, _ search: inout Search) {
        guard search.explored.insert(index * (search.parts.count + 1) + part).inserted else { return }
        visit(index, at: part, &search)
    }
}
