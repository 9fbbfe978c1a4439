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
///
/// The whole path must match, never a prefix. A leading, trailing or doubled `/` in the
/// pattern text means nothing (`"/static/route"` == `"static/route/"`), and `""` or `"/"`
/// matches the root path only.
///
/// A group's mappings compile to one ``_RouteTrie``, walked over the URL's decoded
/// segments: a literal is its decoded text, `{name}` a captured segment, a partial segment
/// a captured segment with its prefix and suffix, `*` a skipped one.
@usableFromInline
struct _URLPattern: Sendable {
    /// The pattern text as given.
    let text: String
    /// The compiled segments, in order (as the route trie walks them).
    let segments: [PatternSegment]

    /// Compiles a pattern.
    /// - Throws: ``URLPatternError`` naming the pattern and what is wrong.
    init(_ text: String) throws(URLPatternError) {
        // Split on the byte `/`, as URL paths are: a grapheme cluster that starts with `/`
        // (`"/\u{301}"`) still separates segments. Read from the UTF-8 in place: one pass
        // counts the segments (too many is the first error reported), one compiles them; no
        // array of parts, no set of names (a router's creation compiles every mapping: the
        // `open-url` cold-start row).
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
            classify: { (part, _, _) throws(URLPatternError) in try Self.segment(from: part, in: bytes) },
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

    /// The segment `part` (the bytes between two slashes, never empty) spells.
    private static func segment(
        from part: UnsafeBufferPointer<UInt8>, in pattern: UnsafeBufferPointer<UInt8>
    ) throws(URLPatternError)
        -> PatternSegment
    {
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: part[range]), as: UTF8.self)
        }
        switch try kind(of: part, in: pattern) {
        case .anySegment: return .skip
        case .literal: return .literal(string(0..<part.count))
        case .parameter:
            guard let name = nameRange(in: part), name.count + 2 < part.count else {
                return .capture(string(1..<(part.count - 1)))
            }
            return .partialCapture(
                prefix: string(0..<(name.lowerBound - 1)), name: string(name),
                suffix: string((name.upperBound + 1)..<part.count))
        }
    }

    /// What a segment is, read without making a string.
    enum Kind {
        /// A literal, a parameter (`{name}`, or a partial segment `@{name}`), or `*`.
        case literal, parameter, anySegment
    }

    /// The range of the name between the braces of a parameter segment's bytes `part`
    /// (`{name}`, `@{name}.json`), or `nil` when `part` has no `{`.
    private static func nameRange(in part: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        if part.count > 2, part[0] == UInt8(ascii: "{"), part[part.count - 1] == UInt8(ascii: "}") {
            return 1..<(part.count - 1)  // `{name}`: a valid pattern's segment holds one parameter
        }
        guard let open = part.firstIndex(of: UInt8(ascii: "{")) else { return nil }
        let close = part[(open + 1)...].firstIndex(of: UInt8(ascii: "}")) ?? part.count
        return (open + 1)..<close
    }

    /// What `part` (the bytes between two slashes, never empty) spells. Tokens are read
    /// byte by byte, never by grapheme cluster (`"x{\u{301}"` holds a `{`); `part` begins
    /// and ends next to a `/` or an end, so it is whole UTF-8.
    private static func kind(
        of part: UnsafeBufferPointer<UInt8>, in pattern: UnsafeBufferPointer<UInt8>
    ) throws(URLPatternError) -> Kind {
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        if part.count == 1, part[0] == UInt8(ascii: "*") {
            return .anySegment
        }
        guard part.contains(where: { $0 == open || $0 == close }) else {
            return .literal
        }
        // `{name}`, the usual parameter, read as before partial segments: one pass over the name.
        if part.count > 2, part[0] == open, part[part.count - 1] == close,
            UnsafeBufferPointer(rebasing: part[1..<(part.count - 1)]).allSatisfy({ PathBytes.isNameByte($0) })
        {
            return .parameter
        }
        func failure(_ reason: (String) -> URLPatternError.Reason) -> URLPatternError {
            URLPatternError(pattern: patternText(pattern), reason: reason(String(decoding: part, as: UTF8.self)))
        }
        // A prefix, `{`, the name, `}`, a suffix; neither prefix nor suffix holds a brace.
        guard let openAt = part.firstIndex(of: open), !part[..<openAt].contains(close),
            let closeAt = part[(openAt + 1)...].firstIndex(of: close)
        else { throw failure { .malformedParameter(segment: $0) } }
        let suffix = part[(closeAt + 1)...]
        if suffix.contains(open) { throw failure { .multipleParameters(segment: $0) } }
        if suffix.contains(close) { throw failure { .malformedParameter(segment: $0) } }
        let name = UnsafeBufferPointer(rebasing: part[(openAt + 1)..<closeAt])
        guard !name.isEmpty else {
            throw URLPatternError(pattern: patternText(pattern), reason: .missingParameterName)
        }
        // ASCII letters, digits and `_` (by bytes: a byte outside ASCII is no name's).
        guard name.allSatisfy({ PathBytes.isNameByte($0) }) else { throw failure { .malformedParameter(segment: $0) } }
        return .parameter
    }

    /// Checks `text` as ``init(_:)`` does, with the same errors in the same order, without
    /// compiling it: no array and no string unless it is malformed. A mapper checks each
    /// pattern when it is registered and compiles them all only when a group is matched often
    /// (see ``_URLLookup``), so that creating a router is cheap.
    /// - Throws: ``URLPatternError`` naming the pattern and what is wrong.
    static func validate(_ text: String) throws(URLPatternError) {
        if let error = error(in: text) { throw error }
    }

    /// What ``validate(_:)`` throws for `text`, or `nil` when it is a valid pattern.
    static func error(in text: String) -> URLPatternError? {
        URLPathPattern(text).withBytes { error(in: $0) }
    }

    /// What ``validate(_:)`` throws for the pattern whose UTF-8 is `bytes`, or `nil` when it
    /// is a valid pattern.
    static func error(in bytes: UnsafeBufferPointer<UInt8>) -> URLPatternError? {
        do throws(URLPatternError) {
            try validate(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// Whether the pattern whose UTF-8 is `bytes` is valid (what ``error(in:)-(UnsafeBufferPointer<UInt8>)``
    /// answers `nil` for), without returning an error.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        do throws(URLPatternError) {
            try validate(bytes)
            return true
        } catch {
            return false
        }
    }

    /// The text of the pattern whose UTF-8 is `bytes` (what an error names).
    private static func patternText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    private static func validate(_ bytes: UnsafeBufferPointer<UInt8>) throws(URLPatternError) {
        // One pass: segments are counted (too many is the first error reported), and only
        // a segment holding a brace is looked at closely (a parameter, or an error); its
        // name is compared with the earlier parameters' only when there are some.
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        var count = 0
        var parameters = 0
        var firstError: URLPatternError?
        var ranges = PathBytes.SegmentRanges(bytes)
        while let range = ranges.next() {
            count += 1
            let part = UnsafeBufferPointer(rebasing: bytes[range])
            guard firstError == nil, part.contains(where: { $0 == open || $0 == close }) else { continue }
            do throws(URLPatternError) {
                guard try kind(of: part, in: bytes) == .parameter else { continue }
                parameters += 1
                if parameters > 1 {
                    try checkNameIsNew(part, before: range.lowerBound, in: bytes)
                }
            } catch {
                firstError = error
            }
        }
        guard count <= PathPattern.maximumSegmentCount else {
            throw URLPatternError(
                pattern: patternText(bytes), reason: .tooManySegments(limit: PathPattern.maximumSegmentCount))
        }
        if let firstError { throw firstError }
    }

    /// Throws ``URLPatternError/Reason/duplicateParameterName(_:)`` when a parameter segment
    /// before offset `end` of `bytes` has the same name as the parameter segment `part`.
    private static func checkNameIsNew(
        _ part: UnsafeBufferPointer<UInt8>, before end: Int, in bytes: UnsafeBufferPointer<UInt8>
    ) throws(URLPatternError) {
        guard let range = nameRange(in: part) else { return }
        let name = UnsafeBufferPointer(rebasing: part[range])
        var earlier = PathBytes.SegmentRanges(UnsafeBufferPointer(rebasing: bytes[..<end]))
        while let other = earlier.next() {
            let segment = UnsafeBufferPointer(rebasing: bytes[other])
            if let otherName = nameRange(in: segment), equal(UnsafeBufferPointer(rebasing: segment[otherName]), name) {
                throw URLPatternError(
                    pattern: patternText(bytes), reason: .duplicateParameterName(String(decoding: name, as: UTF8.self)))
            }
        }
    }

    /// The captures of a valid pattern's `bytes` (checked by ``validate(_:)``) matching the
    /// decoded segments `path`, or `nil` when it does not match: what the compiled trie
    /// would answer for this pattern alone, without compiling it.
    static func captures(matching bytes: UnsafeBufferPointer<UInt8>, _ path: PathSegments) -> SegmentCaptures? {
        var captures = SegmentCaptures()
        let matched = walk(bytes, path) { captures.append(String(decoding: $0, as: UTF8.self)) }
        return matched ? captures : nil
    }

    /// Whether a valid pattern's `bytes` match the decoded segments `path`: what
    /// ``captures(matching:_:)`` answers non-`nil` for, without making the captures (a scan
    /// of a group tries every pattern before the one that matches).
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ path: PathSegments) -> Bool {
        walk(bytes, path) { _ in }
    }

    /// Walks a valid pattern's `bytes` over the decoded segments `path`, handing `capture`
    /// each parameter's bytes in order; whether the whole path matched.
    private static func walk(
        _ bytes: UnsafeBufferPointer<UInt8>, _ path: PathSegments, capture: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
        var segments = PathBytes.SegmentRanges(bytes)
        var part = 0
        while let range = segments.next() {
            guard part < path.count else { return false }
            let segment = path.segment(part)
            part += 1
            if range.count == 1, bytes[range.lowerBound] == UInt8(ascii: "*") {
                continue
            }
            if bytes[range.lowerBound] == UInt8(ascii: "{"), bytes[range.upperBound - 1] == UInt8(ascii: "}") {
                // `{name}` (a valid pattern's segment holds one parameter).
                capture(segment)
            } else if !equal(UnsafeBufferPointer(rebasing: bytes[range]), segment) {
                // A literal that differs, or a partial segment (a literal never equals one:
                // the segment would hold its braces).
                guard let parameter = partialCapture(UnsafeBufferPointer(rebasing: bytes[range]), segment) else {
                    return false
                }
                capture(parameter)
            } else if bytes[range].contains(UInt8(ascii: "{")) {
                // The segment is the partial segment's own text, `@{handle}`: `handle` = `{handle}`.
                guard let parameter = partialCapture(UnsafeBufferPointer(rebasing: bytes[range]), segment) else {
                    return false
                }
                capture(parameter)
            }
        }
        return part == path.count
    }

    /// What the partial segment `pattern` (a valid one's bytes: `@{name}`, `{name}.json`)
    /// captures of `segment`, or `nil` when `pattern` is no partial segment or does not match.
    private static func partialCapture(
        _ pattern: UnsafeBufferPointer<UInt8>, _ segment: UnsafeBufferPointer<UInt8>
    ) -> UnsafeBufferPointer<UInt8>? {
        guard let name = nameRange(in: pattern) else { return nil }
        let affix = SegmentAffix(
            prefixStart: 0, prefixCount: name.lowerBound - 1, suffixStart: name.upperBound + 1,
            suffixCount: pattern.count - name.upperBound - 1)
        return affix.matches(segment, in: pattern) ? affix.parameter(of: segment) : nil
    }

    /// Whether `a` and `b` hold the same bytes.
    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] {
            return false
        }
        return true
    }

    /// The parameter names of a valid pattern's `bytes`, in order.
    static func parameterNames(of bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var names: [String] = []
        var segments = PathBytes.SegmentRanges(bytes)
        while let range = segments.next() {
            let segment = UnsafeBufferPointer(rebasing: bytes[range])
            guard let name = nameRange(in: segment) else { continue }
            names.append(String(decoding: segment[name], as: UTF8.self))
        }
        return names
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
