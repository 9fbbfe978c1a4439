/// Why ``PathPattern/path(with:rest:)`` could not build a path from parameters. Thrown in
/// every build configuration; its `description` is a sentence for logs.
public struct PathGenerationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the parameters.
    public enum Reason: Sendable, Hashable {
        /// A required parameter (`:name`) has no value.
        case missingParameter(String)
        /// A name the pattern does not have.
        case unknownParameter(String)
        /// A value that is empty: it would make no segment.
        case emptyValue(name: String)
        /// A value that holds `/`: it would make more than one segment.
        case valueContainsSlash(name: String, value: String)
        /// A value that is `.` or `..`, or makes such a segment with a partial segment's
        /// prefix or suffix (`.:x` given `.`): normalising the path would remove it.
        case dotSegment(name: String, value: String)
        /// A `rest` for a pattern that does not end with `*`.
        case restWithoutWildcard(rest: String)
        /// A segment of `rest` that is `.` or `..`.
        case dotSegmentInRest(rest: String)
        /// The path would match with other parameters than those given (optional parameters
        /// take segments greedily: `/:a?/:b?` given only `b` reads back as `a`).
        case ambiguous(path: String, readBack: [String: String])
    }

    /// The pattern, in canonical form.
    public let pattern: String
    /// What is wrong.
    public let reason: Reason

    /// A sentence for logs naming the pattern and what is wrong.
    public var description: String {
        let subject = "Cannot build a path from pattern '\(pattern)'"
        switch reason {
        case .missingParameter(let name):
            return "\(subject): the required parameter '\(name)' has no value."
        case .unknownParameter(let name):
            return "\(subject): it has no parameter '\(name)'."
        case .emptyValue(let name):
            return "\(subject): the value of '\(name)' is empty."
        case .valueContainsSlash(let name, let value):
            return "\(subject): the value '\(value)' of '\(name)' contains '/'."
        case .dotSegment(let name, let value):
            return "\(subject): the value of '\(name)' is '\(value)', which a path cannot hold as a segment."
        case .restWithoutWildcard(let rest):
            return "\(subject): it does not end with '*', so it cannot take the rest '\(rest)'."
        case .dotSegmentInRest(let rest):
            return "\(subject): the rest '\(rest)' holds a '.' or '..' segment."
        case .ambiguous(let path, let readBack):
            let pairs = readBack.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return "\(subject): '\(path)' would match with other parameters [\(pairs.joined(separator: ", "))]."
        }
    }
}
