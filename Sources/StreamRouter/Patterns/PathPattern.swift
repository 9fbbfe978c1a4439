/// A route glob such as `/user/:id?` or `/news/*`, compiled once and matched segment by
/// segment (no regular expressions).
///
/// ```swift
/// let pattern = try PathPattern("/user/:id/*")
/// pattern.match("/user/5/settings")?.parameters["id"]   // "5"
/// pattern.match("/username")                           // nil
/// ```
///
/// Segments:
/// - a literal (`user`) matches the same segment, byte for byte (case-sensitive);
/// - `:name` matches exactly one segment and captures it;
/// - `:name?` matches zero or one segment (when zero, `name` is absent from the parameters);
/// - a partial segment puts a literal prefix and/or suffix around one parameter (`@:handle`,
///   `:id.json`, `v:major-beta`): it matches a segment that starts with the prefix and ends
///   with the suffix, byte for byte, with at least one byte between them, and captures those
///   bytes (`@:handle` takes `@bob` with `handle` = `bob`, not `@`);
/// - `*`, only as the last segment, matches zero or more segments.
///
/// In a segment, `:` always starts a parameter, whose name is the run of ASCII letters,
/// digits and `_` after it; what follows the name is the suffix. A segment holds at most one
/// parameter (`:a:b` throws), and an optional parameter or `*` is always a whole segment
/// (`@:id?`, `:id.json?` and `@*` throw: a partial segment's suffix holds no `?`).
///
/// A pattern never matches across a segment boundary: `/user/:id` does not match
/// `/username`, `/movie/*` does not match `/movies`. Patterns are absolute: a leading `/`
/// is implied, duplicate and trailing slashes are ignored. Parameter names start with an
/// ASCII letter and hold ASCII letters, digits and `_` (`:client_id`). Anything else throws a
/// ``PathPatternError``, never a crash. When optional parameters make a match ambiguous,
/// earlier optional parameters take a segment first (like a greedy regular expression).
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    /// One compiled segment of a pattern.
    public enum Segment: Sendable, Hashable {
        /// Matches this exact text.
        case literal(String)
        /// Matches one segment, captured under the name.
        case parameter(String)
        /// Matches zero or one segment, captured under the name when present.
        case optionalParameter(String)
        /// Matches one segment that starts with `prefix` and ends with `suffix` (byte for
        /// byte) with at least one byte between them, which are captured under `name`
        /// (`@:handle`, `:id.json`). At least one of `prefix` and `suffix` is not empty.
        case partialParameter(prefix: String, name: String, suffix: String)
        /// Matches zero or more segments; only ever last.
        case wildcard
    }

    /// The most segments a pattern may have.
    public static let maximumSegmentCount = 128

    /// The compiled segments, in order.
    public let segments: [Segment]

    /// The pattern as a route trie of one entry, built once: ``match(_:)`` runs the same
    /// engine as a ``RouteTable``.
    let trie: _RouteTrie

    /// The pattern in canonical form (`"user//:id/"` -> `"/user/:id"`).
    public var description: String {
        "/" + segments.map(\.text).joined(separator: "/")
    }

    /// Compiles a glob.
    /// - Throws: ``PathPatternError`` naming the offending segment.
    public init(_ glob: String) throws(PathPatternError) {
        // Split on the byte `/`, as `match` splits paths: a grapheme cluster that starts with
        // `/` (`"/\u{301}"`) still separates segments. The skeleton is the URL patterns' too.
        var utf8 = glob
        let compiled = utf8.withUTF8 { bytes in
            Result { () throws(PathPatternError) in
                func failure(
                    _ index: Int, _ segment: UnsafeBufferPointer<UInt8>, _ reason: PathPatternError.Reason
                )
                    -> PathPatternError
                {
                    PathPatternError(
                        pattern: glob, segmentIndex: index, segment: String(decoding: segment, as: UTF8.self),
                        reason: reason)
                }
                return try PatternSegmentParser.segments(
                    of: bytes,
                    classify: { (part, index, isLast) throws(PathPatternError) in
                        try Self.segment(from: Substring(String(decoding: part, as: UTF8.self)), isLast: isLast) {
                            failure(index, part, $0)
                        }
                    },
                    parameterName: \.parameterName,
                    tooMany: {
                        failure(Self.maximumSegmentCount, $0, .tooManySegments(limit: Self.maximumSegmentCount))
                    },
                    duplicate: { failure($1, $2, .duplicateParameterName($0)) }
                )
            }
        }
        segments = try compiled.get()
        trie = _RouteTrie([segments.map { $0.trieSegment }])
    }

    /// A pattern of segments already compiled and checked.
    init(segments: [Segment]) {
        self.segments = segments
        trie = _RouteTrie([segments.map { $0.trieSegment }])
    }

    private static func segment(
        from text: Substring,
        isLast: Bool,
        failure: (PathPatternError.Reason) -> PathPatternError
    ) throws(PathPatternError) -> Segment {
        // Tokens are read byte by byte (`*`, `:`, `?` and `.` are ASCII), never by grapheme
        // cluster: `"*\u{301}"` holds a `*`, `":id?\u{301}"` does not end with `?`.
        let utf8 = text.utf8
        if utf8.elementsEqual("*".utf8) {
            guard isLast else { throw failure(.wildcardNotLast) }
            return .wildcard
        }
        if utf8.elementsEqual(".".utf8) || utf8.elementsEqual("..".utf8) {
            throw failure(.dotSegment)
        }
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else {
            guard !utf8.contains(UInt8(ascii: "*")) else { throw failure(.wildcardInsideSegment) }
            return .literal(String(text))
        }
        let prefix = Substring(utf8[..<colon])
        let afterColon = utf8[utf8.index(after: colon)...]
        // The name is the run of name bytes after the `:`; a `?` right after it marks an
        // optional parameter; the rest is the suffix.
        let nameEnd = afterColon.firstIndex(where: { !PathBytes.isNameByte($0) }) ?? afterColon.endIndex
        let name = Substring(afterColon[..<nameEnd])
        var suffix = Substring(afterColon[nameEnd...])
        let isOptional = suffix.utf8.first == UInt8(ascii: "?")
        if isOptional {
            suffix = Substring(suffix.utf8.dropFirst())
        }
        guard let first = name.utf8.first else {
            // `:`, `:?`, `@:`; or a name that starts with a byte no name holds (`:-d`, `:été`).
            guard let bad = Substring(afterColon).first, !isOptional else { throw failure(.missingParameterName) }
            throw failure(.invalidParameterName(name: String(Substring(afterColon)), character: bad))
        }
        guard PathBytes.isASCIILetter(first) else {
            throw failure(.invalidParameterName(name: String(name), character: Character(Unicode.Scalar(first))))
        }
        guard !prefix.isEmpty || !suffix.isEmpty else {
            return isOptional ? .optionalParameter(String(name)) : .parameter(String(name))
        }
        // `:id?.json`, `@:id?` and `:id.json?` all read as optional: none is accepted.
        guard !isOptional, !suffix.utf8.contains(UInt8(ascii: "?")) else { throw failure(.optionalPartialParameter) }
        guard !suffix.utf8.contains(UInt8(ascii: ":")) else { throw failure(.multipleParameters) }
        guard !utf8.contains(UInt8(ascii: "*")) else { throw failure(.wildcardInsideSegment) }
        return .partialParameter(prefix: String(prefix), name: String(name), suffix: String(suffix))
    }

    /// Matches a path (normalised first, so `/user//5/` matches like `/user/5`).
    /// - Returns: What matched, or `nil`.
    public func match(_ path: String) -> RouteInformation? {
        trie.firstInformation(path)
    }

    /// Two patterns are equal when their segments are (`"/a//:b/"` equals `"/a/:b"`).
    public static func == (lhs: PathPattern, rhs: PathPattern) -> Bool {
        lhs.segments == rhs.segments
    }

    /// Hashes the segments, as ``==(_:_:)`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(segments)
    }
}

