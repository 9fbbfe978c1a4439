/// A consistent copy of a ``Navigator``'s state at one moment.
public struct NavigatorSnapshot: Sendable, Hashable {
    /// The history, with the current path last in its entries.
    public var history: NavigationHistory<String>
    /// The last published action; `nil` before the first.
    public var lastAction: NavigationAction?

    /// The current path.
    public var path: String { history.current }
    /// Whether one can go back.
    public var canGoBack: Bool { history.backCount > 0 }
    /// Whether one can go forward.
    public var canGoForward: Bool { history.forwardCount > 0 }
}
