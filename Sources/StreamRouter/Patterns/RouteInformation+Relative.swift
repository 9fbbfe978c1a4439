extension RouteInformation {
    /// Resolves a path relative to this route's matched ``path`` (SwiftUIRouter's relative
    /// navigation from inside a `Route`): from a match of `/news/*` at `/news/5`,
    /// `"../error"` -> `"/error"` and `"archive"` -> `"/news/archive"`. Absolute paths are
    /// only normalised.
    public func resolve(_ relativePath: String) -> String {
        PathResolver.resolve(relativePath, against: path)
    }
}

extension PathPattern {
    /// Compiles a glob relative to a parent route's match, like a `Route` nested inside
    /// another in SwiftUIRouter: `PathPattern(":id", relativeTo: newsMatch)` with the parent
    /// matched at `/news` is `/news/:id`. An absolute glob ignores the parent; `..` in the
    /// relative glob climbs from the parent's path. The parent's path is text, never glob
    /// syntax: matched at `/events/12:30`, `"details"` is the literal `/events/12:30` then
    /// `details`.
    /// - Throws: ``PathPatternError`` for a bad glob.
    public init(_ glob: String, relativeTo parent: RouteInformation) throws(PathPatternError) {
        guard glob.utf8.first != UInt8(ascii: "/") else {
            try self.init(glob)
            return
        }
        // The parent's segments, climbed by `..`, stay a prefix of literals; the glob's own
        // segments that remain are compiled.
        var parentSegments = parent.path.utf8.split(separator: UInt8(ascii: "/")).map { String(Substring($0)) }
        var own: [Substring] = []
        for segment in glob.split(separator: "/") {
            switch segment {
            case ".": continue
            case "..": if own.popLast() == nil { _ = parentSegments.popLast() }
            default: own.append(segment)
            }
        }
        let compiled = try PathPattern("/" + own.joined(separator: "/"))
        let segments = parentSegments.map(Segment.literal) + compiled.segments
        guard segments.count <= Self.maximumSegmentCount else {
            throw PathPatternError(
                pattern: glob, segmentIndex: Self.maximumSegmentCount, segment: "",
                reason: .tooManySegments(limit: Self.maximumSegmentCount))
        }
        self.init(segments: segments)
    }
}
