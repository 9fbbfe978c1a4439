/// The one matching engine of the library: a segment trie over patterns that finds the
/// lowest-indexed entry matching a path and records, as it walks, which part of the path
/// each of that entry's segments took. ``RouteTable`` lookups, ``PathPattern/match(_:)`` (a
/// trie of one entry) and URL groups (``URLMatcherGroup``, over decoded URL segments) all
/// run it.
///
/// Nodes live in one flat array (index 0 is the root), literal edges in one hash table
/// keyed by bytes (``RouteLiteralIndex``). A lookup walks the path's segments in place,
/// following the literal child for the segment, the partial-segment children whose prefix
/// and suffix it has (`@:handle`; a node without them pays one flag test), the one-segment
/// child, and both ways through an optional child (consume the segment first, then skip
/// it, so that for each entry the first way found is the greedy one); a `*` ending at a
/// node matches whatever
/// remains. Branches whose entries cannot beat the best index found so far are pruned, and
/// a state (node, segment) entered through an optional parameter is explored at most once,
/// so a lookup never takes more than nodes × segments steps, and recursion is never deeper
/// than the longest pattern.
///
/// A trie of one entry first walks that entry's segments in a straight line, without the
/// hash table, up to its first optional parameter (the trie walk takes over from there, if
/// there is one).
///
/// A table's trie also indexes its static paths (patterns of literals only, `/user/starred`)
/// whole, in a second ``RouteLiteralIndex``: a path whose bytes are one of them, where that
/// entry is the first match (checked by a walk when the trie is built), is offered that
/// entry after one hash of the path, without splitting it or walking (the walk takes over,
/// above that entry, if it is refused). A static route then costs about what a
/// `Dictionary` lookup of its path costs (the `github-routes` benchmark).
///
/// An immutable, `Sendable` class once built: a lookup borrows it without retaining each of
/// its arrays, and allocates nothing but what it returns.
@usableFromInline
final class _RouteTrie: Sendable {
    /// One segment of a pattern, as the trie reads it.
    typealias Segment = PatternSegment

    private enum Kind: UInt8, Sendable {
        case literal, capture, skip, optionalCapture, rest, partialCapture
    }

    /// A compiled segment: a literal's bytes in `literalBytes`, or a name at `names[start]`
    /// (for a partial capture, with its prefix and suffix at `affixes[count]`).
    private struct Step: Sendable {
        let kind: Kind
        let start: Int
        let count: Int
    }

    private let nodes: [RouteTrieNode]
    /// The entries ending at each node, node after node (see ``RouteTrieNode/terminals``).
    private let entryLists: [Int]
    private let literals: RouteLiteralIndex
    /// Every entry's steps, one entry after the other; entry `i` is
    /// `steps[stepStarts[i]..<stepStarts[i + 1]]`.
    private let steps: [Step]
    private let stepStarts: [Int]
    /// The number of named segments of each entry.
    private let captureCounts: [Int]
    private let literalBytes: [UInt8]
    private let names: [String]
    /// The most steps of any entry.
    private let longestEntry: Int
    /// The number of nodes reached through an optional parameter (their `memoSlot`s).
    private let memoSlots: Int
    /// The static paths whose entry is their first match: from the path's bytes (under
    /// parent 0) to the entry. Empty unless asked for.
    private let staticPaths: RouteLiteralIndex
    /// The partial captures' prefixes and suffixes (bytes in `literalBytes`), by step.
    private let affixes: [SegmentAffix]
    /// The edges of partial segments (``RouteTrieNode/hasPartials``): node `i`'s are
    /// `partialEdges[partialStarts[i]..<partialStarts[i + 1]]`, their bytes in `partialBytes`.
    /// Empty when no pattern has a partial segment.
    private let partialEdges: [PartialEdge]
    private let partialStarts: [Int]
    private let partialBytes: [UInt8]

    /// A node's child reached by a segment with this prefix and suffix.
    private struct PartialEdge: Sendable {
        let affix: SegmentAffix
        let child: Int
    }

