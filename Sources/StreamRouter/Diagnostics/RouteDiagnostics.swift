/// Where route conflicts found at startup are reported: a process-wide hook, like a
/// logging bootstrap.
///
/// ```swift
/// RouteDiagnostics.setConflictHandler { report in
///     print("warning: \(report)")   // or your logger
/// }
/// let router = Router<AppRoute>()   // reports AppRoute's URL conflicts, if any, once
/// ```
///
/// A ``Router`` (and so each tab's router of a ``TabRouter``) checks its
/// ``Router/urlMatchers`` with ``URLMatcherGroup/conflicts`` when it is created, the first
/// time a router of its route type is created in the process, and calls the handler when
/// there are conflicts. Nothing is computed while no handler is set.
///
/// > Note: The handler runs synchronously on the thread that creates the router; keep it
/// > short. Setting it is thread-safe.
public enum RouteDiagnostics {
    /// The conflicts among the URL mappings of one route type.
    public struct ConflictReport: Sendable, Hashable, CustomStringConvertible {
        /// The route type, as Swift names it (`AppRoute`).
        public let routeType: String
        /// The conflicts, as ``URLMatcherGroup/conflicts`` reports them.
        public let conflicts: [RouteConflict]

        /// A sentence for logs naming the route type and each conflict.
        public var description: String {
            "URL mappings of \(routeType): " + conflicts.map(\.description).joined(separator: "; ")
        }
    }

    private struct State {
        var handler: (@Sendable (ConflictReport) -> Void)?
        var checked: Set<ObjectIdentifier> = []
    }

    private static let state = _Locked(State())

    /// Sets the handler that receives the conflicts found at startup (`nil` removes it).
    /// Route types already checked are not checked again.
    /// - Parameter handler: Called once per route type whose URL mappings have conflicts.
    public static func setConflictHandler(_ handler: (@Sendable (ConflictReport) -> Void)?) {
        state.withLock { $0.handler = handler }
    }

    /// Reports the conflicts of `matchers` to the handler, the first time a router of
    /// `Route` is created while a handler is set.
    static func routerCreated<Route>(_ type: Route.Type, matchers: URLMatcherGroup<Route>?) {
        let handler: (@Sendable (ConflictReport) -> Void)? = state.withLock { state in
            guard let handler = state.handler, state.checked.insert(ObjectIdentifier(type)).inserted else {
                return nil
            }
            return handler
        }
        // The analysis and the handler run after the unlock.
        guard let handler, let conflicts = matchers?.conflicts, !conflicts.isEmpty else { return }
        handler(ConflictReport(routeType: String(describing: type), conflicts: conflicts))
    }
}
