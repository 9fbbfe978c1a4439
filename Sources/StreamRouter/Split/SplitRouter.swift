import Foundation
import Synchronization

/// The navigation of a split view (`NavigationSplitView`): a sidebar selection, a content
/// column for ``SplitColumns/triple``, and a detail stack, which a compact width collapses
/// into one stack.
///
/// ```swift
/// let mail = SplitRouter<MailRoute>(columns: .double)     // sidebar + detail; .triple adds content
/// try await mail.select(.inbox)                           // the sidebar's selection; another one clears the columns after it
/// try await mail.navigate(to: .message(id: 7))            // into the next column, then onto the detail stack
/// try await mail.showDetail(.message(id: 8))              // another message: keeps the sidebar's entry
/// mail.sidebar; mail.content; mail.detail                 // MailRoute?, MailRoute?, [MailRoute]
/// mail.isCollapsed = true                                 // compact width: the columns read as one stack
/// mail.stack                                              // [.inbox, .message(id: 8)]
/// try await mail.navigateBack()                           // pops the last; from [.inbox] it clears the selection
/// ```
///
/// The filled columns are one stack, kept by one ``Router`` (``router``): the sidebar's
/// selection at the bottom, then the content column's, then the detail stack. So every
/// navigation (select, show, navigate, back, dismiss, ``openURL(_:)``) goes through that
/// router's guards and loaders, is on its ``events`` in one total order, is saved and
/// restored with its store, and is recorded by its journal; sheets presented over the split
/// view are its ``presentations``. The split router has ``Router``'s verbs, with the same
/// meaning, each one navigation of ``router``. ``isCollapsed`` is layout only.
///
/// > Note: Thread-safe, as ``Router`` is.
public final class SplitRouter<Route: RouteProvider>: PathPublisher, StatePublisher, StatePersisting, RouterSurface {
    /// The columns.
    public let columns: SplitColumns
    /// The router keeping the filled columns as one stack: navigate, guard, observe, save
    /// and record the split view through it.
    public let router: Router<Route>
    private let collapsed = Atomic<Bool>(false)

    /// A split router with every column empty.
    /// - Parameters:
    ///   - columns: ``SplitColumns/double`` (sidebar and detail) or ``SplitColumns/triple``.
    ///   - urlMatchers: The URLs ``openURL(_:)`` opens; `Route.registerURLs()` by default.
    ///   - policy: The limits the router applies.
    ///   - options: The options of the router (see ``NavigationOptions``).
    public convenience init(
        columns: SplitColumns,
        urlMatchers: URLMatcherGroup<Route>? = Route.registerURLs(),
        policy: InputPolicy = .standard,
        options: NavigationOptions = NavigationOptions()
    ) {
        self.init(
            initialState: SplitRouterState(columns: columns), urlMatchers: urlMatchers, policy: policy,
            options: options)
    }

    /// A split router showing `initialState`'s columns from its first read (a selected
    /// sidebar item on the first frame), in its columns' layout.
    ///
    /// ```swift
    /// let trucks = SplitRouter<MailRoute>(initialState: SplitRouterState(columns: .double, sidebar: .inbox))
    /// trucks.sidebar   // .inbox
    /// ```
    /// - Parameters:
    ///   - initialState: The columns and what they show (its ``SplitRouterState/stack``: a
    ///     column after an empty one, or a content column in a ``SplitColumns/double``
    ///     layout, is left out).
    ///   - urlMatchers: The URLs ``openURL(_:)`` opens; `Route.registerURLs()` by default.
    ///   - policy: The limits the router applies.
    ///   - options: The options of the router (see ``NavigationOptions``).
    public init(
        initialState: SplitRouterState<Route>,
        urlMatchers: URLMatcherGroup<Route>? = Route.registerURLs(),
        policy: InputPolicy = .standard,
        options: NavigationOptions = NavigationOptions()
    ) {
        columns = initialState.columns
        router = Router(
            state: RouterState(stack: initialState.stack), urlMatchers: urlMatchers, policy: policy, options: options)
    }

