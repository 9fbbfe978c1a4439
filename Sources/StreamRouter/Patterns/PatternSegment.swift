/// One segment of a compiled pattern: the library's one segment vocabulary. Path patterns
/// (``PathPattern/Segment``, the public spelling) and URL patterns compile to it, the route
/// trie walks it, and conflict analysis reads it with the names erased (``erasingNames``).
package enum PatternSegment: Sendable, Hashable {
    /// Exactly these bytes.
    case literal(String)
    /// One segment, captured under the name (`:name`, `{name}`).
    case capture(String)
    /// One segment, not captured (a URL pattern's `*`).
    case skip
    /// One segment starting with `prefix` and ending with `suffix`, with at least one byte
    /// between them, which are captured under the name (`@:handle`, `{id}.json`).
    case partialCapture(prefix: String, name: String, suffix: String)
    /// Zero or one segment, captured under the name when present (`:name?`).
    case optionalCapture(String)
    /// Zero or more segments; only ever last (a path pattern's `*`).
    case rest
    /// Zero or more segments, captured under the name as their decoded text joined with `/`;
    /// only ever last (a URL pattern's `{name...}`).
    case restCapture(String)

    /// The name the segment captures under, if it captures.
    var parameterName: String? {
        switch self {
        case .capture(let name), .optionalCapture(let name), .partialCapture(_, let name, _), .restCapture(let name):
            name
        case .literal, .skip, .rest: nil
        }
    }

    /// Whether it may take no segment (`:name?`).
    var isOptional: Bool {
        if case .optionalCapture = self { true } else { false }
    }

    /// The segment as conflict analysis reads it: what it matches, without the name it
    /// captures under (`:id` and `:slug` match the same paths, and so do `{id}` and `*`).
    var erasingNames: PatternSegment {
        switch self {
        case .literal, .rest: self
        case .restCapture: .rest
        case .capture, .skip: .capture("")
        case .optionalCapture: .optionalCapture("")
        case .partialCapture(let prefix, _, let suffix): .partialCapture(prefix: prefix, name: "", suffix: suffix)
        }
    }
}

extension PatternSegment {
    /// Equal when the same case holds the same bytes: texts compare byte for byte, as paths
    /// are matched, not by Unicode canonical equivalence as `String`'s `==` does (a
    /// precomposed and a decomposed `é` match different paths).
    package static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.literal(let one), .literal(let other)), (.capture(let one), .capture(let other)),
            (.optionalCapture(let one), .optionalCapture(let other)), (.restCapture(let one), .restCapture(let other)):
            one.utf8.elementsEqual(other.utf8)
        case (
            .partialCapture(let prefix, let name, let suffix),
            .partialCapture(let otherPrefix, let otherName, let otherSuffix)
        ):
            prefix.utf8.elementsEqual(otherPrefix.utf8) && name.utf8.elementsEqual(otherName.utf8)
                && suffix.utf8.elementsEqual(otherSuffix.utf8)
        case (.skip, .skip), (.rest, .rest): true
        default: false
        }
    }

    /// Hashes the case and its bytes, as ``==(_:_:)`` compares them.
    package func hash(into hasher: inout Hasher) {
        func combine(_ text: String) {
            hasher.combine(text.utf8.count)
            for byte in text.utf8 { hasher.combine(byte) }
        }
        switch self {
        case .literal(let text):
            hasher.combine(0)
            combine(text)
        case .capture(let name):
            hasher.combine(1)
            combine(name)
        case .skip: hasher.combine(2)
        case .partialCapture(let prefix, let name, let suffix):
            hasher.combine(3)
            combine(prefix)
            combine(name)
            combine(suffix)
        case .optionalCapture(let name):
            hasher.combine(4)
            combine(name)
        case .rest: hasher.combine(5)
        case .restCapture(let name):
            hasher.combine(6)
            combine(name)
        }
    }
}
