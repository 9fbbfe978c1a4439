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
/// Matching goes through the path engine: each segment becomes a ``PathPattern`` segment
/// (literals in ``PercentEncoding/canonical(_:)`` form, parameters and `*` as `:p0`, `:p1`,
/// ...), so a group of mappings compiles to one ``RouteTable`` trie.
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
    /// The same pattern in path-engine form.
    let pathPattern: PathPattern

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
        let glob = segments.enumerated().map { index, segment in
            switch segment {
            case .literal(let literal): PercentEncoding.canonical(literal)
            case .parameter, .anySegment: ":p\(index)"
            }
        }
        do {
            pathPattern = try PathPattern("/" + glob.joined(separator: "/"))
        } catch {
            // Unreachable: canonical literals and `:p<index>` names are always valid.
            throw URLPatternError(pattern: text, reason: .malformedParameter(segment: error.segment))
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

    /// The parameters captured from decoded segments that this pattern matched.
    func parameters(in segments: [String]) -> [String: String] {
        var parameters: [String: String] = [:]
        for (index, segment) in self.segments.enumerated() where index < segments.count {
            if case .parameter(let name) = segment {
                parameters[name] = segments[index]
            }
        }
        return parameters
    }
}
