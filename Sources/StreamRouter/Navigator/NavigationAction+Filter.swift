extension AsyncSequence where Element == NavigationAction {
    /// Keeps the actions whose ``NavigationAction/direction`` is one of `directions`.
    ///
    /// ```swift
    /// for await action in navigator.actions.filter(direction: .deeper, .sideways) { ... }
    /// ```
    public func filter(direction directions: NavigationAction.Direction...) -> AsyncFilterSequence<Self> {
        let accepted = Set(directions)
        return filter { accepted.contains($0.direction) }
    }

    /// Keeps the actions whose ``NavigationAction/action`` is one of `actions`.
    ///
    /// ```swift
    /// for await back in navigator.actions.filter(action: .back) { ... }
    /// ```
    public func filter(action actions: NavigationAction.Action...) -> AsyncFilterSequence<Self> {
        let accepted = Set(actions)
        return filter { accepted.contains($0.action) }
    }
}