    /// Compiles patterns, in declaration order (entry `i` is `patterns[i]`).
    /// - Parameter indexingStaticPaths: Whether to index the static paths whole (see
    ///   ``_RouteTrie``): what a ``RouteTable`` asks for; URL groups look up decoded segments,
    ///   and a pattern's own trie has its straight walk.
    convenience init(_ patterns: [[Segment]], indexingStaticPaths: Bool = false) {
        guard indexingStaticPaths else {
            self.init(compiling: patterns, staticPaths: RouteLiteralIndex())
            return
        }
        let draft = _RouteTrie(compiling: patterns, staticPaths: RouteLiteralIndex())
        var staticPaths = RouteLiteralIndex()
        for (index, pattern) in patterns.enumerated() {
            var texts: [String] = []
            for segment in pattern {
                guard case .literal(let text) = segment else { break }
                texts.append(text)
            }
            // Only literals, a normalised path not indexed yet, whose first match is this entry.
            guard texts.count == pattern.count else { continue }
            let path = "/" + texts.joined(separator: "/")
            guard PathResolver.isNormalized(path), staticPaths.child(of: 0, for: path) == nil,
                draft.firstIndex(path) == index
            else { continue }
            staticPaths.insert(parent: 0, label: path, child: index)
        }
        self.init(draft, staticPaths: staticPaths)
    }

    /// `trie`'s compiled patterns, with `staticPaths`.
    private init(_ trie: _RouteTrie, staticPaths: RouteLiteralIndex) {
        nodes = trie.nodes
        entryLists = trie.entryLists
        literals = trie.literals
        steps = trie.steps
        stepStarts = trie.stepStarts
        captureCounts = trie.captureCounts
        literalBytes = trie.literalBytes
        names = trie.names
        longestEntry = trie.longestEntry
        memoSlots = trie.memoSlots
        affixes = trie.affixes
        partialEdges = trie.partialEdges
        partialStarts = trie.partialStarts
        partialBytes = trie.partialBytes
        self.staticPaths = staticPaths
    }

    /// The first entry matching `path`, if any.
    private func firstIndex(_ path: String) -> Int? {
        PathSegments.withNormalizedSegments(of: path) { segments, _ in
            var found: Int?
            firstMatch(in: segments) { index, _ in
                found = index
                return true
            }
            return found
        }
    }

    /// Compiles patterns, in declaration order (entry `i` is `patterns[i]`).
    private init(compiling patterns: [[Segment]], staticPaths: RouteLiteralIndex) {
        self.staticPaths = staticPaths
        var builder = Builder()
        var steps: [Step] = []
        var stepStarts: [Int] = [0]
        var literalBytes: [UInt8] = []
        var names: [String] = []
        var captureCounts: [Int] = []
        var affixes: [SegmentAffix] = []
        for (index, pattern) in patterns.enumerated() {
            let namesBefore = names.count
            builder.insert(pattern, index: index)
            for segment in pattern {
                switch segment {
                case .literal(let text):
                    steps.append(Step(kind: .literal, start: literalBytes.count, count: text.utf8.count))
                    literalBytes.append(contentsOf: text.utf8)
                case .capture(let name):
                    steps.append(Step(kind: .capture, start: names.count, count: 0))
                    names.append(name)
                case .optionalCapture(let name):
                    steps.append(Step(kind: .optionalCapture, start: names.count, count: 0))
                    names.append(name)
                case .skip:
                    steps.append(Step(kind: .skip, start: 0, count: 0))
                case .partialCapture(let prefix, let name, let suffix):
                    steps.append(Step(kind: .partialCapture, start: names.count, count: affixes.count))
                    names.append(name)
                    affixes.append(SegmentAffix(prefix: prefix, suffix: suffix, appendingTo: &literalBytes))
                case .rest:
                    steps.append(Step(kind: .rest, start: 0, count: 0))
                case .restCapture(let name):
                    // `count` 1: named, the rest's text captured.
                    steps.append(Step(kind: .rest, start: names.count, count: 1))
                    names.append(name)
                }
            }
            stepStarts.append(steps.count)
            captureCounts.append(names.count - namesBefore)
        }
        (nodes, entryLists) = builder.finish()
        (partialEdges, partialStarts, partialBytes) = builder.finishPartials()
        self.affixes = affixes
        literals = builder.literals
        memoSlots = builder.memoSlots
        self.steps = steps
        self.stepStarts = stepStarts
        self.captureCounts = captureCounts
        self.literalBytes = literalBytes
        self.names = names
        longestEntry = patterns.map { $0.count }.max() ?? 0
        _InternalChecks.check(_invariantViolations(), in: "route trie")
    }

