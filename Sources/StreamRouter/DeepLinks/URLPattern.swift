/// A compiled URL path pattern such as `products/{category}/view` or `user/*/logout`.
///
/// - A literal segment matches the same decoded text, case-sensitively. Write literals as
///   plain text (`café`, not `caf%C3%A9`).
/// - `{name}` matches exactly one segment and captures its decoded text under `name`.
/// - `*` matches exactly one segment, whatever it holds, and captures nothing.
///
/// The whole path must match, never a prefix. A leading, trailing or doubled `/` in the
/// pattern text means nothing (`"/static/route"` == `"static/route/"`), and `""` or `"/"`
/// matches the root path only.
///
/// A group's mappings compile to one ``RouteTrie``, walked over the URL's decoded
/// segments: a literal is its decoded text, `{name}` a captured segment, `*` a skipped one.
struct URLPattern: Sendable {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
        case anySegment
    }

    /// The pattern text as given.
    let text: String
    /// The compiled segments, in order.
    let segments: [Segment]

    /// Compiles a pattern.
    /// - Throws: ``URLPatternError`` naming the pattern and what is wrong.
    init(_ text: String) throws(URLPatternError) {
        // Split on the byte `/`, as URL paths are: a grapheme cluster that starts with `/`
        // (`"/\u{301}"`) still separates segments.
        let parts = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map(Substring.init)
        guard parts.count <= PathPattern.maximumSegmentCount else {
            throw URLPatternError(pattern: text, reason: .tooManySegments(limit: PathPattern.maximumSegmentCount))
        }
        var segments: [Segment] = []
        var names: Set<String> = []
        for part in parts {
            let segment = try Self.segment(from: part, in: text)
            if case .parameter(let name) = segment, !names.insert(name).inserted {
                throw URLPatternError(pattern: text, reason: .duplicateParameterName(name))
            }
            segments.append(segment)
        }
        self.text = text
        self.segments = segments
    }

    private static func segment(from part: Substring, in text: String) throws(URLPatternError) -> Segment {
        // Tokens are read byte by byte, never by grapheme cluster (`"x{\u{301}"` holds a `{`).
        let utf8 = part.utf8
        if utf8.elementsEqual("*".utf8) {
            return .anySegment
        }
        guard utf8.contains(UInt8(ascii: "{")) || utf8.contains(UInt8(ascii: "}")) else {
            return .literal(String(part))
        }
        guard utf8.first == UInt8(ascii: "{"), utf8.last == UInt8(ascii: "}"), utf8.count >= 2 else {
            throw URLPatternError(pattern: text, reason: .malformedParameter(segment: String(part)))
        }
        let name = Substring(utf8.dropFirst().dropLast())
        guard !name.isEmpty else {
            throw URLPatternError(pattern: text, reason: .missingParameterName)
        }
        guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            throw URLPatternError(pattern: text, reason: .malformedParameter(segment: String(part)))
        }
        return .parameter(String(name))
    }

    /// The names of the `{name}` segments, in order.
    var parameterNames: [String] {
        segments.compactMap {
            guard case .parameter(let name) = $0 else { return nil }
            return name
        }
    }

    /// The segments as the route trie walks them.
    var trieSegments: [RouteTrie.Segment] {
        segments.map {
            switch $0 {
            case .literal(let text): .literal(text)
            case .parameter(let name): .capture(name)
            case .anySegment: .skip
            }
        }
    }

    /// The segments as conflict analysis reads them.
    var conflictTokens: [ConflictToken] {
        segments.map {
            switch $0 {
            case .literal(let text): .literal(text)
            case .parameter, .anySegment: .one
            }
        }
    }
}