    /// A split router that keeps its columns in `store` (restored and saved as a
    /// ``Router`` does: see ``Router/init(initialState:store:restoring:guards:urlMatchers:policy:options:)``,
    /// through `guards` when given).
    /// - Parameters:
    ///   - columns: ``SplitColumns/double`` or ``SplitColumns/triple``.
    ///   - store: Where the columns are kept.
    ///   - restoring: When the saved columns are applied.
    ///   - guards: Guards registered before the saved columns are restored.
    ///   - urlMatchers: The URLs ``openURL(_:)`` opens.
    ///   - policy: The limits the router applies, and the limits on restoring.
    ///   - options: The options of the router (see ``NavigationOptions``).
    public convenience init(
        columns: SplitColumns,
        store: any NavigationStateStore,
        restoring: Restoration = .atCreation,
        guards: [NavigationGuard<Route>] = [],
        urlMatchers: URLMatcherGroup<Route>? = Route.registerURLs(),
        policy: InputPolicy = .standard,
        options: NavigationOptions = NavigationOptions()
    ) {
        self.init(
            initialState: SplitRouterState(columns: columns), store: store, restoring: restoring, guards: guards,
            urlMatchers: urlMatchers, policy: policy, options: options)
    }

    /// A split router that keeps its columns in `store`, showing `initialState`'s columns when
    /// nothing usable is saved (restored and saved as a ``Router`` does: see
    /// ``Router/init(initialState:store:restoring:guards:urlMatchers:policy:options:)``,
    /// through `guards` when given).
    /// - Parameters:
    ///   - initialState: The columns, and what they show when nothing usable is saved (and,
    ///     through the guards, until they allow the saved columns, or when they refuse them).
    ///   - store: Where the columns are kept.
    ///   - restoring: When the saved columns are applied.
    ///   - guards: Guards registered before the saved columns are restored.
    ///   - urlMatchers: The URLs ``openURL(_:)`` opens.
    ///   - policy: The limits the router applies, and the limits on restoring.
    ///   - options: The options of the router (see ``NavigationOptions``).
    public init(
        initialState: SplitRouterState<Route>,
        store: any NavigationStateStore,
        restoring: Restoration = .atCreation,
        guards: [NavigationGuard<Route>] = [],
        urlMatchers: URLMatcherGroup<Route>? = Route.registerURLs(),
        policy: InputPolicy = .standard,
        options: NavigationOptions = NavigationOptions()
    ) {
        columns = initialState.columns
        router = Router(
            initialState: RouterState(stack: initialState.stack), store: store, restoring: restoring, guards: guards,
            urlMatchers: urlMatchers, policy: policy, options: options)
    }

    // MARK: - Reading

    /// The filled columns as one stack, bottom first: the sidebar's selection, the content
    /// column's, then the detail stack. The same in either layout.
    public var stack: [Route] {
        router.stack
    }

    /// The columns.
    public var state: SplitRouterState<Route> {
        SplitRouterState(columns: columns, stack: router.stack)
    }

    /// The sidebar's selection, `nil` when nothing is selected.
    public var sidebar: Route? {
        state.sidebar
    }

    /// The content column's selection (``SplitColumns/triple`` only).
    public var content: Route? {
        state.content
    }

    /// The detail stack, bottom first.
    public var detail: [Route] {
        state.detail
    }

    /// Whether the columns are shown as one stack (a compact width). Layout, not
    /// navigation: setting it runs no guard, publishes no event, keeps every column and is
    /// not saved.
    public var isCollapsed: Bool {
        get { collapsed.load(ordering: .acquiring) }
        set { collapsed.store(newValue, ordering: .releasing) }
    }

    // MARK: - Navigating

    /// Selects `route` in the sidebar, keeping the columns after it when it is selected
    /// already (``select(_:clearsFollowingColumns:)`` with `false`).
    /// - Parameter route: The sidebar's new selection.
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func select(_ route: Route) async throws(NavigationError) {
        try await select(route, clearsFollowingColumns: false)
    }

    /// Selects `route` in the sidebar, in one navigation of ``router``, decided at its turn
    /// from the columns then:
    /// - another route selected (or none): `route` replaces every column
    ///   (``Router/replace(with:)`` of `[route]`, which also dismisses what is presented);
    /// - `route` selected already: nothing changes (guards see `.back(count: 0)`), so the
    ///   content column and detail stack stay; with `clearsFollowingColumns`, the columns
    ///   after it are cleared (a replace that keeps the sidebar's entry and its loaded values).
    ///
    /// ```swift
    /// try await reader.select(.today)                                 // a re-tap keeps the article
    /// try await reader.select(.today, clearsFollowingColumns: true)   // a re-tap that clears it
    /// ```
    /// - Parameters:
    ///   - route: The sidebar's new selection.
    ///   - clearsFollowingColumns: Whether selecting the route selected already clears the
    ///     columns after it; `false` keeps them.
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func select(_ route: Route, clearsFollowingColumns: Bool) async throws(NavigationError) {
        try await perform(decidedAtTurn: { state in
            guard clearsFollowingColumns || state.stack.first != route else { return (nil, true) }
            return (.replace(with: [route]), true)
        })
    }

