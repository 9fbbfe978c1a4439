/// A mapping an association file cannot express: the file leaves it out, and the system
/// never hands its URLs to the app as verified links (the app still opens them when they
/// reach it otherwise).
///
/// ```swift
/// for gap in group.appleAppSiteAssociationGaps { print(gap) }
/// // mapping 3 'user/{id}' (myapp): universal links are https only
/// ```
public struct AssociationFileGap: Sendable, Hashable, CustomStringConvertible {
    /// Why the mapping cannot be expressed.
    public enum Reason: Sendable, Hashable {
        /// The group accepts no `https` URL (a custom-scheme or `http`-only group): universal
        /// links are `https` only.
        case noHTTPS
        /// The group reads the host as the path's first segment (custom-scheme links such as
        /// `myapp://user/5`): an `apple-app-site-association` file is served by one domain
        /// for its own paths.
        case hostInPath
        /// The host would be the pattern's first segment, and it is a parameter or `*` (a
        /// host-in-path group): an intent filter's host cannot be one segment of any text.
        case wildcardHost
        /// The group accepts no host at all (an empty host list, or a host-in-path group's
        /// root pattern).
        case noHost
        /// A literal holds a character that the file's patterns read as a wildcard (`*` or
        /// `?` in an `apple-app-site-association` component), given here.
        case wildcardCharacter(Character)
    }

    /// The mapping's index: every mapping of every group counts, in declaration order
    /// (malformed patterns left out), as in ``URLMatcherGroup/conflicts``.
    public let mapping: Int
    /// The mapping's pattern, as registered.
    public let pattern: String
    /// Why the file cannot express it.
    public let reason: Reason

    /// Creates a gap.
    /// - Parameters:
    ///   - mapping: The mapping's index.
    ///   - pattern: The mapping's pattern.
    ///   - reason: Why the file cannot express it.
    public init(mapping: Int, pattern: String, reason: Reason) {
        self.mapping = mapping
        self.pattern = pattern
        self.reason = reason
    }

    /// The mapping, its pattern and the reason, for logs.
    public var description: String {
        let why =
            switch reason {
            case .noHTTPS: "universal links are https only"
            case .hostInPath: "the group reads the host from the path"
            case .wildcardHost: "the host would be a parameter or '*'"
            case .noHost: "the group accepts no host"
            case .wildcardCharacter(let character): "a literal holds the wildcard '\(character)'"
            }
        return "mapping \(mapping) '\(pattern)': \(why)"
    }
}
