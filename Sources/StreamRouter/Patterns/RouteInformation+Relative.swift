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
    /// relative glob climbs from the parent's path.
    /// - Throws: ``PathPatternError`` for a bad glob.
    public init(_ glob: String, relativeTo parent: RouteInformation) throws(PathPatternError) {
        try self.init(parent.resolve(glob))
    }
}
