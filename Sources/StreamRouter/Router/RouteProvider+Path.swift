extension RouteProvider {
    /// `/<case name>/<each associated value>` for an enum case, `/<description>` otherwise;
    /// every segment percent-encoded, so a value never adds a segment or a dot segment.
    ///
    /// Reflection (`Mirror`), computed at most once per stack entry (not at all for an entry
    /// taking its neighbour's path); see ``RouteProvider/path`` for what an explicit path
    /// saves.
    public var path: String {
        let mirror = Mirror(reflecting: self)
        guard mirror.displayStyle == .enum, let payload = mirror.children.first, let name = payload.label else {
            return "/" + PercentEncoding.canonical(String(describing: self))
        }
        let payloadMirror = Mirror(reflecting: payload.value)
        let values = payloadMirror.displayStyle == .tuple ? payloadMirror.children.map(\.value) : [payload.value]
        let segments = [name] + values.map { String(describing: $0) }
        return "/" + segments.map { PercentEncoding.canonical($0) }.joined(separator: "/")
    }
}
