/// Why a URL pattern given to a ``URLPathMapper`` could not be
/// registered. The mapping is skipped (it never matches) and the error is kept in
/// ``URLMatcherGroup/patternErrors``, so a test can assert there is none.
///
/// ```swift
/// #expect(AppRoute.registerURLs()?.patternErrors == [])
/// ```
public struct URLPatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the pattern.
    public enum Reason: Sendable, Hashable {
        /// `{}`: a parameter needs a name.
        case missingParameterName
        /// A segment with `{` or `}` that is not `{name}` with an optional literal prefix
        /// and suffix (`@{name}.json`), or a name holding characters other than ASCII
        /// letters, digits and `_`.
        case malformedParameter(segment: String)
        /// A segment with more than one parameter (`{a}{b}`, `{a}-{b}`): a segment holds at
        /// most one.
        case multipleParameters(segment: String)
        /// The same parameter name twice.
        case duplicateParameterName(String)
        /// More segments than ``PathPattern/maximumSegmentCount``.
        case tooManySegments(limit: Int)
        /// A rest segment (`{name...}`) that is not the pattern's last.
        case restNotLast(segment: String)
        /// A control character (U+0000–U+001F, U+007F–U+009F: NUL, newline, escape, ...), at
        /// the given offset in Unicode scalars. No URL could match it: a decoded segment
        /// holding one is refused (``InputError/Kind/urlPathSegment``).
        case controlCharacter(scalar: UInt32, offset: Int)
    }

    /// The pattern text as given.
    public let pattern: String
    /// What is wrong.
    public let reason: Reason

    /// Creates an error.
    public init(pattern: String, reason: Reason) {
        self.pattern = pattern
        self.reason = reason
    }

    /// A sentence for logs naming the pattern.
    public var description: String {
        switch reason {
        case .missingParameterName:
            "URL pattern '\(pattern)' has a parameter with no name: write '{name}'."
        case .malformedParameter(let segment):
            "URL pattern '\(pattern)' has a malformed segment '\(segment)': a parameter is '{name}', "
                + "with an optional prefix and suffix ('@{name}.json'), its name made of ASCII letters, digits and '_'."
        case .multipleParameters(let segment):
            "URL pattern '\(pattern)' has more than one parameter in segment '\(segment)': a segment holds at most one."
        case .duplicateParameterName(let name):
            "URL pattern '\(pattern)' names parameter '\(name)' twice."
        case .tooManySegments(let limit):
            "URL pattern '\(pattern)' has more than \(limit) segments."
        case .restNotLast(let segment):
            "URL pattern '\(pattern)' has the rest segment '\(segment)' before its end: it takes the rest of the path."
        case .controlCharacter(let scalar, let offset):
            "URL pattern \(pattern.debugDescription) holds control character "
                + "U+\(String(scalar, radix: 16, uppercase: true)) at offset \(offset)."
        }
    }
}
