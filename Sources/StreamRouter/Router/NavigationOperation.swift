/// What a navigation asks of a ``Router``: one per public navigation method.
///
/// Guards see it in ``PendingNavigation/request`` and can answer with another one
/// (``GuardDecision/redirect(_:)``). `Codable`, so a ``NavigationJournal`` can save it.
public enum NavigationOperation<Route: RouteProvider>: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Show the routes in order, each by its ``RouteProvider/transition``
    /// (``Router/navigate(to:)-([Route])``).
    case navigate(to: [Route])
    /// Pop `count` routes of the current level (the topmost presentation's stack while one
    /// is shown, else the base stack); 0 or less does nothing, more than the stack empties
    /// it, and a presentation is never dismissed by it (``Router/navigateBack(_:)``).
    case back(count: Int)
    /// Pop to the topmost occurrence of the route, looking from the top level down and
    /// dismissing the presentations above the level where it is found; nothing when it is
    /// absent (``Router/navigateBack(to:)``).
    ///
    /// Boxed, so that an operation's layout does not depend on `Route` (and ``restore(_:)``
    /// boxed too, so that an operation is small; see the Performance design article).
    indirect case backTo(Route)
    /// Dismiss every presentation and pop every route (``Router/navigateToRoot()``).
    case toRoot
    /// Dismiss every presentation, pop every route, then show the routes as
    /// ``navigate(to:)`` does (but a `.replace` route is pushed: every route is in the
    /// tree), in one step (``Router/replace(with:)``).
    case replace(with: [Route])
    /// Remove the topmost presentation and its stack, if any (``Router/dismiss()``).
    case dismiss
    /// Remove every presentation (``Router/dismissAll()``).
    case dismissAll
    /// Install a saved state (its stack and presentations) in place of the current one
    /// (``Router/restore(_:)`` and ``Router/restore()``); guards see its routes, the base
    /// stack then each presentation's route and stack, in ``PendingNavigation/destinations``.
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
        case .dismissAll: "dismissAll()"
        case .restore(let state): "restore(\(state))"
        }
    }

    private static func list(_ routes: [Route]) -> String {
        "[" + routes.map { "\($0)" }.joined(separator: ", ") + "]"
    }

    /// The kind of ``NavigationAction`` a change of the displayed path (the base stack's
    /// path and the presentations') made by this operation publishes: dismissing goes back.
    @inlinable
    var _actionKind: NavigationAction.Action {
        switch self {
        case .navigate, .replace, .restore: .push
        case .back, .backTo, .toRoot, .dismiss, .dismissAll: .back
        }
    }
}