    /// Shows `route` in the content column (``SplitColumns/triple``), keeping the sidebar's
    /// selection (its entry, loaded values and awaited results) and clearing the detail
    /// stack, in one navigation of ``router`` decided at its turn: a ``Router/replace(with:)``
    /// of the sidebar's selection and `route`, which also dismisses what is presented.
    ///
    /// Nothing changes when the columns show `route` in the content column with an empty
    /// detail stack already (guards see `.back(count: 0)`), when nothing is selected in the
    /// sidebar, or in a ``SplitColumns/double`` layout (which has no content column; no
    /// navigation runs then).
    /// - Parameter route: The content column's new selection.
    /// - Returns: Whether the content column shows `route` once the navigation has run
    ///   (`false` when there is no sidebar selection or content column, when a guard
    ///   redirected the navigation elsewhere, or when a navigation queued behind it has
    ///   changed the columns already).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    @discardableResult
    public func showContent(_ route: Route) async throws(NavigationError) -> Bool {
        guard columns == .triple else { return false }
        return try await perform(decidedAtTurn: { state in
            guard let sidebar = state.stack.first else { return (nil, false) }
            let shown = [sidebar, route]
            return (state.stack == shown ? nil : .replace(with: shown), true)
        })
    }

    /// Shows `route` as the whole detail stack (``showDetail(_:)-([Route])`` with `[route]`):
    /// another article of the selected feed, keeping the feed's entry.
    ///
    /// ```swift
    /// try await reader.select(.feed(1))
    /// try await reader.showDetail(.article(1))
    /// try await reader.showDetail(.article(2))   // the feed's entry stays: no loader runs for it
    /// ```
    /// - Parameter route: The detail stack's one route.
    /// - Returns: Whether the detail stack shows `route` once the navigation has run (see
    ///   ``showDetail(_:)-([Route])``).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    @discardableResult
    public func showDetail(_ route: Route) async throws(NavigationError) -> Bool {
        try await showDetail([route])
    }

    /// Replaces the detail stack with `routes`, keeping the columns before it (their entries,
    /// loaded values and awaited results), in one navigation of ``router`` decided at its
    /// turn: a ``Router/replace(with:)`` of those columns' routes and `routes`, each shown by
    /// its transition, which also dismisses what is presented.
    ///
    /// Nothing changes (guards see `.back(count: 0)`) when the detail stack is `routes`
    /// already, or when a column before it is empty (nothing selected in the sidebar, or in
    /// the content column of a ``SplitColumns/triple`` layout).
    /// - Parameter routes: The detail stack's new routes, bottom first (empty clears it).
    /// - Returns: Whether the detail stack shows `routes` once the navigation has run
    ///   (`false` when a column before it is empty, when a guard redirected the navigation
    ///   elsewhere, or when a navigation queued behind it has changed the columns already).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    @discardableResult
    public func showDetail(_ routes: [Route]) async throws(NavigationError) -> Bool {
        let kept = columns.columnsBeforeDetail
        return try await perform(decidedAtTurn: { state in
            let columns = Array(state.stack.prefix(kept))
            guard columns.count == kept else { return (nil, false) }
            let shown = columns + routes
            return (state.stack == shown ? nil : .replace(with: shown), true)
        })
    }

