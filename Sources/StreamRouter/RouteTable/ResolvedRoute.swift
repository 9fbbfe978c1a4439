/// The screen a path leads to once a table's redirects are followed.
public struct ResolvedRoute<Screen: Sendable>: Sendable {
    /// The screen.
    public let screen: Screen
    /// What the screen's pattern matched.
    public let information: RouteInformation
    /// The final path, after redirects.
    public let path: String
    /// The paths redirected from, in order (empty when there was no redirect).
    public let redirectedFrom: [String]
}
