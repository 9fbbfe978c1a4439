/// How a served `apple-app-site-association` file covers a group's mappings: what
/// ``URLMatcherGroup/uncoveredMappings(inAppleAppSiteAssociation:)`` answers.
///
/// ```swift
/// let coverage = group.uncoveredMappings(inAppleAppSiteAssociation: served)
/// coverage.mappings            // [UncoveredMapping]: mappings no component covers
/// coverage.unmatchedComponents // ["/legacy/*"]: components that match no mapping
/// coverage.isComplete          // true when both are empty and the file was readable
/// ```
public struct AppleAppSiteAssociationCoverage: Sendable, Hashable, CustomStringConvertible {
    /// A mapping that the served file leaves out.
    public struct UncoveredMapping: Sendable, Hashable {
        /// The mapping's index (every mapping of every group, in declaration order).
        public let mapping: Int
        /// The mapping's pattern, as registered.
        public let pattern: String
        /// The component the generated file has for it (`/orders/*`).
        public let component: String

        /// Creates an uncovered mapping.
        /// - Parameters:
        ///   - mapping: The mapping's index.
        ///   - pattern: Its pattern.
        ///   - component: Its component's path pattern.
        public init(mapping: Int, pattern: String, component: String) {
            self.mapping = mapping
            self.pattern = pattern
            self.component = component
        }
    }

    /// The mappings the file can express (see
    /// ``URLMatcherGroup/appleAppSiteAssociationGaps`` for the others) that no component of
    /// the file covers: none covers all of its paths, or an earlier excluding one covers
    /// them. In declaration order.
    public let mappings: [UncoveredMapping]
    /// The path patterns of the file's components (excluding ones left out) that match no
    /// URL of any mapping, in the file's order: the system hands such links to an app that
    /// refuses them.
    public let unmatchedComponents: [String]
    /// Why the file could not be read (not JSON, no `applinks.details`, a value of the
    /// wrong type, a path pattern too long), `nil` when it could. An unreadable file covers
    /// nothing.
    public let unreadable: ServedAssociationFileError?

    /// Creates a coverage.
    /// - Parameters:
    ///   - mappings: The uncovered mappings.
    ///   - unmatchedComponents: The components matching no mapping.
    ///   - unreadable: Why the file could not be read, if it could not.
    public init(
        mappings: [UncoveredMapping], unmatchedComponents: [String], unreadable: ServedAssociationFileError? = nil
    ) {
        self.mappings = mappings
        self.unmatchedComponents = unmatchedComponents
        self.unreadable = unreadable
    }

    /// Whether the file was read, covers every mapping it can express and claims no path
    /// that no mapping takes.
    public var isComplete: Bool {
        unreadable == nil && mappings.isEmpty && unmatchedComponents.isEmpty
    }

    /// One line per problem; `"complete"` when there is none.
    public var description: String {
        guard !isComplete else { return "complete" }
        var lines: [String] = []
        if let unreadable { lines.append("unreadable: \(unreadable)") }
        for mapping in mappings {
            lines.append(
                "mapping \(mapping.mapping) '\(mapping.pattern)' is not covered (expected \(mapping.component))")
        }
        for component in unmatchedComponents {
            lines.append("component '\(component)' matches no mapping")
        }
        return lines.joined(separator: "\n")
    }
}