    /// Runs one navigation of ``router`` whose operation is decided at its turn, from the
    /// router's state then (so it sees the navigations queued before it).
    /// - Parameter decide: For the state at the turn, the operation (`nil` changes nothing:
    ///   the navigation runs as `.back(count: 0)`) and whether the columns show what was asked
    ///   once it has run.
    /// - Returns: What `decide` said of the columns at the turn, when the router's state is
    ///   the one decided once the navigation has run (`false` when a guard redirected it, or
    ///   a navigation queued behind it has changed it already).
    @discardableResult
    private func perform(
        decidedAtTurn decide: @escaping @Sendable (RouterState<Route>) -> (NavigationOperation<Route>?, shows: Bool)
    ) async throws(NavigationError) -> Bool {
        let decided = _Locked<(operation: NavigationOperation<Route>?, shows: Bool, state: RouterState<Route>)?>(nil)
        let operation: @Sendable (RouterState<Route>) -> NavigationOperation<Route> = { state in
            let (operation, showing) = decide(state)
            decided.withLock { $0 = (operation, showing, state) }
            return operation ?? .back(count: 0)
        }
        let request = router._enqueue(decide(router.state).0 ?? .back(count: 0), url: nil)
        _ = try await router._run(request, deciding: operation)
        guard let (operation, shows, state) = decided.withLock({ $0 }), shows else { return false }
        // The state the decided operation makes; a redirect committed another one.
        var expected = state
        if let operation {
            expected._apply(operation, limit: max(router.policy.maximumHistoryEntries, 1))
        }
        return router.state == expected
    }

    /// Opens a deep link: the route lands where ``navigate(to:)-(Self.Route)`` would put it, in one
    /// navigation (see ``Router/openURL(_:)``).
    /// - Returns: Whether the URL was handled.
    @discardableResult
    public func openURL(_ url: URL) async -> Bool {
        await router.openURL(url)
    }

    /// Opens a deep link as ``openURL(_:)`` does, from `source` (see
    /// ``Router/openURL(_:source:)``).
    /// - Returns: `true` when the link was handled.
    @discardableResult
    public func openURL(_ url: URL, source: NavigationSource) async -> Bool {
        await router.openURL(url, source: source)
    }

    /// The canonical link of `route` (see ``URLMatcherGroup/url(for:)``): for a share
    /// button, Handoff or an App Intent; `nil` when no mapping makes one that opens it.
    public func url(for route: Route) -> URL? {
        router.url(for: route)
    }

    /// Whether ``openURL(_:)`` would handle `url` were no guard to refuse it (see
    /// ``Router/canOpen(_:)``): synchronous, navigates nowhere.
    public func canOpen(_ url: URL) -> Bool {
        router.canOpen(url)
    }

    /// Holds the deep links opened from now on until ``releaseURLs()`` (see
    /// ``Router/holdURLs(expiringAfter:)``; expiry on ``Router/guardClock``).
    /// - Parameter expiry: How long each link is kept after it was opened.
    public func holdURLs(expiringAfter expiry: Duration) {
        router.holdURLs(expiringAfter: expiry)
    }

    /// Ends the hold and opens the held links in order, through the guards (see
    /// ``Router/releaseURLs()``).
    public func releaseURLs() {
        router.releaseURLs()
    }

    /// The links held and waiting, oldest first.
    public var heldURLs: [URL] {
        router.heldURLs
    }

    /// Adds a guard (see ``Router/addGuard(named:deadline:_:)``).
    @discardableResult
    public func addGuard(
        named name: String? = nil,
        deadline: Duration? = nil,
        _ check: @escaping @Sendable (PendingNavigation<Route>) async throws -> GuardDecision<Route>
    ) -> NavigationGuardID {
        router.addGuard(named: name, deadline: deadline, check)
    }

    /// The persistence of ``router`` behind ``StatePersisting``'s accessors
    /// (``StatePersisting/restoration``, ``StatePersisting/persistenceEvents``,
    /// ``StatePersisting/flush()``); `nil` for a split router made without a store.
    @_spi(StreamRouterInternals) public var _persistence: _PersistenceHandle? {
        router._persistence
    }

    // MARK: - Streams

    /// Every navigation's events, in one total order (the router's ``Router/events``), with
    /// an unbounded buffer (see ``events(bufferingPolicy:)``).
    public var events: SubjectStream<RouterEvent<Route>> {
        router.events
    }

    /// The columns now, then after each change of them (``StatePublisher``).
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   an unread stream keeps every state since it subscribed, each a few hundred bytes
    ///   at most, since the columns share the router's storage; see
    ///   <doc:StreamsAndOperators>).
    public func states(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<SplitRouterState<Route>> {
        let columns = columns
        // A navigation that leaves the base stack's storage as it was (a sheet presented over
        // the split view) changes no column: it is skipped without building the columns.
        return router.distinctStates(
            bufferingPolicy: bufferingPolicy,
            sameBase: { $0._hasIdenticalBase(to: $1) },
            element: { SplitRouterState(columns: columns, stack: $0.stack) }
        )
    }
}
