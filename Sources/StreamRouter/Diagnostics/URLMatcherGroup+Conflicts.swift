extension URLMatcherGroup {
    /// The mappings that can never be reached because earlier mappings take every URL they
    /// match, in declaration order (see ``RouteConflict``).
    ///
    /// ```swift
    /// let group = URLMatcherGroup<String>(matchers: [
    ///     .group("example.com") { $0.map("user/{id}") { "user" } },
    ///     .group("example.com") { $0.map("user/me") { "me" } },   // never reached
    /// ])
    /// group.conflicts   // [RouteConflict(entry: 1, shadowedBy: [0], kind: .unreachable)]
    /// ```
    ///
    /// Indexes count every mapping of every group, in declaration order (malformed patterns,
    /// in ``patternErrors``, are not counted). Schemes and hosts count: a mapping is
    /// unreachable only when earlier mappings of groups that accept its schemes and hosts
    /// together take every URL it matches; a group that reads the host as the first path
    /// segment takes the URLs of other groups whose host and path it matches. A mapping is
    /// a ``RouteConflict/Kind/duplicate`` when an earlier one has the same schemes, hosts
    /// and pattern up to parameter names. In a group composed of feature modules' groups
    /// (``module(_:through:)``), each conflict names the module of each entry it names
    /// (``RouteConflict/modules``): two modules claiming one link are both named. Computed on
    /// each call.
    public var conflicts: [RouteConflict] {
        let found = RouteConflictAnalysis.conflicts(of: conflictItems, minimumLength: 2)
        guard moduleNames.contains(where: { $0 != nil }) else { return found }
        return found.map { conflict in
            var modules: [Int: String] = [:]
            for index in [conflict.entry] + conflict.shadowedBy {
                modules[index] = moduleNames[index]
            }
            return RouteConflict(
                entry: conflict.entry, shadowedBy: conflict.shadowedBy, kind: conflict.kind, modules: modules)
        }
    }

    /// Each mapping as the URLs it takes: the word `[scheme, host] + path` for each scheme
    /// and host, or for a group that reads the host as a path segment, `[scheme] + path`
    /// (a host, then the path) and `[scheme without host, no host] + path`. The markers hold
    /// a `/`, which no segment does, so they never equal a literal.
    private var conflictItems: [ConflictItem] {
        var items: [ConflictItem] = []
        for matcher in groups {
            let schemes = matcher.schemes.sorted()
            for pattern in matcher.compiledPatterns {
                let path = pattern.conflictForm
                var forms: [[PatternSegment]] = []
                for scheme in schemes {
                    if let hosts = matcher.hosts {
                        for host in hosts.sorted() {
                            forms.append([.literal("/scheme/" + scheme), .literal(host)] + path)
                        }
                    } else {
                        forms.append([.literal("/scheme/" + scheme)] + path)
                        forms.append([.literal("/scheme-without-host/" + scheme), .literal("/no-host")] + path)
                    }
                }
                items.append(ConflictItem(forms: forms, shadows: true))
            }
        }
        return items
    }
}
