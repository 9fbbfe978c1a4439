/// One registered mapping as association files read it.
struct AssociationMapping<Route: Sendable> {
    /// Its index: every mapping of every group, in declaration order.
    let index: Int
    /// Its pattern, as registered.
    let pattern: String
    /// Its group, and the group's position.
    let matcher: URLGroup
    let group: Int
    /// Its compiled segments.
    let segments: [PatternSegment]
}

extension URLMatcherGroup {
    /// Every registered mapping, in declaration order.
    var associationMappings: [AssociationMapping<Route>] {
        var mappings: [AssociationMapping<Route>] = []
        for (group, matcher) in groups.enumerated() {
            for pattern in matcher.compiledPatterns {
                mappings.append(
                    AssociationMapping(
                        index: mappings.count, pattern: pattern.text, matcher: matcher, group: group,
                        segments: pattern.segments))
            }
        }
        return mappings
    }
}
