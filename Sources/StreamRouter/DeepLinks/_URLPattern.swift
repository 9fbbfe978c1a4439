/// A compiled URL path pattern such as `products/{category}/view` or `user/*/logout`.
///
/// - A literal segment matches the same decoded text, case-sensitively. Write literals as
///   plain text (`café`, not `caf%C3%A9`).
/// - `{name}` matches exactly one segment and captures its decoded text under `name`.
/// - A partial segment puts a literal prefix and/or suffix around one parameter
///   (`@{handle}`, `{id}.json`, `v{major}-beta`): it matches a segment whose decoded text
///   starts with the prefix and ends with the suffix, case-sensitively, with at least one
///   byte between them, and captures those (`@{handle}` takes `@bob`, and `%40bob`, with
///   `handle` = `bob`; it does not take `@`). A segment holds at most one parameter.
/// - `*` matches exactly one segment, whatever it holds, and captures nothing. Only a whole
///   segment `*` is one: elsewhere, in a literal or a prefix or suffix, `*` is a character.
/// - `{name...}`, only as the last segment, takes the rest of the path: zero or more
///   segments, captured under `name` as their decoded text joined with `/` (empty for none).
/// - A control character anywhere is an error (no decoded segment holds one).
///
/// The whole path must match, never a prefix. A leading, trailing or doubled `/` in the
/// pattern text means nothing (`"/static/route"` == `"static/route/"`), and `""` or `"/"`
/// matches the root path only.
///
/// A group's mappings compile to one ``_RouteTrie``, walked over the URL's decoded
/// segments: a literal is its decoded text, `{name}` a captured segment, a partial segment
/// a captured segment with its prefix and suffix, `*` a skipped one.
struct _URLPattern: Sendable {
    /// The pattern text as given.
    let text: String
    /// The compiled segments, in order (as the route trie walks them).
    let segments: [PatternSegment]

    /// Compiles a pattern.
    /// - Throws: ``URLPatternError`` naming the pattern and what is wrong.
    init(_ text: String) throws(URLPatternError) {
        // A control character is the first error reported: no decoded segment holds one, so
        // such a pattern could never match.
        if PathBytes.containsControlCharacter(text.utf8),
            let (scalar, offset) = PathBytes.firstControlCharacter(in: text)
        {
            throw URLPatternError(pattern: text, reason: .controlCharacter(scalar: scalar, offset: offset))
        }
        // Split on the byte `/`, as URL paths are: a grapheme cluster that starts with `/`
        // (`"/\u{301}"`) still separates segments. Too many segments is the next error
        // reported.
        var utf8 = text
        let compiled = utf8.withUTF8 { bytes in
            Result { () throws(URLPatternError) in try Self.segments(of: bytes) }
        }
        segments = try compiled.get()
        self.text = text
    }

    private static func segments(of bytes: UnsafeBufferPointer<UInt8>) throws(URLPatternError) -> [PatternSegment] {
        try PatternSegmentParser.segments(
            of: bytes,
            classify: { (part, _, isLast) throws(URLPatternError) in
                try Self.segment(from: part, isLast: isLast, in: bytes)
            },
            parameterName: \.parameterName,
            tooMany: { _ in
                URLPatternError(
                    pattern: patternText(bytes), reason: .tooManySegments(limit: PathPattern.maximumSegmentCount))
            },
            duplicate: { name, _, _ in
                URLPatternError(pattern: patternText(bytes), reason: .duplicateParameterName(name))
            }
        )
    }

    /// The segment `part` (the bytes between two slashes, never empty) spells. Tokens are
    /// read byte by byte, never by grapheme cluster (`"x{\u{301}"` holds a `{`); `part`
    /// begins and ends next to a `/` or an end, so it is whole UTF-8.
    private static func segment(
        from part: UnsafeBufferPointer<UInt8>, isLast: Bool, in pattern: UnsafeBufferPointer<UInt8>
    ) throws(URLPatternError) -> PatternSegment {
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: part[range]), as: UTF8.self)
        }
        func failure(_ reason: (String) -> URLPatternError.Reason) -> URLPatternError {
            URLPatternError(pattern: patternText(pattern), reason: reason(string(0..<part.count)))
        }
        if part.count == 1, part[0] == UInt8(ascii: "*") {
            return .skip
        }
        guard part.contains(where: { $0 == open || $0 == close }) else {
            return .literal(string(0..<part.count))
        }
        // A prefix, `{`, the name, `}`, a suffix; neither prefix nor suffix holds a brace.
        guard let openAt = part.firstIndex(of: open), !part[..<openAt].contains(close),
            let closeAt = part[(openAt + 1)...].firstIndex(of: close)
        else { throw failure { .malformedParameter(segment: $0) } }
        let suffix = part[(closeAt + 1)...]
        if suffix.contains(open) { throw failure { .multipleParameters(segment: $0) } }
        if suffix.contains(close) { throw failure { .malformedParameter(segment: $0) } }
        var name = (openAt + 1)..<closeAt
        // `{name...}`: the rest of the path, as the whole last segment.
        let ellipsis = Array("...".utf8)
        let isRest =
            openAt == 0 && suffix.isEmpty && name.count >= 3 && part[(closeAt - 3)..<closeAt].elementsEqual(ellipsis)
        if isRest {
            name = name.lowerBound..<(closeAt - 3)
        }
        guard !name.isEmpty else {
            throw URLPatternError(pattern: patternText(pattern), reason: .missingParameterName)
        }
        // ASCII letters, digits and `_` (by bytes: a byte outside ASCII is no name's).
        guard part[name].allSatisfy(PathBytes.isNameByte) else { throw failure { .malformedParameter(segment: $0) } }
        if isRest {
            guard isLast else { throw failure { .restNotLast(segment: $0) } }
            return .restCapture(string(name))
        }
        guard openAt > 0 || !suffix.isEmpty else {
            return .capture(string(name))
        }
        return .partialCapture(
            prefix: string(0..<openAt), name: string(name), suffix: string((closeAt + 1)..<part.count))
    }

    /// The text of the pattern whose UTF-8 is `bytes` (what an error names).
    private static func patternText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The names of the `{name}` and partial segments, in order.
    var parameterNames: [String] {
        segments.compactMap(\.parameterName)
    }

    /// The segments as conflict analysis reads them.
    var conflictForm: [PatternSegment] {
        segments.map(\.erasingNames)
    }
}
