extension RouteTable {
    /// The winning entry of a lookup: its value, what its pattern matched, and its position.
    public struct Match: Sendable {
        /// The entry's value (or what its validator returned).
        public let value: Value
        /// What the entry's pattern matched.
        public let information: RouteInformation
        /// The entry's position in declaration order.
        public let entryIndex: Int
    }

    /// Like ``match(_:)``, with the winning entry's position.
    /// - Parameter path: An absolute path; normalised first.
    public func firstMatch(_ path: String) -> Match? {
        let normalized = PathResolver.normalize(path)
        let parts = normalized.utf8.split(separator: UInt8(ascii: "/"))
        var lowerBound = -1
        // Each round looks above the last index tried, so the loop always ends.
        while let index = trie.firstMatch(of: parts, after: lowerBound), index > lowerBound {
            lowerBound = index
            let entry = entries[index]
            guard let information = entry.pattern.match(normalized) else {
                continue  // Unreachable: the trie and the pattern agree.
            }
            if let value = entry.value(for: information) {
                return Match(value: value, information: information, entryIndex: index)
            }
        }
        return nil
    }
}

extension RouteTable.Match: Equatable where Value: Equatable {}
