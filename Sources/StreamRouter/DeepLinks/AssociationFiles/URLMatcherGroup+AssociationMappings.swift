/// One registered mapping as association files read it.
struct AssociationMapping<Route: Sendable> {
    /// Its index: every mapping of every group, in declaration order.
    let index: Int
    /// Its pattern, as registered.
    let pattern: String
    /// Its group, and the group's position.
    let matcher: URLMatcher<Route>
    let group: Int
    /// Its compiled segments.
    let segments: [_URLPattern.Segment]
}

extension URLMatcherGroup {
    /// Every registered mapping, in declaration order (registered patterns were checked, so
    /// each compiles).
    var associationMappings: [AssociationMapping<Route>] {
        var mappings: [AssociationMapping<Route>] = []
        var index = 0
        for (group, matcher) in matchers.enumerated() {
            for pattern in matcher.patterns {
                if let compiled = try? _URLPattern(pattern) {
                    mappings.append(
                        AssociationMapping(
                            index: index, pattern: pattern, matcher: matcher, group: group, segments: compiled.segments)
                    )
                }
                index += 1
            }
        }
        return mappings
    }
}