    /// Compiles path patterns, in declaration order.
    convenience init(_ patterns: [PathPattern], indexingStaticPaths: Bool = false) {
        self.init(patterns.map { $0.trieSegments }, indexingStaticPaths: indexingStaticPaths)
    }

    /// Builds the nodes and literal edges, one pattern at a time.
    private struct Builder {
        var nodes: [RouteTrieNode] = [RouteTrieNode()]
        /// Per node, the entries ending there and those ending there with `*`.
        var terminals: [[Int]] = [[]]
        var wildcards: [[Int]] = [[]]
        var literals = RouteLiteralIndex()
        var memoSlots = 0
        /// Per node, its partial segments' children, by prefix and suffix.
        var partials: [[(prefix: String, suffix: String, child: Int)]] = [[]]

        /// The nodes with their entry lists flattened into one list.
        func finish() -> (nodes: [RouteTrieNode], entryLists: [Int]) {
            var nodes = nodes
            var lists: [Int] = []
            for index in nodes.indices {
                let terminalStart = lists.count
                lists += terminals[index]
                nodes[index].terminals = terminalStart..<lists.count
                let wildcardStart = lists.count
                lists += wildcards[index]
                nodes[index].wildcards = wildcardStart..<lists.count
            }
            return (nodes, lists)
        }

        /// The partial segments' edges, node after node; empty when there are none.
        func finishPartials() -> (edges: [PartialEdge], starts: [Int], bytes: [UInt8]) {
            guard partials.contains(where: { !$0.isEmpty }) else { return ([], [], []) }
            var edges: [PartialEdge] = []
            var starts: [Int] = []
            var bytes: [UInt8] = []
            for list in partials {
                starts.append(edges.count)
                for edge in list {
                    let affix = SegmentAffix(prefix: edge.prefix, suffix: edge.suffix, appendingTo: &bytes)
                    edges.append(PartialEdge(affix: affix, child: edge.child))
                }
            }
            starts.append(edges.count)
            return (edges, starts, bytes)
        }

        /// Adds the pattern of entry `index`. Entries are inserted in ascending index order.
        mutating func insert(_ pattern: [Segment], index: Int) {
            var current = 0
            nodes[current].include(index)
            for segment in pattern {
                switch segment {
                case .literal(let text):
                    if nodes[current].hasLiterals, let child = literals.child(of: current, for: text) {
                        current = child
                    } else {
                        let child = appendNode()
                        literals.insert(parent: current, label: text, child: child)
                        nodes[current].hasLiterals = true
                        current = child
                    }
                case .capture, .skip:
                    if let child = nodes[current].parameter {
                        current = child
                    } else {
                        let child = appendNode()
                        nodes[current].parameter = child
                        current = child
                    }
                case .partialCapture(let prefix, _, let suffix):
                    if let edge = partials[current].first(where: {
                        $0.prefix.utf8.elementsEqual(prefix.utf8) && $0.suffix.utf8.elementsEqual(suffix.utf8)
                    }) {
                        current = edge.child
                    } else {
                        let child = appendNode()
                        partials[current].append((prefix, suffix, child))
                        nodes[current].hasPartials = true
                        current = child
                    }
                case .optionalCapture:
                    if let child = nodes[current].optionalParameter {
                        current = child
                    } else {
                        let child = appendNode()
                        nodes[current].optionalParameter = child
                        nodes[child].memoSlot = memoSlots
                        memoSlots += 1
                        current = child
                    }
                case .rest, .restCapture:
                    // Only ever last: the entry ends here.
                    wildcards[current].append(index)
                    return
                }
                nodes[current].include(index)
            }
            terminals[current].append(index)
        }