extension PathPattern {
    /// The segments as the route trie reads them.
    var trieSegments: [_RouteTrie.Segment] {
        segments.map { $0.trieSegment }
    }
}

extension PathPattern.Segment {
    /// Equal when the same case holds the same bytes: literals compare byte for byte, as
    /// paths are matched, not by Unicode canonical equivalence as `String`'s `==` does.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.trieSegment == rhs.trieSegment
    }

    /// Hashes the case and its bytes, as ``==(_:_:)`` compares them.
    public func hash(into hasher: inout Hasher) {
        trieSegment.hash(into: &hasher)
    }

    /// The segment as written in a glob.
    var text: String {
        switch self {
        case .literal(let text): text
        case .parameter(let name): ":" + name
        case .optionalParameter(let name): ":" + name + "?"
        case .partialParameter(let prefix, let name, let suffix): prefix + ":" + name + suffix
        case .wildcard: "*"
        }
    }

    /// The segment as the route trie reads it.
    var trieSegment: _RouteTrie.Segment {
        switch self {
        case .literal(let text): .literal(text)
        case .parameter(let name): .capture(name)
        case .optionalParameter(let name): .optionalCapture(name)
        case .partialParameter(let prefix, let name, let suffix):
            .partialCapture(prefix: prefix, name: name, suffix: suffix)
        case .wildcard: .rest
        }
    }

    var parameterName: String? {
        switch self {
        case .parameter(let name), .optionalParameter(let name), .partialParameter(_, let name, _): name
        case .literal, .wildcard: nil
        }
    }
}
