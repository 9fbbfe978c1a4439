/// What conflict analysis knows of one entry: the patterns whose union it matches, and
/// whether it shadows later entries (it has no validator).
package struct ConflictItem: Sendable {
    /// The alternatives: the entry matches a word when any of them does.
    package var forms: [[PatternSegment]]
    /// Whether the entry takes every path it matches (no validator).
    package var shadows: Bool

    package init(forms: [[PatternSegment]], shadows: Bool) {
        self.forms = forms
        self.shadows = shadows
    }
}

extension PathPattern {
    /// The pattern's segments as conflict analysis reads them (names erased).
    var conflictForm: [PatternSegment] {
        trieSegments.map(\.erasingNames)
    }
}

/// Decides, exactly, which entries earlier entries shadow (see ``RouteConflict``).
///
/// Patterns are regular languages over segments. A literal that none of the patterns
/// involved names behaves like any other such literal, so the question only needs a finite
/// alphabet: the literals named plus one "other" symbol. Partial segments (`@:handle`) split
/// the other segments into classes, one symbol each (see ``SegmentClasses``). Each pattern is a linear
/// automaton (a position per token; `:x?` also skips, `*` loops), and inclusion and overlap
/// are searched over the product of the target's states with the earlier entries' state
/// sets, symbol by symbol, each product state visited once.
///
/// Only earlier entries that could share a path are compared: an index keyed by each
/// pattern's leading fixed segments (literals and `:name`) finds them without scanning the
/// table, and patterns without optional parameters are compared token by token.
package enum RouteConflictAnalysis {
    /// The conflicts among `items`, in declaration order, at most one per entry.
    /// - Parameter minimumLength: Words shorter than this are not paths (URL encodings).
    package static func conflicts(of items: [ConflictItem], minimumLength: Int = 0) -> [RouteConflict] {
        var index = PrefixIndex()
        // Forms come in a deterministic order (URL groups sort schemes and hosts), so equal
        // entries have equal form lists.
        var firstWithKey: [[[PatternSegment]]: Int] = [:]
        var stamps = [Int](repeating: -1, count: items.count)
        var conflicts: [RouteConflict] = []
        for (position, item) in items.enumerated() {
            var candidates: [Int] = []
            for form in item.forms {
                index.collect(form, into: &candidates, stamps: &stamps, stamp: position)
            }
            candidates.sort()
            let shadowedBy = candidates.filter { candidate in
                item.forms.contains { form in
                    items[candidate].forms.contains { overlaps(form, $0, minimumLength: minimumLength) }
                }
            }
            let key = item.forms
            if !shadowedBy.isEmpty {
                if firstWithKey[key] != nil {
                    conflicts.append(RouteConflict(entry: position, shadowedBy: shadowedBy, kind: .duplicate))
                } else if Search(
                    target: item.forms, others: shadowedBy.flatMap { items[$0].forms }, minimumLength: minimumLength
                ).isCovered() {
                    conflicts.append(RouteConflict(entry: position, shadowedBy: shadowedBy, kind: .unreachable))
                }
            }
            if item.shadows {
                for form in item.forms {
                    index.insert(position, form)
                }
                if firstWithKey[key] == nil {
                    firstWithKey[key] = position
                }
            }
        }
        return conflicts
    }

    /// Whether two patterns share a word of at least `minimumLength` segments. Without
    /// optional parameters, positions are independent: a token-by-token comparison decides
    /// it; otherwise the product search does.
    private static func overlaps(_ first: [PatternSegment], _ second: [PatternSegment], minimumLength: Int) -> Bool {
        guard !first.contains(where: \.isOptional), !second.contains(where: \.isOptional) else {
            return Search(target: [first], others: [second], minimumLength: minimumLength).overlaps()
        }
        let firstRest = first.last == .rest
        let secondRest = second.last == .rest
        let firstCount = first.count - (firstRest ? 1 : 0)
        let secondCount = second.count - (secondRest ? 1 : 0)
        switch (firstRest, secondRest) {
        case (false, false): guard firstCount == secondCount, firstCount >= minimumLength else { return false }
        case (true, false): guard firstCount <= secondCount, secondCount >= minimumLength else { return false }
        case (false, true): guard secondCount <= firstCount, firstCount >= minimumLength else { return false }
        case (true, true): break
        }
        for position in 0..<min(firstCount, secondCount) where !SegmentClasses.share(first[position], second[position])
        {
            return false
        }
        return true
    }

    /// Earlier entries by their leading fixed tokens (literals and `:name`, which always
    /// take one segment each): a node per prefix, holding the entries whose run of fixed
    /// tokens stops there.
    private struct PrefixIndex {
        /// Any one segment, as ``PatternSegment/erasingNames`` spells it.
        static let oneSegment = PatternSegment.capture("")

        struct Node {
            /// Keyed by `.literal` or `.capture("")` (one segment).
            var children: [PatternSegment: Int] = [:]
            var stopped: [Int] = []
        }

        var nodes = [Node()]

        mutating func insert(_ item: Int, _ form: [PatternSegment]) {
            var node = 0
            for token in form {
                guard !token.isOptional, token != .rest else { break }
                // Keyed as `:name`: a literal's walk takes that child, and a partial
                // segment's walk takes every child.
                let key: PatternSegment = if case .partialCapture = token { Self.oneSegment } else { token }
                if let child = nodes[node].children[key] {
                    node = child
                } else {
                    nodes.append(Node())
                    nodes[node].children[key] = nodes.count - 1
                    node = nodes.count - 1
                }
            }
            if nodes[node].stopped.last != item {
                nodes[node].stopped.append(item)
            }
        }

        /// Adds every entry that could share a word with `form` (a superset), once: a walk
        /// down the prefixes whose fixed tokens are compatible with the form's.
        func collect(_ form: [PatternSegment], into result: inout [Int], stamps: inout [Int], stamp: Int) {
            func add(_ items: [Int]) {
                for item in items where stamps[item] != stamp {
                    stamps[item] = stamp
                    result.append(item)
                }
            }
            var pending = [(node: 0, depth: 0)]
            while let (node, depth) = pending.popLast() {
                add(nodes[node].stopped)
                // The form ends here: entries below need a longer word.
                guard depth < form.count else { continue }
                let children = nodes[node].children
                switch form[depth] {
                case .literal:
                    if let child = children[form[depth]] { pending.append((child, depth + 1)) }
                    if let child = children[Self.oneSegment] { pending.append((child, depth + 1)) }
                case .capture, .skip, .partialCapture:
                    pending.append(contentsOf: children.values.map { ($0, depth + 1) })
                case .optionalCapture, .rest, .restCapture:
                    // Positions shift from here on: anything below may share a word.
                    var below = Array(children.values)
                    while let next = below.popLast() {
                        add(nodes[next].stopped)
                        below.append(contentsOf: nodes[next].children.values)
                    }
                }
            }
        }
    }

    /// A search over the product of the target's automaton and the others'.
    private struct Search {
        enum Token {
            case literal(Int)
            case one
            /// A partial segment: the symbols it takes are `partials[i]`.
            case partial(Int)
            case optional
            case rest
        }

        struct State: Hashable {
            var target: [Int]
            var others: [Int]
            var depth: Int
        }

        let target: [[Token]]
        let others: [[Token]]
        /// Symbols `0..<symbolCount`: the literals named, then the classes of the other
        /// segments (one, "any segment no pattern names", without partial segments).
        let symbolCount: Int
        /// Per partial segment of the patterns, whether it takes each symbol.
        let partials: [[Bool]]
        let minimumLength: Int

        init(target: [[PatternSegment]], others: [[PatternSegment]], minimumLength: Int) {
            var classes = SegmentClasses()
            func compile(_ form: [PatternSegment]) -> [Token] {
                form.map {
                    switch $0 {
                    case .literal(let text): return .literal(classes.literal(text))
                    case .partialCapture(let prefix, _, let suffix):
                        return .partial(classes.partial(prefix: prefix, suffix: suffix))
                    case .capture, .skip: return .one
                    case .optionalCapture: return .optional
                    case .rest, .restCapture: return .rest
                    }
                }
            }
            self.target = target.map(compile)
            self.others = others.map(compile)
            (symbolCount, partials) = classes.symbols()
            self.minimumLength = minimumLength
        }

        /// Whether some word is matched by the target and by one of the others.
        func overlaps() -> Bool {
            search { targetAccepts, othersAccept in targetAccepts && othersAccept }
        }

        /// Whether every word the target matches, one of the others matches too.
        func isCovered() -> Bool {
            !search { targetAccepts, othersAccept in targetAccepts && !othersAccept }
        }

        /// Whether a reachable state (with a word long enough) satisfies `found`.
        private func search(_ found: (_ targetAccepts: Bool, _ othersAccept: Bool) -> Bool) -> Bool {
            let start = State(
                target: Self.closure(target.indices.map { $0 << 9 }, in: target),
                others: Self.closure(others.indices.map { $0 << 9 }, in: others),
                depth: 0
            )
            var visited: Set<State> = [start]
            var pending = [start]
            while let state = pending.popLast() {
                if state.depth >= minimumLength,
                    found(Self.accepts(state.target, in: target), Self.accepts(state.others, in: others))
                {
                    return true
                }
                for symbol in 0..<symbolCount {
                    let nextTarget = step(state.target, on: symbol, in: target)
                    guard !nextTarget.isEmpty else { continue }
                    let next = State(
                        target: nextTarget,
                        others: step(state.others, on: symbol, in: others),
                        depth: min(state.depth + 1, minimumLength)
                    )
                    if visited.insert(next).inserted {
                        pending.append(next)
                    }
                }
            }
            return false
        }

        /// States are `form << 9 | position` (a pattern has at most 130 tokens).
        private static func closure(_ states: [Int], in forms: [[Token]]) -> [Int] {
            var result: [Int] = []
            for state in states {
                let form = forms[state >> 9]
                var position = state & 511
                result.append(state)
                while position < form.count, case .optional = form[position] {
                    position += 1
                    result.append((state >> 9) << 9 | position)
                }
            }
            result.sort()
            var unique: [Int] = []
            for state in result where unique.last != state {
                unique.append(state)
            }
            return unique
        }

        private static func accepts(_ states: [Int], in forms: [[Token]]) -> Bool {
            states.contains { state in
                let form = forms[state >> 9]
                let position = state & 511
                if position == form.count { return true }
                if case .rest = form[position] { return true }
                return false
            }
        }

        private func step(_ states: [Int], on symbol: Int, in forms: [[Token]]) -> [Int] {
            var next: [Int] = []
            for state in states {
                let form = forms[state >> 9]
                let position = state & 511
                guard position < form.count else { continue }
                switch form[position] {
                case .literal(let literal):
                    if literal == symbol { next.append(state + 1) }
                case .partial(let partial):
                    if partials[partial][symbol] { next.append(state + 1) }
                case .one, .optional:
                    next.append(state + 1)
                case .rest:
                    next.append(state)
                }
            }
            return next.isEmpty ? next : Self.closure(next, in: forms)
        }
    }
}
