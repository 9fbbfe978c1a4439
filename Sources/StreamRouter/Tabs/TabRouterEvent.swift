/// One event of one tab's router, as a ``TabRouter`` publishes it on
/// ``TabRouter/events``: every tab's events, in one total order.
public struct TabRouterEvent<Tab: Hashable & Codable & Sendable, Route: RouteProvider>: Sendable,
    CustomStringConvertible
{
    /// The tab whose router made the event.
    public let tab: Tab
    /// The router's event.
    public let event: RouterEvent<Route>

    /// Creates an event.
    public init(tab: Tab, event: RouterEvent<Route>) {
        self.tab = tab
        self.event = event
    }

    /// The event as one line for logs, with its tab.
    public var description: String {
        "[\(tab)] \(event)"
    }
}
