extension RouteProvider {
    /// `/<case name>/<each associated value>` for an enum case, `/<description>` otherwise;
    /// every segment percent-encoded, so a value never adds a segment or a dot segment.
    ///
    /// Reflection (one `Mirror` over the route), computed at most once per stack entry,
    /// when something reads it (not at all for an entry taking its neighbour's path); see
    /// ``RouteProvider/path``.
    public var path: String {
        _DefaultRoutePath.path(of: self)
    }
}
