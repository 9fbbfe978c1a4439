/// One event of a ``TabRouter``'s tree, as it publishes it on ``TabRouter/events``: every
/// tab's events and those of what is presented above the tabs, in one total order.
public struct TabRouterEvent<Tab: Hashable & Codable & Sendable, Route: RouteProvider>: Sendable,
    CustomStringConvertible
{
    /// The tab whose router made the event; for an event above the tabs, the tab selected
    /// when it was made.
    public let tab: Tab
    /// The router's event.
    public let event: RouterEvent<Route>
    /// Whether the event is of what is presented above the tabs, not of the tab's own tree.
    public let isAboveTabs: Bool
    /// For the completion of a dismissal of the last presentation above the tabs: the
    /// selected tab's state, whose screen it shows again.
    let revealed: RouterState<Route>?

    /// Creates an event.
    /// - Parameters:
    ///   - tab: The tab whose router made the event (the selected tab, above the tabs).
    ///   - event: The router's event.
    ///   - isAboveTabs: Whether the event is of what is presented above the tabs.
    public init(tab: Tab, event: RouterEvent<Route>, isAboveTabs: Bool = false) {
        self.init(tab: tab, event: event, isAboveTabs: isAboveTabs, revealed: nil)
    }

    init(tab: Tab, event: RouterEvent<Route>, isAboveTabs: Bool, revealed: RouterState<Route>?) {
        self.tab = tab
        self.event = event
        self.isAboveTabs = isAboveTabs
        self.revealed = revealed
    }

    /// The event as one line for logs, with its tab (`[above tabs]` above them).
    public var description: String {
        isAboveTabs ? "[above tabs] \(event)" : "[\(tab)] \(event)"
    }
}
