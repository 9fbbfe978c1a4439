/// The compiled form of a ``RouteTable``: a segment trie over its patterns that finds the
/// lowest-indexed entry matching a path without testing every entry, and each entry's
/// pattern compiled to a ``PatternMatcher`` that extracts what it matched.
///
/// Nodes live in one flat array (index 0 is the root), literal edges in one hash table
/// keyed by bytes (``RouteLiteralIndex``). A lookup walks the path's segments in place,
/// following the literal child for the segment, the parameter child, and both ways through
/// an optional-parameter child (consume the segment, or skip the parameter); a `*` ending at
/// a node matches whatever remains. Branches whose entries cannot beat the best index found
/// so far are pruned, and a state (node, segment) entered through an optional parameter is
/// explored at most once, so a lookup never takes more than nodes × segments steps, and
/// recursion is never deeper than the longest pattern.
///
/// An immutable, `Sendable` class once built: a lookup borrows it without retaining each of
/// its arrays, and allocates nothing but the winning entry's ``RouteInformation``.
@usableFromInline
final class RouteTrie: Sendable {
    private let nodes: [RouteTrieNode]
    private let literals: RouteLiteralIndex
    private let matchers: [PatternMatcher]

    /// Compiles the patterns of a table's entries, in declaration order.
    init(_ patterns: [PathPattern]) {
        var builder = Builder()
        for (index, pattern) in patterns.enumerated() {
            builder.insert(pattern, index: index)
        }
        nodes = builder.nodes
        literals = builder.literals
        matchers = patterns.map(\.matcher)
    }

    /// Builds the nodes and literal edges, one pattern at a time.
    private struct Builder {
        var nodes: [RouteTrieNode] = [RouteTrieNode()]
        var literals = RouteLiteralIndex()

        /// Adds the pattern of entry `index`. Entries are inserted in ascending index order.
        mutating func insert(_ pattern: PathPattern, index: Int) {
            var current = 0
            nodes[current].include(index)
            for segment in pattern.segments {
                switch segment {
                case .literal(let text):
                    let label = Array(text.utf8)
                    if let child = literals.child(of: current, for: label) {
                        current = child
                    } else {
                        let child = appendNode()
                        literals.insert(parent: current, label: label, child: child)
                        nodes[current].hasLiterals = true
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
    }

    /// Offers `accept` the entries whose pattern matches `path` (normalised first), in
    /// declaration order, with what each matched, until `accept` takes one (returns `true`).
    ///
    /// Not generic, so that the whole walk is compiled for concrete types: the table's
    /// generic code only reads the winning entry's value.
    @usableFromInline
    func firstMatch(_ path: String, accept: (_ index: Int, _ information: RouteInformation) -> Bool) {
        PathSegments.withNormalizedSegments(of: path) { segments, normalized in
            var lowerBound = -1
            // Each round looks above the last index tried, so the loop always ends.
            while let index = firstMatch(in: segments, after: lowerBound), index > lowerBound {
                lowerBound = index
                guard let information = matchers[index].match(segments, normalized: normalized) else {
                    continue  // Unreachable: the trie and the entry's matcher agree.
                }
                if accept(index, information) { return }
            }
        }
    }

    /// The lowest entry index above `lowerBound` whose pattern matches `path`, or `nil`.
    private func firstMatch(in path: PathSegments, after lowerBound: Int) -> Int? {
        var search = Search(path: path, lowerBound: lowerBound)
        visit(0, at: 0, &search)
        return search.best == Int.max ? nil : search.best
    }

    /// The state of one lookup.
    private struct Search {
        let path: PathSegments
        /// Only entries above this index count.
        let lowerBound: Int
        /// The lowest matching index found so far (`Int.max` when none).
        var best = Int.max
        /// States `node * (segments + 1) + segment` already explored after an optional
        /// parameter. Exploring one again cannot lower `best`.
        var explored: Set<Int> = []

        init(path: PathSegments, lowerBound: Int) {
            self.path = path
            self.lowerBound = lowerBound
        }

        /// Takes the first index of `sorted` within the bounds, if it improves `best`.
        mutating func consider(_ sorted: [Int]) {
            guard let first = sorted.first, first < best, let last = sorted.last, last > lowerBound else { return }
            if first > lowerBound {
                best = first
                return
            }
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
        guard nodes[index].minimumIndex < search.best, nodes[index].maximumIndex > search.lowerBound else { return }
        if !nodes[index].wildcards.isEmpty {
            search.consider(nodes[index].wildcards)
        }
        guard part < search.path.count else {
            if !nodes[index].terminals.isEmpty {
                search.consider(nodes[index].terminals)
            }
            if let optional = nodes[index].optionalParameter {
                visitAfterOptional(optional, at: part, &search)
            }
            return
        }
        if nodes[index].hasLiterals, let literal = literals.child(of: index, for: search.path.segment(part)) {
            visit(literal, at: part + 1, &search)
        }
        if let parameter = nodes[index].parameter {
            visit(parameter, at: part + 1, &search)
        }
        if let optional = nodes[index].optionalParameter {
            // Consuming and skipping are both tried: which matches first in declaration
            // order depends on the rest of each pattern.
            visitAfterOptional(optional, at: part + 1, &search)
            visitAfterOptional(optional, at: part, &search)
        }
    }

    private func visitAfterOptional(_ index: Int, at part: Int, _ search: inout Search) {
        guard search.explored.insert(index * (search.path.count + 1) + part).inserted else { return }
        visit(index, at: part, &search)
    }
}
