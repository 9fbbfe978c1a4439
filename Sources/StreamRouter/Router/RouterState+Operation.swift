extension RouterState {
    /// Applies `operation`: the only place a ``NavigationOperation`` changes a state. The
    /// router runs it on a copy, outside its lock, shows guards the result, and installs
    /// that copy when the navigation commits.
    ///
    /// - Parameter limit: The most routes the stack keeps; a push beyond it drops the
    ///   bottom route.
    /// - Returns: The routes the operation shows: the routes navigated to (or replaced
    ///   with), in order; empty for moves back and for `dismiss`.
    @inlinable
    @discardableResult
    mutating func apply(_ operation: NavigationOperation<Route>, limit: Int) -> [Route] {
        switch operation {
        case .navigate(let routes):
            show(routes, limit: limit)
            return routes
        case .back(let count):
            removeLast(count)
        case .backTo(let route):
            if let distance = distanceFromTop(to: route) {
                removeLast(distance)
            }
        case .toRoot:
            removeAll()
        case .replace(let routes):
            removeAll()
            show(routes, limit: limit)
            return routes
        case .dismiss:
            modalEntry = nil
        case .restore(let saved):
            // Fresh entries: the saved state's are not this router's (their paths are).
            self = saved.renewed(keepingTop: limit)
            return saved.stack + (saved.modal.map { [$0] } ?? [])
        }
        return []
    }

    /// Shows each route by its transition: pushed (`.push`, `.custom`), replacing the top
    /// route (`.replace`, pushed on an empty stack) or presented (`.modal`). Each new entry
    /// is made next to the one it replaces or is pushed onto (the modal it replaces), whose
    /// path it takes when it holds the same route.
    @inlinable
    mutating func show(_ routes: [Route], limit: Int) {
        for route in routes {
            switch route.transition {
            case .push, .custom:
                push(route, limit: limit, neighbour: entries.last)
            case .replace:
                let replaced = entries.last
                removeLast(1)
                push(route, limit: limit, neighbour: replaced)
            case .modal:
                modalEntry = RouteStackEntry(route, neighbour: modalEntry)
            }
        }
    }
}