        private mutating func appendNode() -> Int {
            nodes.append(RouteTrieNode())
            terminals.append([])
            wildcards.append([])
            partials.append([])
            return nodes.count - 1
        }

    }

    // MARK: - Matching

    /// Offers `accept` the entries whose pattern matches `path` (normalised first), in
    /// declaration order, with what each matched, until `accept` takes one (returns `true`).
    ///
    /// Not generic, so that the whole walk is compiled for concrete types: the table's
    /// generic code only reads the winning entry's value.
    @usableFromInline
    func firstMatch(_ path: String, accept: (_ index: Int, _ information: RouteInformation) -> Bool) {
        var lowerBound = -1
        if let index = staticEntry(path) {
            // The path is the entry's own (so normalised), and nothing before it matches.
            if accept(index, RouteInformation(path: path, parameters: [:])) { return }
            lowerBound = index
        }
        PathSegments.withNormalizedSegments(of: path) { segments, normalized in
            firstMatch(in: segments, above: lowerBound) { index, bindings in
                accept(index, information(of: index, bindings, in: segments, normalized: normalized))
            }
        }
    }

    /// What the first entry in declaration order whose pattern matches `path` (normalised
    /// first) matched: ``firstMatch(_:accept:)`` taking the first offer, without a closure
    /// of the caller's to carry the answer out (``PathPattern/match(_:)``).
    func firstInformation(_ path: String) -> RouteInformation? {
        PathSegments.withNormalizedSegments(of: path) { segments, normalized in
            var found: RouteInformation?
            firstMatch(in: segments) { index, bindings in
                found = information(of: index, bindings, in: segments, normalized: normalized)
                return true
            }
            return found
        }
    }

    /// The entry whose static path is `path`'s bytes, when it is that path's first match.
    private func staticEntry(_ path: String) -> Int? {
        guard !staticPaths.isEmpty else { return nil }
        return path.utf8.withContiguousStorageIfAvailable { bytes in
            staticPaths.withView { $0.child(of: 0, for: bytes) }
        } ?? nil
    }

