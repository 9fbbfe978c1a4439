extension PathPattern {
    /// Builds the path this pattern matches with the given parameters: the inverse of
    /// ``match(_:)``.
    ///
    /// ```swift
    /// try PathPattern("/user/:id/posts/:post?").path(with: ["id": "42"])   // "/user/42/posts"
    /// try PathPattern("/files/*").path(with: [:], rest: "a/b")              // "/files/a/b"
    /// try PathPattern("/@:handle/:id.json").path(with: ["handle": "bob", "id": "7"])   // "/@bob/7.json"
    /// ```
    ///
    /// Values are inserted verbatim (no percent-encoding), between a partial segment's
    /// prefix and suffix. The path reads back exactly:
    /// `match(path(with: x))?.parameters == x` for every `x` it accepts.
    ///
    /// - Parameters:
    ///   - parameters: A value for each required parameter and for the optional parameters
    ///     that should be present, by name.
    ///   - rest: The segments a trailing `*` takes, such as `"a/b"` (empty and doubled
    ///     slashes are dropped); only for a pattern that ends with `*`.
    /// - Returns: The normalised path, such as `"/user/42/posts"`.
    /// - Throws: ``PathGenerationError`` for a missing required parameter, an unknown name,
    ///   a value that is empty, contains `/`, or makes a segment `.` or `..` (a partial
    ///   segment's value may be `..`: `/@:x` gives `/@..`), a `rest` the pattern cannot
    ///   take, and for parameters the path would read back differently (`/:a?/:b?` given
    ///   only `b`).
    public func path(with parameters: [String: String], rest: String = "") throws(PathGenerationError) -> String {
        func failure(_ reason: PathGenerationError.Reason) -> PathGenerationError {
            PathGenerationError(pattern: description, reason: reason)
        }
        let names = Set(segments.compactMap(\.parameterName))
        if let unknown = parameters.keys.filter({ !names.contains($0) }).min() {
            throw failure(.unknownParameter(unknown))
        }
        var parts: [String] = []
        parts.reserveCapacity(segments.count)
        var hasWildcard = false
        for segment in segments {
            switch segment {
            case .literal(let text):
                parts.append(text)
            case .parameter(let name):
                guard let value = parameters[name] else { throw failure(.missingParameter(name)) }
                try Self.check(value, name: name, failure: failure)
                parts.append(value)
            case .partialParameter(let prefix, let name, let suffix):
                guard let value = parameters[name] else { throw failure(.missingParameter(name)) }
                // `@:x` takes `..` (the segment is `@..`); `.:x` does not take `.`.
                let segment = prefix + value + suffix
                try Self.check(value, making: segment, name: name, failure: failure)
                parts.append(segment)
            case .optionalParameter(let name):
                if let value = parameters[name] {
                    try Self.check(value, name: name, failure: failure)
                    parts.append(value)
                }
            case .wildcard:
                hasWildcard = true
            }
        }
        let restParts = rest.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map {
            String(Substring($0))
        }
        if !restParts.isEmpty {
            guard hasWildcard else { throw failure(.restWithoutWildcard(rest: rest)) }
            guard !restParts.contains(where: Self.isDotSegment) else {
                throw failure(.dotSegmentInRest(rest: rest))
            }
            parts.append(contentsOf: restParts)
        }
        let path = "/" + parts.joined(separator: "/")
        // Optional parameters take segments greedily: make sure the path reads back as given.
        let readBack = match(path)?.parameters ?? [:]
        guard readBack == parameters else { throw failure(.ambiguous(path: path, readBack: readBack)) }
        return path
    }

    /// Checks the value of parameter `name`, which makes the path segment `segment` (the
    /// value itself, or with a partial segment's prefix and suffix).
    private static func check(
        _ value: String,
        making segment: String? = nil,
        name: String,
        failure: (PathGenerationError.Reason) -> PathGenerationError
    ) throws(PathGenerationError) {
        guard !value.isEmpty else { throw failure(.emptyValue(name: name)) }
        guard !value.utf8.contains(UInt8(ascii: "/")) else {
            throw failure(.valueContainsSlash(name: name, value: value))
        }
        guard !Self.isDotSegment(segment ?? value) else { throw failure(.dotSegment(name: name, value: value)) }
    }

    /// Whether `text` is `.` or `..`, byte for byte (as the path normaliser reads it).
    private static func isDotSegment(_ text: String) -> Bool {
        text.utf8.elementsEqual(".".utf8) || text.utf8.elementsEqual("..".utf8)
    }
}
