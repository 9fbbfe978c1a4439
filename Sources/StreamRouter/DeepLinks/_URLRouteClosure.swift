/// A mapping's closure (what ``URLPathMapper/map(_:_:)-4vvm3`` was given), kept in a struct.
///
/// An array of bare function values stores each at the most general abstraction (argument
/// and result passed indirectly), so appending the closure `map` received wrapped it in a
/// reabstraction thunk: an allocation per mapping, about a fifth of a router's cold start
/// (the `open-url` cold-start row). The struct's field has the parameter's own abstraction,
/// so the closure is stored as it came.
@usableFromInline
struct _URLRouteClosure<Route>: Sendable {
    /// Makes the mapping's route from its match.
    @usableFromInline let make: @Sendable (MatchedURL) throws -> Route

    @inlinable init(_ make: @escaping @Sendable (MatchedURL) throws -> Route) {
        self.make = make
    }
}