    /// Offers `accept` the entries above `lowerBound` whose pattern matches the segments
    /// `path`, in declaration order, with the part each of the entry's segments took (-1 for
    /// none), until `accept` takes one. The bindings are valid only during the call.
    func firstMatch(
        in path: PathSegments,
        above lowerBound: Int = -1,
        _ accept: (_ index: Int, _ bindings: UnsafeBufferPointer<Int>) -> Bool
    ) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * longestEntry + 1) { bindings in
            bindings.initialize(repeating: -1)
            defer { bindings.deinitialize() }
            let current = UnsafeMutableBufferPointer(rebasing: bindings[..<longestEntry])
            let best = UnsafeMutableBufferPointer(rebasing: bindings[longestEntry...])
            if stepStarts.count == 2, lowerBound < 0, let matched = straight(path, bindings: best) {
                if matched {
                    _ = accept(0, UnsafeBufferPointer(rebasing: best[..<steps.count]))
                }
                return
            }
            let words = memoSlots == 0 ? 0 : (memoSlots * (path.count + 1) + 63) / 64
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words) { memo in
                nodes.withUnsafeBufferPointer { nodes in
                    entryLists.withUnsafeBufferPointer { lists in
                        literals.withView { literals in
                            search(
                                path, nodes: nodes, lists: lists, literals: literals, above: lowerBound,
                                current: current, best: best, memo: memo, accept: accept)
                        }
                    }
                }
            }
        }
    }

    /// Walks the trie for the lowest matching entry, offers it to `accept`, and walks again
    /// above it until `accept` takes one or none is left.
    private func search(
        _ path: PathSegments,
        nodes: UnsafeBufferPointer<RouteTrieNode>,
        lists: UnsafeBufferPointer<Int>,
        literals: RouteLiteralIndex.View,
        above lowerBound: Int,
        current: UnsafeMutableBufferPointer<Int>,
        best: UnsafeMutableBufferPointer<Int>,
        memo: UnsafeMutableBufferPointer<UInt64>,
        accept: (_ index: Int, _ bindings: UnsafeBufferPointer<Int>) -> Bool
    ) {
        var lowerBound = lowerBound
        while true {
            memo.initialize(repeating: 0)
            var search = Search(
                path: path, nodes: nodes, lists: lists, literals: literals, lowerBound: lowerBound, current: current,
                best: best, memo: memo
            )
            visit(0, depth: 0, at: 0, &search)
            // Each round looks above the last index tried, so the loop always ends.
            guard search.best != Int.max else { return }
            let index = search.best
            let count = stepStarts[index + 1] - stepStarts[index]
            if accept(index, UnsafeBufferPointer(rebasing: best[..<count])) { return }
            lowerBound = index
        }
    }

    /// The ``RouteInformation`` of entry `index` for the parts `bindings` says its segments
    /// took in `path` (the segments of `normalized`).
    private func information(
        of index: Int,
        _ bindings: UnsafeBufferPointer<Int>,
        in path: PathSegments,
        normalized: String
    ) -> RouteInformation {
        // One pass for the parameters and the wildcard's path.
        let captures = captureCounts[index]
        var parameters: [String: String] = captures == 0 ? [:] : Dictionary(minimumCapacity: captures)
        var matchedPath = normalized
        for offset in bindings.indices {
            let step = steps[stepStarts[index] + offset]
            let part = bindings[offset]
            switch step.kind {
            case .capture, .optionalCapture:
                if part >= 0 {
                    parameters[names[step.start]] = String(decoding: path.segment(part), as: UTF8.self)
                }
            case .partialCapture:
                parameters[names[step.start]] = String(
                    decoding: affixes[step.count].parameter(of: path.segment(part)), as: UTF8.self)
            case .rest:
                if step.count == 1 {
                    parameters[names[step.start]] = Self.rest(of: path, from: part)
                }
                if part >= 0, part < path.count {
                    // What precedes the slash before the first segment the wildcard took.
                    matchedPath =
                        part == 0 ? "/" : String(decoding: path.bytes[..<(path.start(of: part) - 1)], as: UTF8.self)
                }
            case .literal, .skip:
                break
            }
        }
        return RouteInformation(path: matchedPath, parameters: parameters)
    }

    /// The first entry in declaration order whose pattern matches the segments `path`, and
    /// what its named segments took, in the order of the pattern's names (what a URL
    /// pattern's `{name}`s took; every name of a URL pattern takes a segment).
    func firstCaptures(in path: PathSegments) -> (entry: Int, values: [String])? {
        var found: (entry: Int, values: [String])?
        firstMatch(in: path) { index, bindings in
            found = (index, captureValues(of: index, bindings, in: path))
            return true
        }
        return found
    }

    /// The segments entry `index`'s named segments took for `bindings`, in the order of
    /// the pattern's names (what a URL pattern's `{name}`s took; every name of a URL
    /// pattern takes a segment).
    private func captureValues(
        of index: Int, _ bindings: UnsafeBufferPointer<Int>, in path: PathSegments
    ) -> [String] {
        var values: [String] = []
        values.reserveCapacity(captureCounts[index])
        for offset in bindings.indices {
            let part = bindings[offset]
            let step = steps[stepStarts[index] + offset]
            switch step.kind {
            case .capture, .optionalCapture:
                if part >= 0 {
                    values.append(String(decoding: path.segment(part), as: UTF8.self))
                }
            case .partialCapture:
                values.append(String(decoding: affixes[step.count].parameter(of: path.segment(part)), as: UTF8.self))
            case .rest:
                if step.count == 1 {
                    values.append(Self.rest(of: path, from: part))
                }
            case .literal, .skip:
                break
            }
        }
        return values
    }

    /// What a named rest segment took: the segments of `path` from `part` on, decoded,
    /// joined with `/` (empty when none).
    private static func rest(of path: PathSegments, from part: Int) -> String {
        guard part >= 0, part < path.count else { return "" }
        return (part..<path.count).map { String(decoding: path.segment($0), as: UTF8.self) }.joined(separator: "/")
    }

    /// Walks the only entry's segments in a straight line.
    /// - Returns: Whether it matches (with `bindings` set), or `nil` at an optional
    ///   parameter, where the trie walk has to decide.
    private func straight(_ path: PathSegments, bindings: UnsafeMutableBufferPointer<Int>) -> Bool? {
        steps.withUnsafeBufferPointer { steps in
            literalBytes.withUnsafeBufferPointer { literalBytes in
                var part = 0
                for (offset, step) in steps.enumerated() {
                    switch step.kind {
                    case .literal:
                        guard part < path.count else { return false }
                        let segment = path.segment(part)
                        guard segment.count == step.count else { return false }
                        for byte in 0..<step.count where segment[byte] != literalBytes[step.start + byte] {
                            return false
                        }
                    case .capture, .skip:
                        guard part < path.count else { return false }
                        bindings[offset] = part
                    case .partialCapture:
                        guard part < path.count, affixes[step.count].matches(path.segment(part), in: literalBytes)
                        else { return false }
                        bindings[offset] = part
                    case .rest:
                        bindings[offset] = part
                        return true
                    case .optionalCapture:
                        return nil
                    }
                    part += 1
                }
                return part == path.count
            }
        }
    }

    /// The state of one walk of the trie.
    private struct Search {
        let path: PathSegments
        let nodes: UnsafeBufferPointer<RouteTrieNode>
        /// The trie's entry lists.
        let lists: UnsafeBufferPointer<Int>
        let literals: RouteLiteralIndex.View
        /// Only entries above this index count.
        let lowerBound: Int
        /// The lowest matching index found so far (`Int.max` when none).
        var best = Int.max
        /// The part each segment on the way to the node being visited took (-1 for none).
        let current: UnsafeMutableBufferPointer<Int>
        /// The same for the entry `best`, as it matched.
        let bestBindings: UnsafeMutableBufferPointer<Int>
        /// One bit per state (node reached through an optional parameter, segment) already
        /// explored: exploring one again cannot lower `best`.
        let memo: UnsafeMutableBufferPointer<UInt64>

        init(
            path: PathSegments,
            nodes: UnsafeBufferPointer<RouteTrieNode>,
            lists: UnsafeBufferPointer<Int>,
            literals: RouteLiteralIndex.View,
            lowerBound: Int,
            current: UnsafeMutableBufferPointer<Int>,
            best: UnsafeMutableBufferPointer<Int>,
            memo: UnsafeMutableBufferPointer<UInt64>
        ) {
            self.path = path
            self.nodes = nodes
            self.lists = lists
            self.literals = literals
            self.lowerBound = lowerBound
            self.current = current
            self.bestBindings = best
            self.memo = memo
        }

        /// Takes the first entry of `list` (a range of ascending entries in `lists`) within
        /// the bounds, if it improves `best`, with the first `depth` bindings of `current`.
        mutating func consider(_ list: Range<Int>, depth: Int) {
            guard let first = list.first.map({ lists[$0] }), first < best, let last = list.last.map({ lists[$0] }),
                last > lowerBound
            else { return }
            var candidate = first
            if first <= lowerBound {
                var low = list.lowerBound
                var high = list.upperBound
                while low < high {
                    let middle = (low + high) / 2
                    if lists[middle] > lowerBound { high = middle } else { low = middle + 1 }
                }
                // `last > lowerBound`, so `low` is a position in `list`.
                candidate = lists[low]
                guard candidate < best else { return }
            }
            best = candidate
            for offset in 0..<depth {
                bestBindings[offset] = current[offset]
            }
        }

        /// Marks the state explored.
        /// - Returns: Whether it was new.
        mutating func enter(slot: Int, at part: Int) -> Bool {
            let bit = slot * (path.count + 1) + part
            let mask: UInt64 = 1 << UInt64(bit % 64)
            guard memo[bit / 64] & mask == 0 else { return false }
            memo[bit / 64] |= mask
            return true
        }
    }

    /// Visits node `index`, reached after `depth` pattern segments took the path's parts
    /// before `part`.
    private func visit(_ index: Int, depth: Int, at part: Int, _ search: inout Search) {
        let node = search.nodes[index]
        guard node.minimumIndex < search.best, node.maximumIndex > search.lowerBound else { return }
        if !node.wildcards.isEmpty {
            search.current[depth] = part
            search.consider(node.wildcards, depth: depth + 1)
        }
        guard part < search.path.count else {
            if !node.terminals.isEmpty {
                search.consider(node.terminals, depth: depth)
            }
            if let optional = node.optionalParameter {
                search.current[depth] = -1
                visitAfterOptional(optional, depth: depth + 1, at: part, &search)
            }
            return
        }
        if node.hasLiterals, let literal = search.literals.child(of: index, for: search.path.segment(part)) {
            search.current[depth] = part
            visit(literal, depth: depth + 1, at: part + 1, &search)
        }
        if node.hasPartials {
            visitPartials(of: index, depth: depth, at: part, &search)
        }
        if let parameter = node.parameter {
            search.current[depth] = part
            visit(parameter, depth: depth + 1, at: part + 1, &search)
        }
        if let optional = node.optionalParameter {
            // Consuming and skipping are both tried: which matches first in declaration
            // order depends on the rest of each pattern.
            search.current[depth] = part
            visitAfterOptional(optional, depth: depth + 1, at: part + 1, &search)
            search.current[depth] = -1
            visitAfterOptional(optional, depth: depth + 1, at: part, &search)
        }
    }

    /// Visits the children of node `index` reached by a partial segment that takes part
    /// `part`.
    private func visitPartials(of index: Int, depth: Int, at part: Int, _ search: inout Search) {
        let segment = search.path.segment(part)
        for edge in partialStarts[index]..<partialStarts[index + 1] {
            let edge = partialEdges[edge]
            let matches = partialBytes.withUnsafeBufferPointer { edge.affix.matches(segment, in: $0) }
            guard matches else { continue }
            search.current[depth] = part
            visit(edge.child, depth: depth + 1, at: part + 1, &search)
        }
    }

    private func visitAfterOptional(_ index: Int, depth: Int, at part: Int, _ search: inout Search) {
        guard search.enter(slot: search.nodes[index].memoSlot, at: part) else { return }
        visit(index, depth: depth, at: part, &search)
    }
}

