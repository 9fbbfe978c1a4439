/// What one URL mapping does with a match: make a route or a stack at once, make them
/// awaiting (``URLPathMapper``'s `async` closures), or perform the app's action.
@usableFromInline
enum _URLMapping<Route: Sendable>: Sendable {
    /// `map`: one route, shown by its transition.
    case route(@Sendable (MatchedURL) throws -> Route)
    /// `mapStack`: a stack (see `Router._linkOperation` for where it goes).
    case stack(@Sendable (MatchedURL) throws -> [Route])
    /// An `async` `map` or `mapStack`, awaited before the navigation takes its turn; `check`
    /// is what ``Router/canOpen(_:)`` and ``Router/openURL(_:)`` run before awaiting.
    case awaited(
        check: (@Sendable (MatchedURL) -> Bool)?,
        resolve: @Sendable (MatchedURL) async throws -> [Route],
        replacesStack: Bool)
    /// `mapAction`: the app's action, performed once the guards let the link through.
    case action(check: (@Sendable (MatchedURL) -> Bool)?, perform: @Sendable (MatchedURL) async throws -> Void)
    /// `mapTab`: a tab of a ``TabRouter`` to select, keeping its stack.
    case tab(@Sendable (MatchedURL) throws -> any Hashable & Sendable)

    /// The route ``URLMatcherGroup/match(_:)`` gives for `match`: the route, or a stack's
    /// last.
    /// - Throws: The closure's error, ``URLStackError/emptyStack``, or
    ///   ``URLAsyncMappingError`` for a mapping that must be awaited or performs an action.
    @inlinable
    func route(for match: MatchedURL) throws -> Route {
        switch self {
        case .route(let route):
            return try route(match)
        case .stack(let stack):
            guard let last = try stack(match).last else { throw URLStackError.emptyStack }
            return last
        case .awaited:
            throw URLAsyncMappingError.needsAwait
        case .action:
            throw URLAsyncMappingError.performsAction
        case .tab:
            throw URLAsyncMappingError.selectsTab
        }
    }

    /// Whether ``Router/canOpen(_:)`` says yes to `match`: what the closure makes, for one
    /// that runs at once; the check, for one that is awaited or performs an action.
    func canOpen(_ match: MatchedURL) -> Bool {
        switch self {
        case .route(let route): (try? route(match)) != nil
        case .stack(let stack): (try? stack(match)) != nil
        case .awaited(let check, _, _), .action(let check, _): check?(match) ?? true
        case .tab: false  // a router without tabs; a tab router answers itself
        }
    }

    /// What a picture of the group says of the mapping under its pattern: that it makes a
    /// stack, or performs an action; nothing for one route.
    var pictureNote: String {
        switch self {
        case .route: ""
        case .stack: "\nstack"
        case .awaited(_, _, let replacesStack): replacesStack ? "\nstack" : ""
        case .action: "\naction"
        case .tab: "\ntab"
        }
    }

    /// Whether ``Router/openURL(_:)`` awaits the mapping (or its action) rather than
    /// navigating at once.
    @inlinable
    var isAwaited: Bool {
        switch self {
        case .route, .stack, .tab: false
        case .awaited, .action: true
        }
    }
}

/// What a URL opens: routes to show (one route, or a `mapStack` stack), or the app's
/// action.
@usableFromInline
enum _URLOpening<Route: Sendable>: Sendable {
    case routes([Route], replacesStack: Bool)
    case action(@Sendable () async throws -> Void, pattern: String)
}
