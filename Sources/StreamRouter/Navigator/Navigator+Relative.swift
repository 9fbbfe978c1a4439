extension Navigator {
    /// Navigates to `path` resolved against a route's matched path instead of the current
    /// path: `navigate("../error", relativeTo: match)` from a `/news/*` route.
    /// - Returns: The published action, or `nil` when nothing changed.
    @discardableResult
    public func navigate(_ path: String, relativeTo route: RouteInformation, replace: Bool = false) -> NavigationAction?
    {
        navigate(route.resolve(path), replace: replace)
    }
}
