extension RouteTable {
    /// One entry of a ``RouteTable``: a pattern with either a value or a validator.
    ///
    /// ```swift
    /// let plain = RouteTable<String>.Entry(try PathPattern("/settings"), "settings")
    /// let checked = RouteTable<Int>.Entry.validated(try PathPattern("/user/:id")) {
    ///     Int($0.parameters["id"] ?? "")      // "/user/me" does not match this entry
    /// }
    /// ```
    public struct Entry: Sendable {
        // Inlinable, so a lookup reads the value specialised, and reads only the entry's
        // target (`_entries[i]._target.value(for:)`), not a copy of the whole entry.
        @usableFromInline
        enum _Target: Sendable {
            case value(Value)
            case validator(@Sendable (RouteInformation) -> Value?)

            /// The value, or what the validator returns for `information`.
            @inlinable
            func value(for information: RouteInformation) -> Value? {
                switch self {
                case .value(let value): value
                case .validator(let validator): validator(information)
                }
            }
        }

        /// The pattern the path must match.
        public let pattern: PathPattern
        @usableFromInline let _target: _Target

        /// Creates an entry that yields `value` whenever `pattern` matches.
        /// - Parameters:
        ///   - pattern: The pattern the path must match.
        ///   - value: The value a match returns.
        public init(_ pattern: PathPattern, _ value: Value) {
            self.pattern = pattern
            self._target = .value(value)
        }

        private init(_ pattern: PathPattern, target: _Target) {
            self.pattern = pattern
            self._target = target
        }

        /// Creates an entry whose value the validator makes from what the pattern matched;
        /// when the validator returns `nil`, the entry does not match and the table goes on
        /// to the next entry.
        ///
        /// - Parameters:
        ///   - pattern: The pattern the path must match.
        ///   - validator: Makes the value from the match, or rejects it with `nil`.
        /// - Returns: The entry.
        /// > Note: The validator runs synchronously inside ``RouteTable/match(_:)``, on the
        /// > caller's thread, at most once per lookup; keep it fast and free of side effects.
        public static func validated(
            _ pattern: PathPattern,
            _ validator: @escaping @Sendable (RouteInformation) -> Value?
        ) -> Self {
            Self(pattern, target: .validator(validator))
        }

        /// Whether the entry has a validator (and so may let a path go on to later entries).
        var hasValidator: Bool {
            if case .validator = _target { return true }
            return false
        }
    }
}
