/// What a ``RouterModel`` binding was set to, turned into the navigation that shows it from
/// a given state: the model decides the operation at the navigation's turn, from the state
/// the router has then (see ``RouterModel/subscript(stackAt:)``).
enum BindingTarget<Route: RouteProvider>: Sendable {
    /// The stack of level `level` (0: the base stack, `n`: inside the `n`-th presentation).
    case stack(level: Int, [Route])
    /// The route presented at level `level` (from 1), `nil` to dismiss it and what is above.
    case presented(level: Int, Route?)
    /// The topmost presentation's route (``RouterModel/modal``).
    case modal(Route?)

    /// The operation that shows the target from `state`; `.back(count: 0)` (no change)
    /// when the state shows it already or the level is not shown.
    func operation(in state: RouterState<Route>) -> NavigationOperation<Route> {
        let presentations = state.presentations
        let top = presentations.count
        switch self {
        case .stack(let level, let target):
            guard level >= 0, level <= top else { return .back(count: 0) }
            let current = level == 0 ? state.stack : presentations[level - 1].stack
            guard target != current else { return .back(count: 0) }
            if level == top {
                if target.count < current.count, current.starts(with: target) {
                    return .back(count: current.count - target.count)
                }
                if target.count > current.count, target.starts(with: current) {
                    return .navigate(to: Array(target[current.count...]))
                }
            }
            return .replace(with: Self.routes(of: state.stack, presentations, upTo: top, stack: target, at: level))
        case .presented(let level, let route):
            guard level >= 1, level <= top + 1 else { return .back(count: 0) }
            let current = level <= top ? presentations[level - 1].route : nil
            guard route != current else { return .back(count: 0) }
            guard let route else {
                if level == top { return .dismiss }
                if level == 1 { return .dismissAll }
                return .replace(with: Self.routes(of: state.stack, presentations, upTo: level - 1))
            }
            if level == top + 1 { return .navigate(to: [route]) }
            return .replace(with: Self.routes(of: state.stack, presentations, upTo: level - 1) + [route])
        case .modal(let route):
            guard let route else { return top == 0 ? .back(count: 0) : .dismiss }
            return route == presentations.last?.route ? .back(count: 0) : .navigate(to: [route])
        }
    }

    /// The routes that rebuild the tree up to level `top`, in the order
    /// ``Router/replace(with:)`` shows them: the base stack, then each presentation's route
    /// and stack; level `level`'s stack is `stack` when given.
    private static func routes(
        of base: [Route], _ presentations: [Presentation<Route>], upTo top: Int, stack: [Route]? = nil,
        at level: Int = -1
    ) -> [Route] {
        var routes = level == 0 ? stack ?? base : base
        for index in presentations.indices where index < top {
            routes.append(presentations[index].route)
            routes += index == level - 1 ? stack ?? presentations[index].stack : presentations[index].stack
        }
        return routes
    }
}
