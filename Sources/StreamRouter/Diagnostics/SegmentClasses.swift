/// The finite alphabet that conflict analysis reads segments in, once partial segments
/// (`@:handle`, `{id}.json`) are involved: one symbol per literal named, and one per class of
/// the other segments, two segments being in the same class when the same partial segments
/// take them.
///
/// Whether a partial segment with prefix `p` and suffix `q` takes a segment depends only on
/// which of the named prefixes the segment starts with, which of the named suffixes it ends
/// with, and its length, up to the longest `p + q + 1`. So the classes that occur are those
/// of a finite set of witnesses: for each named prefix `P` and suffix `Q` (or none),
/// `P + x…x + Q` with 1 to that many `x` (a byte no affix holds, so no longer prefix or
/// suffix appears), and the segments shorter than `P + Q` that start with `P` and end with
/// `Q` (they overlap: `@.json` for `@` and `.json`). Every segment that is not a named literal
/// has the class of one witness, and the literals named keep their own symbols.
struct SegmentClasses {
    private var literals: [[UInt8]] = []
    private var literalSymbols: [[UInt8]: Int] = [:]
    private var affixes: [Affix] = []
    private var affixNumbers: [Affix: Int] = [:]

    private struct Affix: Hashable {
        let prefix: [UInt8]
        let suffix: [UInt8]
    }

    /// The symbol of the literal `text`.
    mutating func literal(_ text: String) -> Int {
        let bytes = Array(text.utf8)
        if let symbol = literalSymbols[bytes] { return symbol }
        literals.append(bytes)
        literalSymbols[bytes] = literals.count - 1
        return literals.count - 1
    }

    /// The number of the partial segment with this prefix and suffix (its row in what
    /// ``symbols()`` returns).
    mutating func partial(prefix: String, suffix: String) -> Int {
        let affix = Affix(prefix: Array(prefix.utf8), suffix: Array(suffix.utf8))
        if let number = affixNumbers[affix] { return number }
        affixes.append(affix)
        affixNumbers[affix] = affixes.count - 1
        return affixes.count - 1
    }

    /// The number of symbols (the literals first, then the classes of other segments) and,
    /// per partial segment, whether it takes each symbol.
    func symbols() -> (count: Int, partials: [[Bool]]) {
        guard !affixes.isEmpty else { return (literals.count + 1, []) }
        var classes: [[Bool]] = []
        var seen: Set<[Bool]> = []
        for witness in witnesses() where literalSymbols[witness] == nil {
            let signature = affixes.map { Self.takes($0.prefix, $0.suffix, witness) }
            if seen.insert(signature).inserted {
                classes.append(signature)
            }
        }
        let partials = affixes.indices.map { number in
            literals.map { Self.takes(affixes[number].prefix, affixes[number].suffix, $0) } + classes.map { $0[number] }
        }
        return (literals.count + classes.count, partials)
    }

    /// A segment of each class that can occur (see ``SegmentClasses``).
    private func witnesses() -> [[UInt8]] {
        let prefixes = Set(affixes.map(\.prefix)).union([[]])
        let suffixes = Set(affixes.map(\.suffix)).union([[]])
        let longest = affixes.map { $0.prefix.count + $0.suffix.count + 1 }.max() ?? 1
        let used = Set(affixes.flatMap { $0.prefix + $0.suffix })
        let named = Set(literals.joined())
        // A byte no affix holds (and, if there is one, no literal either, so that no
        // witness is a literal), never `/`.
        let printable = (UInt8(0x21)...UInt8(0x7E)).filter { $0 != UInt8(ascii: "/") && !used.contains($0) }
        let filler = printable.first { !named.contains($0) } ?? printable.first ?? 0x7F
        var witnesses: [[UInt8]] = []
        for prefix in prefixes {
            for suffix in suffixes {
                for count in 1...longest {
                    witnesses.append(prefix + [UInt8](repeating: filler, count: count) + suffix)
                }
                for overlap in 0...min(prefix.count, suffix.count)
                where prefix.suffix(overlap).elementsEqual(suffix.prefix(overlap)) {
                    let witness = prefix + suffix.dropFirst(overlap)
                    if !witness.isEmpty { witnesses.append(witness) }
                }
            }
        }
        return witnesses
    }

    /// Whether the partial segment with `prefix` and `suffix` takes `segment`. A "segment"
    /// holding `/` is a marker of a URL group's scheme or host (see
    /// ``URLMatcherGroup/conflicts``), which no partial segment takes.
    private static func takes(_ prefix: [UInt8], _ suffix: [UInt8], _ segment: [UInt8]) -> Bool {
        segment.count > prefix.count + suffix.count && segment.starts(with: prefix)
            && segment.reversed().starts(with: suffix.reversed()) && !segment.contains(UInt8(ascii: "/"))
    }

    /// Whether two tokens that take one segment each (a literal, `:name`, a partial
    /// segment) take some segment in common.
    static func share(_ first: PatternSegment, _ second: PatternSegment) -> Bool {
        switch (first, second) {
        case (.literal(let one), .literal(let other)):
            return one.utf8.elementsEqual(other.utf8)
        case (.literal(let text), .partialCapture(let prefix, _, let suffix)),
            (.partialCapture(let prefix, _, let suffix), .literal(let text)):
            return takes(Array(prefix.utf8), Array(suffix.utf8), Array(text.utf8))
        case (.partialCapture(let prefix, _, let suffix), .partialCapture(let otherPrefix, _, let otherSuffix)):
            // The longer prefix, a byte, the longer suffix is taken by both when the
            // prefixes agree and the suffixes agree.
            let prefixes = (Array(prefix.utf8), Array(otherPrefix.utf8))
            let suffixes = (Array(suffix.utf8.reversed()), Array(otherSuffix.utf8.reversed()))
            return (prefixes.0.starts(with: prefixes.1) || prefixes.1.starts(with: prefixes.0))
                && (suffixes.0.starts(with: suffixes.1) || suffixes.1.starts(with: suffixes.0))
        default:
            return true
        }
    }
}
