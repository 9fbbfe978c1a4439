/// Why a glob could not become a ``PathPattern``. Thrown in every build configuration.
///
/// The error names the pattern, the offending segment (zero-based, counting non-empty
/// segments) and the reason; its `description` is a sentence for logs.
public struct PathPatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the segment.
    public enum Reason: Sendable, Hashable {
        /// `:` or `:?` with no name.
        case missingParameterName
        /// A parameter name that does not start with an ASCII letter (`:1d`, `:-d`). The
        /// name is the run of ASCII letters, digits and `_` after the `:`; what follows it
        /// is a partial segment's suffix.
        case invalidParameterName(name: String, character: Character)
        /// A second parameter in one segment (`:a:b`, `@:a.:b`): a segment holds at most one.
        case multipleParameters
        /// An optional parameter with a literal prefix or suffix (`@:id?`, `:id?.json`), or
        /// a partial segment whose suffix holds `?` (`:id.json?`, which would read as
        /// optional): an optional parameter is always a whole segment.
        case optionalPartialParameter
        /// The same parameter name twice.
        case duplicateParameterName(String)
        /// `*` anywhere but the last segment.
        case wildcardNotLast
        /// `*` inside a segment with other text (`a*`, `@:id*`): `*` must be a whole segment.
        case wildcardInsideSegment
        /// A `.` or `..` segment: patterns are absolute and already resolved.
        case dotSegment
        /// More segments than ``PathPattern/maximumSegmentCount``.
        case tooManySegments(limit: Int)
    }

    /// The pattern text as given.
    public let pattern: String
    /// The zero-based index of the offending segment.
    public let segmentIndex: Int
    /// The offending segment's text.
    public let segment: String
    /// What is wrong.
    public let reason: Reason

    /// A sentence for logs naming the pattern, the segment and what is wrong with it.
    public var description: String {
        let location = "segment \(segmentIndex) ('\(segment)') of pattern '\(pattern)'"
        switch reason {
        case .missingParameterName:
            return "Missing parameter name in \(location): write ':name' or ':name?'."
        case .invalidParameterName(let name, let character):
            return "Invalid parameter name '\(name)' in \(location): unexpected character '\(character)'; "
                + "names start with an ASCII letter and hold only ASCII letters, digits and '_'."
        case .multipleParameters:
            return "More than one parameter in \(location): a segment holds at most one ':name'."
        case .optionalPartialParameter:
            return "An optional parameter with a prefix or suffix in \(location): ':name?' must be a whole segment."
        case .duplicateParameterName(let name):
            return "Parameter '\(name)' appears twice in pattern '\(pattern)' (again at \(location))."
        case .wildcardNotLast:
            return "'*' must be the last segment, but it is \(location)."
        case .wildcardInsideSegment:
            return "'*' must be a whole segment, not part of \(location)."
        case .dotSegment:
            return "'.' and '..' are not allowed in a pattern: \(location)."
        case .tooManySegments(let limit):
            return "Pattern '\(pattern)' has more than \(limit) segments."
        }
    }
}
