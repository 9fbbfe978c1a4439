extension RouteTable {
    /// The winning entry of a lookup: its value, what its pattern matched, and its position.
    public struct Match: Sendable {
        /// The entry's value (or what its validator returned).
        public let value: Value
        /// What the entry's pattern matched.
        public let information: RouteInformation
        /// The entry's position in declaration order.
        public let entryIndex: Int

        @usableFromInline
        init(value: Value, information: RouteInformation, entryIndex: Int) {
            self.value = value
            self.information = information
            self.entryIndex = entryIndex
        }
    }

    /// Like ``match(_:)``, with the winning entry's position.
    /// - Parameter path: An absolute path; normalised first.
    ///
    /// Inlinable so that a caller's concrete `Value` specialises it: the lookup itself is
    /// not generic.
    @inlinable
    public func firstMatch(_ path: String) -> Match? {
        var match: Match?
        _trie.firstMatch(path) { index, information in
            guard let value = _entries[index]._target.value(for: information) else { return false }
            match = Match(value: value, information: information, entryIndex: index)
            return true
        }
        return match
    }
}

extension RouteTable.Match: Equatable where Value: Equatable {}
