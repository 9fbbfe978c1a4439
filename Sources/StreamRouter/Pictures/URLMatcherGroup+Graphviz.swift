extension URLMatcherGroup {
    /// The URL mappings as a Graphviz graph in the DOT language: a node per group (its
    /// number, schemes and hosts), under it the group's patterns as a tree of segments, each
    /// mapping a node (`#index pattern`, marked `stack` for a `mapStack`
    /// mapping) under its last segment; conflicting mappings (``conflicts``) in red with a
    /// dashed red edge from each mapping that shadows them, and malformed patterns
    /// (``patternErrors``) in red under their group.
    ///
    /// ```swift
    /// let dot = AppRoute.registerURLs()?.graphviz()
    /// ```
    ///
    /// Indexes count every mapping of every group in declaration order, as ``conflicts``
    /// does. The text is deterministic (schemes and hosts sorted) and every label is escaped.
    /// - Returns: The DOT text of a `digraph`, ending with a newline.
    public func graphviz() -> String {
        var first = 0  // the flat number of the group's first mapping
        let branches = groups.enumerated().map { number, matcher in
            defer { first += matcher.patterns.count }
            let schemes = matcher.schemes.sorted().joined(separator: ", ")
            let hosts = matcher.hosts.map { $0.sorted().joined(separator: ", ") } ?? "(host read as the path)"
            let entries = matcher.patterns.enumerated().map { index, pattern in
                RouteMap.Entry(
                    segments: pattern.split(separator: "/").map(String.init),
                    label: pattern + _mappings[first + index].pictureNote)
            }
            return RouteMap.Branch(
                label: "group \(number): \(schemes)\n\(hosts)", entries: entries,
                problems: matcher.patternErrors.map { "malformed: \($0)" })
        }
        return RouteMap(root: "URLs", branches: branches, conflicts: conflicts).graphviz
    }
}
