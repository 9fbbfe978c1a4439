/// What a navigation asks of a ``Router``: one per public navigation method.
///
/// Guards see it in ``PendingNavigation/request`` and can answer with another one
/// (``GuardDecision/redirect(_:)``). `Codable`, so a ``NavigationJournal`` can save it.
public enum NavigationOperation<Route: RouteProvider>: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Show the routes in order, each by its ``RouteProvider/transition``
    /// (``Router/navigate(to:)-([Route])``).
    case navigate(to: [Route])
    /// Pop `count` routes; 0 or less does nothing, more than the stack empties it
    /// (``Router/navigateBack(_:)``).
    case back(count: Int)
    /// Pop to the last occurrence of the route; nothing when it is absent
    /// (``Router/navigateBack(to:)``).
    ///
    /// Boxed, so that an operation's layout does not depend on `Route` (and ``restore(_:)``
    /// boxed too, so that an operation is small): the compiler then copies requests and
    /// events holding one with retains, not through value-witness calls (measured by the
    /// Benchmarks' `open-url` row).
    indirect case backTo(Route)
    /// Pop every route (``Router/navigateToRoot()``).
    case toRoot
    /// Pop every route, then show the routes as ``navigate(to:)`` does, in one step
    /// (``Router/replace(with:)``).
    case replace(with: [Route])
    /// Remove the presented modal, if any (``Router/dismiss()``).
    case dismiss
    /// Install a saved state (its stack and modal) in place of the current one
    /// (``Router/restore(_:)`` and ``Router/restore()``); guards see its routes, stack then
    /// modal, in ``PendingNavigation/destinations``.
    indirect case restore(RouterState<Route>)

    /// The operation as the router method that asks it, such as `navigateBack(to: home)`.
    public var description: String {
        switch self {
        case .navigate(let routes): "navigate(to: \(Self.list(routes)))"
        case .back(let count): "navigateBack(\(count))"
        case .backTo(let route): "navigateBack(to: \(route))"
        case .toRoot: "navigateToRoot()"
        case .replace(let routes): "replace(with: \(Self.list(routes)))"
        case .dismiss: "dismiss()"
        case .restore(let state): "restore(\(state))"
        }
    }

    private static func list(_ routes: [Route]) -> String {
        "[" + routes.map { "\($0)" }.joined(separator: ", ") + "]"
    }

    /// The kind of ``NavigationAction`` a change of the displayed path (the stack's path
    /// and the modal's) made by this operation publishes: dismissing a modal goes back.
    @inlinable
    var actionKind: NavigationAction.Action {
        switch self {
        case .navigate, .replace, .restore: .push
        case .back, .backTo, .toRoot, .dismiss: .back
        }
    }
}
