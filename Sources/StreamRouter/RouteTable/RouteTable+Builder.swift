extension RouteTable {
    /// Collects entries one at a time, then builds an immutable ``RouteTable``.
    ///
    /// ```swift
    /// var builder = RouteTable<String>.Builder()
    /// try builder.add("/news/:id", "article")   // a bad glob throws here, naming it
    /// try builder.add("/news/*", "news")
    /// let table = builder.build()
    /// ```
    public struct Builder: Sendable {
        /// The entries added so far, in declaration order.
        public private(set) var entries: [Entry] = []

        /// Creates an empty builder.
        public init() {}

        /// Appends an entry; entries added earlier win on a match.
        /// - Parameter entry: The entry.
        public mutating func add(_ entry: Entry) {
            entries.append(entry)
        }

        /// Appends a pattern and its value.
        /// - Parameters:
        ///   - pattern: The pattern the path must match.
        ///   - value: The value a match returns.
        public mutating func add(_ pattern: PathPattern, _ value: Value) {
            add(Entry(pattern, value))
        }

        /// Compiles a glob and appends it with its value.
        /// - Parameters:
        ///   - glob: A route glob such as `/user/:id?` or `/news/*`.
        ///   - value: The value a match returns.
        /// - Throws: ``PathPatternError`` when the glob is malformed; nothing is added then.
        public mutating func add(_ glob: String, _ value: Value) throws(PathPatternError) {
            add(try PathPattern(glob), value)
        }

        /// Appends a pattern with a validator (see ``Entry/validated(_:_:)``).
        /// - Parameters:
        ///   - pattern: The pattern the path must match.
        ///   - validator: Makes the value from the match, or rejects it with `nil`.
        public mutating func add(
            _ pattern: PathPattern,
            validator: @escaping @Sendable (RouteInformation) -> Value?
        ) {
            add(.validated(pattern, validator))
        }

        /// Compiles the entries added so far into a table. The builder is unchanged.
        /// - Returns: The table.
        public func build() -> RouteTable {
            RouteTable(entries)
        }
    }
}