extension _RouteTrie {
    /// What breaks the trie's invariants, one line each; empty when all hold: every entry is
    /// reachable from the root by its own steps and ends where its node lists it (among the
    /// terminals, or among the wildcards for a pattern ending with `*`), and every node on its
    /// way counts it in its subtree's bounds.
    func _invariantViolations() -> [String] {
        var violations: [String] = []
        entries: for entry in 0..<(stepStarts.count - 1) {
            var node = 0
            var endsWithRest = false
            for step in steps[stepStarts[entry]..<stepStarts[entry + 1]] {
                if entry < nodes[node].minimumIndex || entry > nodes[node].maximumIndex {
                    violations.append("entry \(entry) is outside node \(node)'s bounds")
                }
                let next: Int?
                switch step.kind {
                case .literal:
                    let text = String(decoding: literalBytes[step.start..<step.start + step.count], as: UTF8.self)
                    next = literals.child(of: node, for: text)
                case .capture, .skip:
                    next = nodes[node].parameter
                case .optionalCapture:
                    next = nodes[node].optionalParameter
                case .partialCapture:
                    let affix = affixes[step.count]
                    next =
                        partialEdges.isEmpty
                        ? nil
                        : partialEdges[partialStarts[node]..<partialStarts[node + 1]].first {
                            $0.affix.prefix(in: partialBytes).elementsEqual(affix.prefix(in: literalBytes))
                                && $0.affix.suffix(in: partialBytes).elementsEqual(affix.suffix(in: literalBytes))
                        }?.child
                case .rest:
                    endsWithRest = true
                    next = node
                }
                guard let child = next else {
                    violations.append("entry \(entry) is not reachable past node \(node)")
                    continue entries
                }
                node = child
            }
            let list = endsWithRest ? nodes[node].wildcards : nodes[node].terminals
            if !entryLists[list].contains(entry) {
                violations.append("entry \(entry) is not listed where its pattern ends, node \(node)")
            }
        }
        return violations
    }
}
