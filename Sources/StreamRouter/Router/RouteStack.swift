/// A router's navigation state as a plain value: the route stack, kept in a
/// ``NavigationHistory`` above the ``RouterEntry/root`` sentinel, the presented modal,
/// and the stack's path (cached: a route's ``RouteProvider/path`` may be costly).
///
/// ``apply(_:)`` is the only place a ``NavigationOperation`` changes the state: the router
/// runs it on a copy, outside its lock, shows guards the result, and installs that copy
/// when the navigation commits.
struct RouteStack<Route: RouteProvider>: Sendable {
    private(set) var history: NavigationHistory<RouterEntry<Route>>
    private(set) var modal: Route?
    /// The routes above the root, bottom first (kept with ``path``: both are read several
    /// times per navigation).
    private(set) var routes: [Route]
    private(set) var path: String

    init(_ state: RouterState<Route>) {
        var history = NavigationHistory<RouterEntry<Route>>(root: .root)
        history.push(contentsOf: state.stack.map(RouterEntry.make))
        self.history = history
        modal = state.modal
        routes = state.stack
        path = Self.path(of: history)
    }

    /// The state as a public value.
    var state: RouterState<Route> {
        RouterState(stack: routes, modal: modal)
    }

    /// Applies `operation`.
    /// - Returns: The routes the operation shows: the routes navigated to (or replaced
    ///   with), in order; empty for moves back and for `dismiss`.
    @discardableResult
    mutating func apply(_ operation: NavigationOperation<Route>) -> [Route] {
        let destinations: [Route]
        switch operation {
        case .navigate(let routes):
            show(routes)
            destinations = routes
        case .back(let count):
            if count > 0 {
                history.pop(to: history.backCount - count)
            }
            destinations = []
        case .backTo(let route):
            if let index = history.entries.lastIndex(where: { $0.route == route }) {
                history.pop(to: index)
            }
            destinations = []
        case .toRoot:
            history.pop(to: 0)
            destinations = []
        case .replace(let routes):
            history.pop(to: 0)
            show(routes)
            destinations = routes
        case .dismiss:
            modal = nil
            destinations = []
        }
        routes = history.entries.compactMap { $0.route }  // a closure: a key path costs a metadata lookup
        path = Self.path(of: history)
        return destinations
    }

    /// The stack's path from the paths its entries cached (see ``RouterState/path``).
    private static func path(of history: NavigationHistory<RouterEntry<Route>>) -> String {
        PathResolver.normalize(history.entries.compactMap { $0.path }.joined(separator: "/"))
    }

    /// Shows each route by its transition: pushed (`.push`, `.custom`), replacing the top
    /// route (`.replace`, pushed on an empty stack) or presented (`.modal`).
    private mutating func show(_ routes: [Route]) {
        for route in routes {
            switch route.transition {
            case .push, .custom:
                history.push(.make(route))
            case .replace:
                if history.backCount == 0 {
                    history.push(.make(route))
                } else {
                    history.replaceCurrent(with: .make(route))
                }
            case .modal:
                modal = route
            }
        }
    }
}
