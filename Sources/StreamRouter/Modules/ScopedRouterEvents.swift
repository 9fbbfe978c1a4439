/// The events of a router that concern a feature module, in the module's terms: what
/// ``ScopedRouter/events`` publishes.
///
/// The module's events are those of the navigations whose request names one of its routes
/// (or was redirected from one that does), each request and state read in module terms
/// (other routes left out; see ``ScopedRouter/events``), and the values loaded for its
/// routes. Moves that name no route (`navigateBack()`, `dismiss()`) and unhandled links are
/// the app's. A handle on a router of the module's own routes (``ScopedRouter/init(_:)``)
/// publishes every event of that router.
///
/// > Note: The subscription is the router's event stream's (see ``Router/events``): made
/// > when the stream is, ended by the consuming task's cancellation, by dropping the stream,
/// > or when the router goes away. Events are read in module terms on the consuming task,
/// > never under the router's lock.
public struct ScopedRouterEvents<Route: RouteProvider>: AsyncSequence, Sendable {
    /// `Never`: the stream finishes; it never fails.
    public typealias Failure = Never

    private let base: any AsyncSequence<RouterEvent<Route>, Never> & Sendable

    init(_ base: some AsyncSequence<RouterEvent<Route>, Never> & Sendable) {
        self.base = base
    }

    /// Makes the iterator of the subscription; iterate it from one task.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator())
    }

    /// The iterator of a ``ScopedRouterEvents``.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: any AsyncIteratorProtocol<RouterEvent<Route>, Never>

        fileprivate init(base: any AsyncIteratorProtocol<RouterEvent<Route>, Never>) {
            self.base = base
        }

        /// The module's next event, or `nil` once the subscription has ended.
        public mutating func next() async -> RouterEvent<Route>? {
            await base.next(isolation: nil)
        }
    }
}

@available(*, unavailable)
extension ScopedRouterEvents.Iterator: Sendable {}
