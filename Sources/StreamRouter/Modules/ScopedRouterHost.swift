import Foundation

/// A router kind a ``ScopedRouter`` can view: the router its verbs act on now, and what it
/// reads of the whole tree (loaded values, links, events).
protocol ScopedRouterHost<Route>: AnyObject, Sendable {
    associatedtype Route: RouteProvider
    associatedtype HostEvents: AsyncSequence<RouterEvent<Route>, Never> & Sendable

    /// The router the verbs act on now (see ``RouterSurface``).
    var scopedVerbsRouter: Router<Route> { get }
    func loaded<Value>(_ type: Value.Type, for route: Route) -> Value?
    func url(for route: Route) -> URL?
    /// Every event of the tree, as router events.
    func scopedEvents(bufferingPolicy: BufferingPolicy) -> HostEvents
}

extension Router: ScopedRouterHost {
    var scopedVerbsRouter: Router<Route> { self }

    func scopedEvents(bufferingPolicy: BufferingPolicy) -> SubjectStream<RouterEvent<Route>> {
        events(bufferingPolicy: bufferingPolicy)
    }
}

extension TabRouter: ScopedRouterHost {
    var scopedVerbsRouter: Router<Route> { _verbsRouter }

    /// Every tab's events and those above the tabs, without their tab.
    func scopedEvents(
        bufferingPolicy: BufferingPolicy
    ) -> AsyncMapSequence<SubjectStream<TabRouterEvent<Tab, Route>>, RouterEvent<Route>> {
        events(bufferingPolicy: bufferingPolicy).map(\.event)
    }
}

extension SplitRouter: ScopedRouterHost {
    var scopedVerbsRouter: Router<Route> { router }

    func scopedEvents(bufferingPolicy: BufferingPolicy) -> SubjectStream<RouterEvent<Route>> {
        events(bufferingPolicy: bufferingPolicy)
    }
}
