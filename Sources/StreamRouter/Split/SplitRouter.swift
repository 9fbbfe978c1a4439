import Foundation
import Synchronization

/// The navigation of a split view (`NavigationSplitView`): a sidebar selection, a content
/// column for ``SplitColumns/triple``, and a detail stack, which a compact width collapses
/// into one stack.
///
/// ```swift
/// let mail = SplitRouter<MailRoute>(columns: .double)     // sidebar + detail; .triple adds content
/// try await mail.select(.inbox)                           // the sidebar's selection; clears the columns after it
/// try await mail.navigate(to: .message(id: 7))            // into the next column, then onto the detail stack
/// mail.sidebar; mail.content; mail.detail                 // MailRoute?, MailRoute?, [MailRoute]
/// mail.isCollapsed = true                                 // compact width: the columns read as one stack
/// mail.stack                                              // [.inbox, .message(id: 7)]
/// try await mail.navigateBack()                           // pops the last; from [.inbox] it clears the selection
/// ```
///
/// The filled columns are one stack, kept by one ``Router`` (``router``): the sidebar's
/// selection at the bottom, then the content column's, then the detail stack. So every
/// navigation (select, navigate, back, ``openURL(_:)``) goes through that router's
/// guards, is on its ``events`` in one total order, is saved and restored with its store,
/// and is recorded by its journal; sheets presented over the split view are its
/// presentations. ``isCollapsed`` is layout only.
///
/// > Note: Thread-safe, as ``Router`` is.
public final class SplitRouter<Route: RouteProvider>: StatePublisher, StatePersisting {
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
    public init(
        columns: SplitColumns,
        urlMatchers: URLMatcherGroup<Route>? = Route.registerURLs(),
        policy: InputPolicy = .standard,
        options: NavigationOptions = NavigationOptions()
    ) {
        self.columns = columns
        router = Router(urlMatchers: urlMatchers, policy: policy, options: options)
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
    public init(
        columns: SplitColumns,
        store: any NavigationStateStore,
        restoring: Restoration = .atCreation,
        guards: [NavigationGuard<Route>] = [],
        urlMatchers: URLMatcherGroup<Route>? = Route.registerURLs(),
        policy: InputPolicy = .standard,
        options: NavigationOptions = NavigationOptions()
    ) {
        self.columns = columns
        router = Router(
            store: store, restoring: restoring, guards: guards, urlMatchers: urlMatchers, policy: policy,
            options: options)
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

    /// Selects `route` in the sidebar and clears the columns after it, in one navigation
    /// (``Router/replace(with:)``: guards see it as such).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func select(_ route: Route) async throws(NavigationError) {
        try await router.replace(with: [route])
    }

    /// Shows `route` in the first empty column, then on the detail stack (a push onto the
    /// one stack; a presented route is presented over the split view).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigate(to route: Route) async throws(NavigationError) {
        try await router.navigate(to: route)
    }

    /// Pops the last entry of ``stack`` in either layout: the top of the detail stack, then
    /// the content column's selection, then the sidebar's (from `[.inbox]` it clears the
    /// selection). While a sheet is presented, pops inside it (see ``Router/navigateBack(_:)``).
    /// - Throws: ``NavigationError`` when a guard refuses; nothing changes then.
    public func navigateBack() async throws(NavigationError) {
        try await router.navigateBack()
    }

    /// Opens a deep link: the route lands where ``navigate(to:)`` would put it, in one
    /// navigation (see ``Router/openURL(_:)``).
    /// - Returns: Whether the URL was handled.
    @discardableResult
    public func openURL(_ url: URL) async -> Bool {
        await router.openURL(url)
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

    /// Every navigation's events, in one total order (the router's ``Router/events``).
    public var events: SubjectStream<RouterEvent<Route>> {
        router.events
    }

    /// The columns now, then after each change of them (``StatePublisher``).
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default).
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
