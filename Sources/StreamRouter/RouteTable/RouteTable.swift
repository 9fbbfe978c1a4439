/// An ordered list of route patterns and values, compiled into a segment trie: a lookup
/// returns the first entry, in declaration order, whose pattern matches a path (the
/// semantics of SwiftUIRouter's `SwitchRoutes`).
///
/// ```swift
/// let table = RouteTable<String>([
///     (try PathPattern("/news/:id"), "article"),
///     (try PathPattern("/news/*"), "news"),
///     (try PathPattern("/*"), "not found"),
/// ])
/// table.match("/news/5")?.value                      // "article"
/// table.match("/news/5")?.information.parameters     // ["id": "5"]
/// table.match("/news/5/comments")?.value             // "news"
/// table.match("/about")?.value                       // "not found"
/// ```
///
/// The table is compiled once, when it is created. A lookup walks the path's segments
/// through the trie instead of testing every pattern; no regular expression is involved.
/// The ``RouteInformation`` returned is exactly what the winning entry's
/// ``PathPattern/match(_:)`` gives, and the path is normalised the same way first.
///
/// Entries may carry a validator instead of a value (``Entry/validated(_:_:)``): when it
/// returns `nil` the entry does not match and the lookup goes on to the next matching entry,
/// as SwiftUIRouter's `Route(_:validator:)` does inside `SwitchRoutes`.
///
/// > Note: A table is an immutable value, safe to share between tasks and threads.
/// > Validators run on the thread that calls ``match(_:)``.
public struct RouteTable<Value: Sendable>: Sendable {
    @usableFromInline let _entries: [Entry]
    @usableFromInline let _trie: _RouteTrie

    /// Creates a table from entries that may carry validators, in declaration order.
    ///
    /// ```swift
    /// let table = RouteTable<Int>([
    ///     .validated(try PathPattern("/user/:id")) { Int($0.parameters["id"] ?? "") },
    ///     .init(try PathPattern("/user/*"), -1),
    /// ])
    /// table.match("/user/42")?.value     // 42
    /// table.match("/user/me")?.value     // -1: the validator returned nil
    /// ```
    /// - Parameter entries: The entries; on a match, earlier ones win.
    public init(_ entries: [Entry]) {
        self._entries = entries
        self._trie = _RouteTrie(entries.map { $0.pattern }, indexingStaticPaths: true)
    }

    /// Creates a table from patterns and their values, in declaration order.
    ///
    /// (Disfavoured, so that `RouteTable<Value>([])`, an empty table, reads as the
    /// one taking entries.)
    /// - Parameter entries: The patterns and values; on a match, earlier ones win.
    @_disfavoredOverload
    public init(_ entries: [(PathPattern, Value)]) {
        self.init(entries.map { Entry($0.0, $0.1) })
    }

    /// The number of entries.
    public var count: Int { _entries.count }

    /// Whether the table has no entries (and so matches nothing).
    public var isEmpty: Bool { _entries.isEmpty }

    /// The patterns of the entries, in declaration order.
    public var patterns: [PathPattern] { _entries.map(\.pattern) }

    /// Finds the first entry, in declaration order, whose pattern matches `path` (and
    /// whose validator, if it has one, returns a value).
    ///
    /// - Parameter path: An absolute path; it is normalised first, so `/news//5/` matches
    ///   like `/news/5`.
    /// - Returns: The entry's value and what its pattern matched, or `nil` when no entry
    ///   matches.
    @inlinable
    public func match(_ path: String) -> (value: Value, information: RouteInformation)? {
        firstMatch(path).map { ($0.value, $0.information) }
    }
}
