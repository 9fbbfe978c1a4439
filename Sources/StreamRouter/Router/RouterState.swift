/// What a ``Router`` shows: its route stack and its presented modal.
///
/// `Codable`, so it can be saved after each change (see ``Router/states(bufferingPolicy:)``) and given back
/// to ``Router/init(state:urlMatchers:policy:)`` at launch.
public struct RouterState<Route: RouteProvider>: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The pushed routes, bottom first; empty at the root.
    public var stack: [Route]
    /// The presented modal route, if any.
    public var modal: Route?

    /// Creates a state.
    /// - Parameters:
    ///   - stack: The pushed routes, bottom first.
    ///   - modal: The presented modal route.
    public init(stack: [Route] = [], modal: Route? = nil) {
        self.stack = stack
        self.modal = modal
    }

    /// The stack as a path: the ``RouteProvider/path`` of each route joined, normalised;
    /// `/` for an empty stack. The modal is not part of it.
    public var path: String {
        Self.path(of: stack)
    }

    static func path(of routes: [Route]) -> String {
        PathResolver.normalize(routes.map { $0.path }.joined(separator: "/"))
    }

    /// The stack, then the modal if one is presented.
    public var description: String {
        let stack = "[" + stack.map { "\($0)" }.joined(separator: ", ") + "]"
        return modal.map { "\(stack) + modal \($0)" } ?? stack
    }
}
