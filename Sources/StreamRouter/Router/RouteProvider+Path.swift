extension RouteProvider {
    /// `/<case name>/<each associated value>` for an enum case, `/<description>` otherwise;
    /// every segment percent-encoded, so a value never adds a segment or a dot segment.
    ///
    /// Reflection (a `Mirror` over the route), computed once per stack entry, when the entry
    /// is made; see ``RouteProvider/path``.
    public var path: String {
        let mirror = Mirror(reflecting: self)
        guard mirror.displayStyle == .enum, let payload = mirror.children.first, let name = payload.label else {
            return Self._segment(String(describing: self))
        }
        let values = Mirror(reflecting: payload.value)
        guard values.displayStyle == .tuple else {
            return Self._segment(name) + Self._segment(String(describing: payload.value))
        }
        return values.children.reduce(Self._segment(name)) { $0 + Self._segment(String(describing: $1.value)) }
    }

    /// `/` and `text`, percent-encoded.
    private static func _segment(_ text: String) -> String {
        "/" + PercentEncoding.canonical(text)
    }
}
