extension PathPublisher {
    /// What `pattern` matches in the current path, then each change: `nil` while the route
    /// does not match. Subscribed when called.
    ///
    /// ```swift
    /// for await match in navigator.matches(try PathPattern("/user/:id")) {
    ///     userID = match?.parameters["id"]
    /// }
    /// ```
    ///
    /// Only changes are yielded: no repeated `nil` while unmatched, and no repeat of an
    /// identical match (`/user/1/a` -> `/user/1/b` under `/user/:id/*`).
    /// - Parameters:
    ///   - pattern: The route glob.
    ///   - bufferingPolicy: The buffer of the underlying subscription to ``paths``
    ///     (unbounded by default: an unread stream keeps every path since it subscribed, about 25
    ///     bytes each plus the characters of a path longer than 15 bytes; see
    ///     <doc:StreamsAndOperators>).
    public func matches(
        _ pattern: PathPattern,
        bufferingPolicy: BufferingPolicy = .unbounded
    ) -> some AsyncSequence<RouteInformation?, Never> & Sendable {
        paths(bufferingPolicy: bufferingPolicy).matches(of: pattern)
    }

    /// What the glob matches in the current path, then each change.
    /// - Parameters:
    ///   - glob: The route glob.
    ///   - bufferingPolicy: The buffer of the underlying subscription to ``paths``
    ///     (unbounded by default: an unread stream keeps every path since it subscribed, about 25
    ///     bytes each plus the characters of a path longer than 15 bytes; see
    ///     <doc:StreamsAndOperators>).
    /// - Throws: ``PathPatternError`` for a bad glob.
    public func matches(
        _ glob: String,
        bufferingPolicy: BufferingPolicy = .unbounded
    ) throws(PathPatternError) -> some AsyncSequence<RouteInformation?, Never> & Sendable {
        matches(try PathPattern(glob), bufferingPolicy: bufferingPolicy)
    }

    /// The validated match of `pattern` in the current path, then each change, like
    /// SwiftUIRouter's `Route(_:validator:)`: `nil` when the route does not match or the
    /// validator rejects it.
    ///
    /// ```swift
    /// let users = navigator.matches(try PathPattern("/user/:id")) { UUID(uuidString: $0.parameters["id"] ?? "") }
    /// for await id in users { ... }   // a UUID, or nil for /user/not-a-uuid
    /// ```
    /// - Parameters:
    ///   - pattern: The route glob.
    ///   - bufferingPolicy: The buffer of the underlying subscription to ``paths``
    ///     (unbounded by default: an unread stream keeps every path since it subscribed, about 25
    ///     bytes each plus the characters of a path longer than 15 bytes; see
    ///     <doc:StreamsAndOperators>).
    ///   - validator: Turns a match into a value, or rejects it with `nil`.
    public func matches<Value: Sendable & Equatable>(
        _ pattern: PathPattern,
        bufferingPolicy: BufferingPolicy = .unbounded,
        validator: @escaping @Sendable (RouteInformation) -> Value?
    ) -> some AsyncSequence<Value?, Never> & Sendable {
        paths(bufferingPolicy: bufferingPolicy)
            .map { pattern.match($0).flatMap(validator) }
            .removeDuplicates()
    }

    /// The validated match of `pattern` in the current path, then one per change of the
    /// match, for a value that is not `Equatable` (an `Equatable` one is deduplicated by
    /// value instead): the validator runs once per change of the match, and two matches it
    /// rejects in a row give two `nil`s.
    ///
    /// ```swift
    /// let screens = navigator.matches(try PathPattern("/user/:id")) { match in
    ///     match.parameters["id"].flatMap(Int.init).map { id in UserScreen(id: id) }
    /// }
    /// ```
    /// - Parameters:
    ///   - pattern: The route glob.
    ///   - bufferingPolicy: The buffer of the underlying subscription to ``paths``.
    ///   - validator: Turns a match into a value, or rejects it with `nil`.
    public func matches<Value: Sendable>(
        _ pattern: PathPattern,
        bufferingPolicy: BufferingPolicy = .unbounded,
        validator: @escaping @Sendable (RouteInformation) -> Value?
    ) -> some AsyncSequence<Value?, Never> & Sendable {
        paths(bufferingPolicy: bufferingPolicy).matches(of: pattern).map { $0.flatMap(validator) }
    }

    /// The first entry of `table` that matches the current path, then each change
    /// (SwiftUIRouter's `SwitchRoutes`): `nil` when no entry matches.
    ///
    /// A change is a different winning entry or a different ``RouteInformation``.
    /// - Parameters:
    ///   - table: The route table.
    ///   - bufferingPolicy: The buffer of the underlying subscription to ``paths``
    ///     (unbounded by default: an unread stream keeps every path since it subscribed, about 25
    ///     bytes each plus the characters of a path longer than 15 bytes; see
    ///     <doc:StreamsAndOperators>).
    public func firstMatches<Value: Sendable>(
        in table: RouteTable<Value>,
        bufferingPolicy: BufferingPolicy = .unbounded
    ) -> some AsyncSequence<RouteTable<Value>.Match?, Never> & Sendable {
        paths(bufferingPolicy: bufferingPolicy)
            .map { table.firstMatch($0) }
            .removeDuplicates { $0?.entryIndex == $1?.entryIndex && $0?.information == $1?.information }
    }
}

extension SubjectStream<String> {
    /// What `pattern` matches in each path, deduplicated.
    func matches(of pattern: PathPattern) -> some AsyncSequence<RouteInformation?, Never> & Sendable {
        map { pattern.match($0) }.removeDuplicates()
    }
}
