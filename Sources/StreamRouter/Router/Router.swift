import Foundation
import Synchronization

/// A headless router of typed routes: a stack you push, pop, pop to, reset and replace, a
/// presented modal, deep links, and guards that may cancel or redirect a navigation
/// (Routing's `Router` and XRouter's `XRouter`, with `async` navigation).
///
/// ```swift
/// let router = Router<AppRoute>()                       // empty stack
/// try await router.navigate(to: .profile(id: 3))        // guards may cancel or redirect
/// let handled = await router.openURL(url)               // false for an unknown URL
/// router.stack                                          // [.profile(id: 3), ...]
/// for await event in router.events { ... }              // every attempt and outcome
/// ```
///
/// Every navigation goes through one pipeline:
/// 1. When called, it takes its turn in a first-in, first-out queue and publishes
///    ``RouterEvent/started(_:)``. Navigations run one at a time, in call order, so
///    concurrent calls never interleave and commit in the order they were made.
/// 2. When its turn comes, each guard and each preparation, in registration order,
///    sees the ``PendingNavigation`` and allows, cancels or redirects it. A redirect
///    restarts the guards with the new request; circles and chains longer than
///    ``maximumRedirects`` fail with ``NavigationError/redirectLoop(chain:)``.
/// 3. Handlers of custom transitions run, in order, for the routes shown.
/// 4. The navigation commits atomically and publishes ``RouterEvent/completed(_:state:action:)``
///    and, when the displayed path changed, a ``NavigationAction`` on ``actions``.
///
/// A navigation that is cancelled or fails changes nothing, throws a ``NavigationError``
/// and publishes it. Moves that change nothing (``navigateBack(_:)`` with 0, back to an
/// absent route) still go through the pipeline and complete.
///
/// The stack is a ``RouterState``, whose copies share their storage, so a navigation costs
/// the same on a deep stack as on a shallow one, even with lagging subscribers. The router
/// publishes the same ``NavigationAction`` events as a ``Navigator``: its path is its
/// stack's routes' ``RouteProvider/path``s joined, so pushing is `.deeper` and popping
/// `.higher`.
///
/// Presentations are on ``actions`` as the top of the *displayed path*
/// (``RouterState/displayedPath``: the base stack's path, then each presentation's route
/// and stack): presenting is a `.push` (`/home` -> `/home/login`, `.deeper`), dismissing
/// a `.back` (`.higher`). This,
/// rather than new action kinds, keeps the chaining invariant (`b.previousPath ==
/// a.currentPath` for consecutive actions) over one path for every subscriber, lets a
/// direction-driven animation loop animate a sheet like a push unchanged, and keeps
/// ``NavigationAction/Action`` (a `CaseIterable` enum users switch over) as it is.
/// ``path``, ``paths(bufferingPolicy:)``, ``PathPublisher/matches(_:bufferingPolicy:)-(PathPattern,_)``
/// and route-scoped work follow the displayed path too.
///
/// A screen can return a value to its caller: see ``navigate(to:returning:)`` and
/// ``navigateBack(returning:)``. A login screen can finish the request a guard redirected
/// to it: see ``resumeRedirected()``. A router with a store shows its saved state only
/// through its guards: see ``restore()``.
///
/// > Note: Thread-safe. Reads (``stack``, ``modal``, ``state``) are synchronous and see
/// > the last committed state. Streams subscribe when created, never keep the router alive,
/// > and finish when it is deallocated. Guards and handlers run on the navigating task, not
/// > under any lock, and may call the router's reads; a navigation of the same router they
/// > start fails at once with ``NavigationError/reentrantNavigation`` (it would otherwise
/// > wait forever for the navigation that runs them).
public final class Router<Route: RouteProvider>: PathPublisher, StatePublisher, StatePersisting {
    /// How many times guards may redirect one navigation before it fails as a loop.
    public static var maximumRedirects: Int { 16 }

    @usableFromInline let _storage: ObservableState<_RouterStorage<Route>, RouterEvent<Route>>
    @usableFromInline let _hooks = _Locked(_RouterHooks<Route>())
    /// How many tasks run this router's hooks marked now (see ``_isRunningHook``): a mark a
    /// task inherited from a hook that has ended is not live while no hook of this router runs.
    @usableFromInline let _hooksRunning = Atomic<Int>(0)

    /// How overlapping navigations are ordered and what a repeated push does, given at
    /// creation.
    public let options: NavigationOptions

    /// The URL groups ``openURL(_:)`` matches against, read once at creation.
    public let urlMatchers: URLMatcherGroup<Route>?
    /// The links held by ``holdURLs(expiringAfter:)``; `openURL` reads only its flag when
    /// no hold is in effect.
    @usableFromInline let _urlHold = _URLHold()
    /// Whether any of ``urlMatchers``' mappings is awaited (`async`, or an action), read
    /// once: a superseding navigation cancels URL resolutions only when there can be some.
    @usableFromInline let _hasAwaitedMappings: Bool
    /// The `async` URL mappings being awaited, which a later navigation cancels under
    /// ``NavigationOptions/Concurrency/latestWins``.
    let urlResolutions = _Locked(URLResolutions())

    /// Creates a router.
    ///
    /// - Parameters:
    ///   - state: The initial stack and modal; empty by default (restore a saved
    ///     ``RouterState`` here).
    ///   - urlMatchers: The URLs to open; `Route.registerURLs()` by default.
    ///   - policy: The limits on the URLs ``openURL(_:)`` accepts, and on the stack's
    ///     length (``InputPolicy/maximumHistoryEntries``: a push beyond it drops the bottom
    ///     route; a longer `state` keeps its top routes).
    ///   - options: How overlapping navigations are ordered and what a repeated push does;
    ///     first in, first out and pushed again by default.
    public init(
        state: RouterState<Route> = RouterState(),
        urlMatchers: URLMatcherGroup<Route>? = Route.registerURLs(),
        policy: InputPolicy = .standard,
        options: NavigationOptions = NavigationOptions()
    ) {
        self.options = options
        _storage = ObservableState(_RouterStorage(state._limited(to: policy.maximumHistoryEntries)))
        self.urlMatchers = urlMatchers
        _hasAwaitedMappings = urlMatchers?._mappings.contains(where: \.isAwaited) ?? false
        RouteDiagnostics.routerCreated(Route.self, matchers: urlMatchers)
        self.policy = policy
        _statePersistence = nil
    }

    /// Creates a router that keeps its stack and modal in `store` (Routing's
    /// `@Router("key")`): it restores the saved state (see ``Restoration``), and saves the
    /// state there after every navigation that changes it.
    ///
    /// ```swift
    /// let router = Router<AppRoute>(store: UserDefaultsStateStore(key: "main-router"))   // restored now
    ///
    /// let auth = NavigationGuard<AppRoute>(named: "auth") { pending in ... }
    /// let guarded = Router<AppRoute>(store: store, guards: [auth])   // restored through "auth"
    /// ```
    ///
    /// When the router has guards, the saved state is shown only through them:
    /// - With `guards` (and ``Restoration/atCreation``, the default), they are registered
    ///   first, and the saved state is this router's first navigation, a
    ///   ``NavigationOperation/restore(_:)`` whose turn is taken here and which runs at once in
    ///   a task of its own: readers see `initialState` until the guards allow it, and a
    ///   navigation called after this returns runs after it. ``restore()`` awaits its outcome.
    /// - With ``Restoration/throughGuards`` the store is read here, and the saved state
    ///   waits for ``restore()``, for guards added later with ``addGuard(named:deadline:_:)``.
    /// - Without guards and with ``Restoration/atCreation`` the saved state is the router's
    ///   state when this returns. A guard added afterwards never sees it: give guards that
    ///   protect saved routes (a checkout behind a login) to this initialiser.
    ///
    /// When the store holds nothing, or data that cannot be used (corrupt, truncated, from
    /// another format version, routes that no longer decode, larger than
    /// ``InputPolicy/maximumStateBytes``, more routes in a stack than
    /// ``InputPolicy/maximumHistoryEntries`` (counted before any route is decoded), a route
    /// whose ``RouteProvider/path`` the policy rejects, also once percent-decoded: see
    /// ``InputPolicy/check(restoredRoutePath:)``), the router stays at `initialState`, reports why on ``StatePersisting/persistenceEvents``
    /// (at once), and leaves the store untouched until the first change.
    ///
    /// > Note: Saving never runs on the navigating task: a navigation records the new
    /// > state (O(1)) and a background task writes the latest one, coalescing a burst of
    /// > navigations into few writes. Call ``StatePersisting/flush()`` to write it at once.
    /// - Parameters:
    ///   - initialState: The state when nothing usable is saved (and, through the guards,
    ///   until they allow the saved state, or when they refuse it); empty by default.
    ///   - store: Where the state is kept.
    ///   - restoring: When the saved state is applied: at creation (the default) or by
    ///     ``restore()``.
    ///   - guards: Guards registered before the saved state is read, in order (as
    ///     ``addGuard(named:deadline:_:)`` would); none by default.
    ///   - urlMatchers: The URLs to open; `Route.registerURLs()` by default.
    ///   - policy: The limits on the URLs ``openURL(_:)`` accepts, on the stack's length and
    ///     on the restored state.
    ///   - options: How overlapping navigations are ordered and what a repeated push does.
    public init(
        initialState: RouterState<Route> = RouterState(),
        store: any NavigationStateStore,
        restoring: Restoration = .atCreation,
        guards: [NavigationGuard<Route>] = [],
        urlMatchers: URLMatcherGroup<Route>? = Route.registerURLs(),
        policy: InputPolicy = .standard,
        options: NavigationOptions = NavigationOptions()
    ) {
        self.options = options
        let persistence = _StatePersistence<RouterState<Route>>(
            store: store, version: Self.stateVersion, maximumBytes: policy.maximumStateBytes,
            maximumEntries: policy.maximumHistoryEntries
        ) { state in
            try Self.validateRestored(state, policy: policy)
        }
        let (saved, event) = persistence.read()
        let shownNow = restoring == .atCreation && guards.isEmpty ? saved : nil
        var storage = _RouterStorage((shownNow ?? initialState)._limited(to: policy.maximumHistoryEntries))
        if shownNow != nil {
            storage.shownBy = .restoration
        }
        _storage = ObservableState(storage)
        self.urlMatchers = urlMatchers
        _hasAwaitedMappings = urlMatchers?._mappings.contains(where: \.isAwaited) ?? false
        RouteDiagnostics.routerCreated(Route.self, matchers: urlMatchers)
        self.policy = policy
        self._statePersistence = persistence
        changeHooks { hooks in
            for added in guards {
                _ = hooks.addGuard(named: added.name, deadline: added.deadline, added.check)
            }
        }
        guard let saved, shownNow == nil else {
            persistence.record(event)
            return
        }
        if restoring == .atCreation {
            startRestoring(saved)
        } else {
            _hooks.withLock { $0.savedState = saved }
        }
    }

    /// The limits on the URLs ``openURL(_:)`` accepts.
    public let policy: InputPolicy

    /// Checks a restored state against `policy`: at most
    /// ``InputPolicy/maximumHistoryEntries`` routes in each stack (the base stack, each
    /// presentation's) and presentations, and each route's ``RouteProvider/path`` (every
    /// presentation's route too) accepted by ``InputPolicy/check(restoredRoutePath:)``: as a
    /// path, then each segment percent-decoded, for control characters. So a route value the
    /// default `path` percent-encodes (`.label("\u{1B}[2J")`, path `/label/%1B%5B2J`) is
    /// checked as it was saved, as a deep link's decoded segments are.
    /// - Throws: ``PersistenceError/tooManyEntries(count:limit:)`` or
    ///   ``PersistenceError/rejectedInput(_:)``.
    static func validateRestored(_ state: RouterState<Route>, policy: InputPolicy) throws(PersistenceError) {
        let limit = max(policy.maximumHistoryEntries, 1)
        let presentations = state.presentations
        for count in [state.count, presentations.count] + presentations.map(\.stack.count) where count > limit {
            throw .tooManyEntries(count: count, limit: limit)
        }
        for route in state.stack + presentations.flatMap({ [$0.route] + $0.stack }) {
            do {
                try policy.check(restoredRoutePath: route.path)
            } catch {
                throw .rejectedInput(error)
            }
        }
    }

    /// The format version of the saved state.
    static var stateVersion: Int { 1 }

    @usableFromInline let _statePersistence: _StatePersistence<RouterState<Route>>?

    /// The persistence behind ``StatePersisting``'s accessors (``StatePersisting/restoration``,
    /// ``StatePersisting/persistenceEvents``, ``StatePersisting/flush()``); `nil` for a router
    /// made without a store.
    @_spi(StreamRouterInternals) public var _persistence: _PersistenceHandle? {
        _statePersistence?.handle
    }

    // MARK: - Reading

    /// The base stack's routes, bottom first; empty at its root. Routes pushed while a
    /// presentation is shown are on that presentation's stack (``presentations``).
    public var stack: [Route] {
        _storage.read { $0.state.stack }
    }

    /// The presentations over the base stack, bottom first (each a presented route and the
    /// stack pushed inside it); empty when nothing is presented.
    public var presentations: [Presentation<Route>] {
        _storage.read { $0.state }.presentations
    }

    /// The topmost presentation's route, `nil` when nothing is presented.
    public var modal: Route? {
        _storage.read { $0.state.modal }
    }

    /// The base stack and the presentations, as one consistent snapshot.
    public var state: RouterState<Route> {
        _storage.read { $0.state }
    }

    /// The displayed path (see ``RouterState/displayedPath``): the base stack's paths,
    /// then each presentation's route and stack, in order; `/` when all are empty.
    public var path: String {
        _storage.read { $0.state }.displayedPath
    }

    deinit {
        // The preloads' timer sleeps on the guard clock (a `TestClock` may never wake it).
        _hooks.withLock { $0.preloads.stopTimer() }?.cancel()
    }

    /// The state and the last action, read together.
    /// - Parameter id: The id of a navigation known to have ended: the state read is at
    ///   least as new as its outcome.
    func currentSnapshot(after id: UInt64) -> RouterSnapshot<Route> {
        _storage.read { RouterSnapshot(state: $0.state, lastAction: $0.lastAction, generation: id + 1) }
    }

    /// The last change of the displayed path (the stack's and the modal's); `nil` until a
    /// navigation changes it.
    public var lastAction: NavigationAction? {
        _storage.read { $0.lastAction }
    }

    // MARK: - Navigating

    // The navigation methods are `@inlinable`, like the pipeline they enter, so that they
    // are specialised for `Route`.

    /// Shows `route` by its ``RouteProvider/transition``: pushes it (the default), replaces
    /// the top route, presents it as the modal, or pushes it after a custom transition.
    /// - Throws: ``NavigationError`` when a guard cancels, a transition handler throws, or
    ///   guards loop; the state is then unchanged.
    @inlinable
    public func navigate(to route: Route) async throws(NavigationError) {
        try await perform(.navigate(to: [route]))
    }

    /// Shows the routes in order, each by its transition, as one navigation: guards run
    /// once and the stack changes at once (`[.a, .b]` pushes both).
    /// - Throws: ``NavigationError``; the state is then unchanged.
    @inlinable
    public func navigate(to routes: [Route]) async throws(NavigationError) {
        try await perform(.navigate(to: routes))
    }

    /// Shows `route` as ``navigate(to:)-(Route)`` does, then waits for the screen's result:
    /// returns when *that* stack entry leaves its stack (or, for a presented route, when
    /// that presentation is dismissed). From inside a presentation, the route is pushed on
    /// its stack, and the result comes back the same way.
    ///
    /// ```swift
    /// let color: Color? = try await router.navigate(to: .colorPicker, returning: Color.self)
    /// // in the picker:
    /// try await router.navigateBack(returning: Color.red)   // pops it, resumes the caller
    /// ```
    ///
    /// The result belongs to the entry this call pushed: the same route pushed twice is two
    /// entries, each with its own caller. It is:
    /// - the value given to ``navigateBack(returning:)`` when that call removes the entry,
    ///   or to ``dismiss(returning:)`` when that call dismisses the presentation;
    /// - `nil` when the entry leaves any other way (``navigateBack(_:)``,
    ///   ``navigateBack(to:)``, ``navigateToRoot()``, ``replace(with:)``, ``dismiss()``,
    ///   ``dismissAll()``, a later `.replace` route, the stack's bound dropping it), or when
    ///   the value has another type than `Value`;
    /// - `nil` at once when a guard redirected the navigation so that it did not show
    ///   `route` last (the caller asked for that screen's result), or when the stack keeps no
    ///   route (``InputPolicy/maximumHistoryEntries`` of 0).
    ///
    /// The entry's result is registered in the same atomic step that pushes it, so no other
    /// navigation can remove it unnoticed. Nothing is kept once this call returns.
    ///
    /// > Note: Cancelling the calling task while the entry is shown returns `nil` at once
    /// > and leaves the stack as it is; cancelling it before the route is shown throws
    /// > ``NavigationError/taskCancelled``, as ``navigate(to:)-(Route)`` does. The call
    /// > keeps the router alive while it waits.
    /// - Parameters:
    ///   - route: The screen to show.
    ///   - returning: The type of the value the screen returns.
    /// - Returns: The screen's value, or `nil`.
    /// - Throws: What ``navigate(to:)-(Route)`` throws, before the route is shown; the
    ///   state is then unchanged.
    @inlinable
    public func navigate<Value: Sendable>(
        to route: Route,
        returning: Value.Type
    ) async throws(NavigationError) -> Value? {
        let request = _enqueue(.navigate(to: [route]), url: nil)
        guard let entry = try await _run(request, awaiting: route) else { return nil }
        guard let value = await _waitForResult(of: entry) else { return nil }
        return value as? Value
    }

    /// Leaves the current screen with a value for the caller of
    /// ``navigate(to:returning:)`` that showed it: pops the top route of the current level
    /// (the topmost presentation's stack while one is shown, else the base stack), like
    /// ``navigateBack(_:)``. At a presentation's root it changes nothing: a presentation
    /// answers with ``dismiss(returning:)``.
    ///
    /// When nobody awaits that entry's result (it was shown by ``navigate(to:)-(Route)``,
    /// or its caller was cancelled), it just pops and the value is dropped. When a guard
    /// redirects this navigation, the value is dropped too (the entry's caller gets `nil`
    /// if it leaves). With an empty stack, nothing changes.
    /// - Parameter value: The screen's result.
    /// - Throws: ``NavigationError`` when a guard cancels; the state is then unchanged and
    ///   the caller keeps waiting.
    @inlinable
    public func navigateBack<Value: Sendable>(returning value: Value) async throws(NavigationError) {
        try await _run(_enqueue(.back(count: 1), url: nil), delivering: _ScreenResult(value: value))
    }

    /// Dismisses the topmost presentation with a value for the caller of
    /// ``navigate(to:returning:)`` that presented it (`draft` for the compose sheet).
    ///
    /// When nobody awaits that presentation's result, it just dismisses and the value is
    /// dropped; when a guard redirects it, the value is dropped too. With nothing presented,
    /// nothing changes.
    /// - Parameter value: The presentation's result.
    /// - Throws: ``NavigationError`` when a guard cancels; the state is then unchanged and
    ///   the caller keeps waiting.
    @inlinable
    public func dismiss<Value: Sendable>(returning value: Value) async throws(NavigationError) {
        try await _run(_enqueue(.dismiss, url: nil), delivering: _ScreenResult(value: value))
    }

    /// The number of ``navigate(to:returning:)`` calls whose result is pending (for tests:
    /// 0 once every such call has returned).
    package var pendingResultCount: Int {
        _storage.read { $0.results.count }
    }

    /// Pops `count` routes of the current level: the topmost presentation's stack while one
    /// is shown, else the base stack. A count of 0 or less changes nothing; more than the
    /// stack holds empties it; a presentation is never dismissed by it (``dismiss()`` is).
    /// - Throws: ``NavigationError``; the state is then unchanged.
    @inlinable
    public func navigateBack(_ count: Int = 1) async throws(NavigationError) {
        try await perform(.back(count: count))
    }

    /// Goes back to the topmost occurrence of `route`, looking from the top level down: pops
    /// the routes above it, and dismisses every presentation above the level where it is
    /// found (found as a presentation's own route, that presentation's stack is popped to
    /// its root). Nothing changes when the route is absent or already on top.
    /// - Throws: ``NavigationError``; the state is then unchanged.
    @inlinable
    public func navigateBack(to route: Route) async throws(NavigationError) {
        try await perform(.backTo(route))
    }

    /// Dismisses every presentation and pops every route of the base stack, back to the root.
    /// - Throws: ``NavigationError``; the state is then unchanged.
    @inlinable
    public func navigateToRoot() async throws(NavigationError) {
        try await perform(.toRoot)
    }

    /// Replaces the whole tree with `routes` (empty for the root) in one navigation, as
    /// ``navigateToRoot()`` (which dismisses every presentation) then
    /// `navigate(to: routes)` would, each route shown by its transition, except that every
    /// route of `routes` is in the tree: a `.replace` route is pushed, not put in place of
    /// the route before it.
    ///
    /// The entries the new tree holds at the same place, from the bottom up (the same routes
    /// shown the same way), are kept, with their loaded values and awaited results: replacing
    /// `[feed, articleA]` with `[feed, articleB]` runs no loader for `feed`.
    /// - Throws: ``NavigationError``; the state is then unchanged.
    @inlinable
    public func replace(with routes: [Route]) async throws(NavigationError) {
        try await perform(.replace(with: routes))
    }

    /// Removes the topmost presentation and the stack inside it; nothing changes when none
    /// is presented.
    /// - Throws: ``NavigationError``; the state is then unchanged.
    @inlinable
    public func dismiss() async throws(NavigationError) {
        try await perform(.dismiss)
    }

    /// Removes every presentation; nothing changes when none is presented.
    /// - Throws: ``NavigationError``; the state is then unchanged.
    @inlinable
    public func dismissAll() async throws(NavigationError) {
        try await perform(.dismissAll)
    }

    /// Performs any operation through the pipeline (the methods above call it).
    /// - Throws: ``NavigationError``; the state is then unchanged.
    @inlinable
    public func perform(_ operation: NavigationOperation<Route>) async throws(NavigationError) {
        try await _run(_enqueue(operation, url: nil))
    }

    /// Shows `route` as ``navigate(to:)-(Route)`` does, saying where the navigation came
    /// from: its request, events, journal entry and screen view carry `source`.
    ///
    /// ```swift
    /// try await router.navigate(to: .order(id: 7), source: .notification)
    /// ```
    /// - Throws: ``NavigationError``; the state is then unchanged.
    @inlinable
    public func navigate(to route: Route, source: NavigationSource) async throws(NavigationError) {
        try await perform(.navigate(to: [route]), source: source)
    }

    /// Shows `routes` as ``navigate(to:)-([Route])`` does, from `source`.
    /// - Throws: ``NavigationError``; the state is then unchanged.
    @inlinable
    public func navigate(to routes: [Route], source: NavigationSource) async throws(NavigationError) {
        try await perform(.navigate(to: routes), source: source)
    }

    /// Performs `operation` as ``perform(_:)`` does, from `source`.
    /// - Throws: ``NavigationError``; the state is then unchanged.
    @inlinable
    public func perform(_ operation: NavigationOperation<Route>, source: NavigationSource) async throws(NavigationError)
    {
        try await _run(_enqueue(operation, url: nil, source: source))
    }

    // MARK: - Guards and transitions

    /// Registers a guard, run before every navigation commits, after the guards registered
    /// before it. It allows, cancels (by answering ``GuardDecision/cancel(_:)`` or by
    /// throwing) or redirects the navigation.
    ///
    /// ```swift
    /// router.addGuard(named: "auth") { pending in
    ///     pending.destinations.contains(.profile(id: 3)) ? .redirect(to: .login) : .allow
    /// }
    /// ```
    ///
    /// A guard may read the router, but not navigate it: a navigation of the same router
    /// started from inside a guard fails at once with
    /// ``NavigationError/reentrantNavigation`` (redirect instead, or start it in a
    /// `Task.detached`, which runs it after this navigation ends).
    /// - Parameters:
    ///   - name: Names the guard in ``NavigationError/cancelledByGuard(name:reason:)``;
    ///     `#<number>` by default.
    ///   - deadline: How long the guard may take, on ``guardClock``; past it the navigation
    ///     is cancelled with ``NavigationError/deadlineExceeded(name:deadline:)`` and the
    ///     queue moves on. `nil` (the default) uses ``defaultGuardDeadline``.
    ///   - check: Decides; runs on the navigating task, or, when a deadline applies, in a task
    ///     of its own that inherits its priority and task-locals (cancelled at the deadline
    ///     or when the navigating task is; the navigation does not wait for it to stop).
    /// - Returns: An id for ``removeGuard(_:)``.
    @discardableResult
    public func addGuard(
        named name: String? = nil,
        deadline: Duration? = nil,
        _ check: @escaping @Sendable (PendingNavigation<Route>) async throws -> GuardDecision<Route>
    ) -> NavigationGuardID {
        changeHooks { $0.addGuard(named: name, deadline: deadline, check) }
    }

    /// Registers a preparation (the role of XRouter's `prepareForTransition(from:)`): run for each route a
    /// navigation shows, in order, before it commits; throwing cancels the navigation
    /// (``NavigationError/cancelledByGuard(name:reason:)``). It runs in the guard sequence,
    /// at its registration position.
    ///
    /// - Parameters:
    ///   - name: Names it in errors; `#<number>` by default.
    ///   - deadline: How long preparing every route of one navigation may take, on
    ///     ``guardClock``; `nil` (the default) uses ``defaultGuardDeadline``.
    ///   - prepare: Prepares one route (load its data, build its screen); throw to cancel.
    /// - Returns: An id for ``removeGuard(_:)``.
    @discardableResult
    public func addPreparation(
        named name: String? = nil,
        deadline: Duration? = nil,
        _ prepare: @escaping @Sendable (Route) async throws -> Void
    ) -> NavigationGuardID {
        addGuard(named: name, deadline: deadline) { pending in
            for route in pending.destinations {
                try await prepare(route)
            }
            return .allow
        }
    }

    /// The deadline of every guard and preparation registered without one; `nil` (no
    /// deadline) by default. Measured on ``guardClock``; a navigation reads it when its turn
    /// comes.
    public var defaultGuardDeadline: Duration? {
        get { _hooks.withLock { $0.defaultDeadline } }
        set { changeHooks { $0.defaultDeadline = newValue } }
    }

    /// The clock guard deadlines are measured on: `ContinuousClock()` by default; a
    /// `TestClock` (from StreamRouterTesting) in tests. Stored type-erased, so any clock whose
    /// durations are `Duration` fits.
    public var guardClock: any Clock<Duration> {
        get { _hooks.withLock { $0.clock } }
        set {
            let stopped = changeHooks { hooks in
                hooks.clock = newValue
                return _movePreloads(&hooks, to: newValue)
            }
            stopped?.cancel()
        }
    }

    /// Removes a guard or preparation; navigations that have already read the guards are
    /// not affected.
    /// - Parameter id: What ``addGuard(named:deadline:_:)`` or ``addPreparation(named:deadline:_:)`` returned.
    public func removeGuard(_ id: NavigationGuardID) {
        changeHooks { $0.removeGuard(id) }
    }

    /// Registers the handler of ``RouteTransition/custom(identifier:)`` transitions with
    /// this identifier (XRouter's `RouterCustomTransitionDelegate`), replacing any earlier
    /// one. A navigation awaits it for each route it shows with that transition, after the
    /// guards and before committing; a throw cancels the navigation
    /// (``NavigationError/transitionCancelled(identifier:reason:)``).
    ///
    /// - Parameters:
    ///   - identifier: The custom transition's identifier.
    ///   - deadline: How long the handler may take for one route, on ``guardClock``; past it
    ///     the navigation is cancelled with ``NavigationError/deadlineExceeded(name:deadline:)``
    ///     (named by `identifier`) and the queue moves on. `nil` (the default) uses
    ///     ``defaultGuardDeadline``.
    ///   - handler: Performs the transition for the route; runs on the navigating task, or,
    ///     when a deadline applies, in a task of its own that inherits its priority and
    ///     task-locals (as a guard with a deadline does).
    public func registerTransition(
        _ identifier: String,
        deadline: Duration? = nil,
        handler: @escaping @Sendable (Route, PendingNavigation<Route>) async throws -> Void
    ) {
        changeHooks { $0.setTransition(identifier, deadline: deadline, handler) }
    }

    /// Removes the handler of a custom transition; routes using it then fail to navigate
    /// (``NavigationError/missingTransitionHandler(identifier:)``).
    public func removeTransition(_ identifier: String) {
        changeHooks { $0.setTransition(identifier, nil) }
    }

    /// Changes the hooks.
    func changeHooks<T>(_ body: (inout _RouterHooks<Route>) -> T) -> T {
        _hooks.withLock { body(&$0) }
    }

    // MARK: - Streams

    /// Every event after this property is read (see ``RouterEvent``), with an unbounded
    /// buffer: an unread one keeps every event, about 450 bytes per navigation (see
    /// ``events(bufferingPolicy:)``).
    public var events: SubjectStream<RouterEvent<Route>> {
        events()
    }

    /// Every event after this call.
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   a consumer that lags, or never reads, keeps every event since it subscribed, about
    ///   450 bytes per navigation, its `started` event and its outcome; see
    ///   <doc:StreamsAndOperators>).
    public func events(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<RouterEvent<Route>> {
        _storage.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// Every change of the displayed path after this property is read, as
    /// ``Navigator/actions`` publishes them: navigations and replacements are `.push`,
    /// moves back `.back`. The displayed path (``RouterState/displayedPath``) is the
    /// stack's path followed by the presented modal's, so presenting a modal is a `.push`
    /// one level deeper and dismissing it a `.back` (see ``Router``). An action's two paths
    /// always differ: a navigation that leaves the displayed path as it was (a route
    /// replaced by an equal one, or a modal dismissed as a route with the same path is
    /// pushed) publishes none.
    public var actions: SubjectStream<NavigationAction> {
        actions()
    }

    /// Every path change after this call.
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   an unread stream keeps every action since it subscribed, under 200 bytes each; see
    ///   <doc:StreamsAndOperators>).
    public func actions(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<NavigationAction> {
        _storage.subscribe(bufferingPolicy: bufferingPolicy, transform: { $0.action })
    }

    /// The displayed path now (``path``), then after each change: the base stack's paths,
    /// then each presentation's route and stack.
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   an unread stream keeps every path since it subscribed, about 25 bytes each plus
    ///   the characters of a path longer than 15 bytes; see <doc:StreamsAndOperators>).
    public func paths(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<String> {
        _storage.subscribe(
            bufferingPolicy: bufferingPolicy,
            initial: { [$0.state.displayedPath] },
            transform: { event in
                guard case .completed(_, _, let action?) = event else { return nil }
                return action.currentPath
            }
        )
    }

    /// The current state and last action, then both after each navigation that completes,
    /// as one value each: a reader never sees a `lastAction` newer than the state.
    func snapshots(bufferingPolicy: BufferingPolicy) -> SubjectStream<RouterSnapshot<Route>> {
        // The transform runs under the router's lock for every event, in order, so it can
        // follow the last action even when the buffer drops events.
        let last = _Locked<NavigationAction?>(nil)
        return _storage.subscribe(
            bufferingPolicy: bufferingPolicy,
            initial: { storage in
                last.withLock { $0 = storage.lastAction }
                return [RouterSnapshot(state: storage.state, lastAction: storage.lastAction, generation: 0)]
            },
            transform: { event in
                guard case .completed(let request, let state, let action) = event else { return nil }
                let lastAction = last.withLock { last in
                    if let action { last = action }
                    return last
                }
                return RouterSnapshot(state: state, lastAction: lastAction, generation: request.id + 1)
            }
        )
    }

    /// The current state, then the state after each navigation that changed it (save it
    /// here to persist the stack; ``StatePublisher``). A navigation that left the state as
    /// it was (a repeated push ignored, a back with nothing to pop, a replace with the same
    /// routes, which keeps their entries) publishes nothing. States are not compared with
    /// `==` under the router's lock: a navigation that makes an equal state with new
    /// entries publishes it.
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   an unread stream keeps every state since it subscribed, about 100 bytes each, since
    ///   states share their storage; see <doc:StreamsAndOperators>).
    public func states(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<RouterState<Route>> {
        distinctStates(bufferingPolicy: bufferingPolicy, sameBase: { $0._isIdentical(to: $1) }, element: { $0 })
    }

    /// The current state read through `element`, then after each navigation that changed
    /// it: the state stream of the router and of what is built on it (a ``SplitRouter``).
    ///
    /// A navigation is skipped when `sameBase` says it left what `element` reads as it was:
    /// an O(1) identity check, run under the router's lock for every completed navigation,
    /// in order (so it follows the last state even when the buffer drops some), and only for
    /// this subscription. No route code runs there: states are never compared with `==`
    /// under the lock (a navigation that makes an equal state with new entries is
    /// published).
    /// - Parameters:
    ///   - sameBase: Whether two states give the same element without computing it.
    ///   - element: What the stream yields for a state.
    func distinctStates<Element: Sendable>(
        bufferingPolicy: BufferingPolicy,
        sameBase: @escaping @Sendable (RouterState<Route>, RouterState<Route>) -> Bool,
        element: @escaping @Sendable (RouterState<Route>) -> Element
    ) -> SubjectStream<Element> {
        let last = _Locked<RouterState<Route>?>(nil)
        return _storage.subscribe(
            bufferingPolicy: bufferingPolicy,
            initial: { storage in
                last.withLock { $0 = storage.state }
                return [element(storage.state)]
            },
            transform: { event in
                guard let state = event.state else { return nil }
                let skipped = last.withLock { last -> Bool in
                    defer { last = state }
                    return last.map { sameBase($0, state) } ?? false
                }
                return skipped ? nil : element(state)
            }
        )
    }

    /// Stream-shaped navigation (XRouter's `rx` bindings): a navigation as a stream that
    /// finishes or throws, a URL as a stream of one `Bool`.
    public var streams: RouterStreams<Route> {
        RouterStreams(router: self)
    }

    /// The navigations waiting for their turn, given up before it, with hooks running in a
    /// task a later navigation would cancel (``NavigationOptions/Concurrency/latestWins``), or
    /// awaiting an `async` URL mapping: 0 once every navigation has ended, whatever
    /// superseded it.
    @_spi(Testing) public var pendingNavigationCount: Int {
        _storage.read { $0.queue.waitingCount + ($0.runningHooks == nil ? 0 : 1) }
            + urlResolutions.withLock { $0.count }
    }

    /// The number of live streams of this router (for tests and diagnostics).
    @_spi(Testing) public var subscriberCount: Int {
        _storage.subscriberCount
    }

    /// The values waiting in the buffers of this router's live streams, summed: what unread
    /// streams hold (for tests and diagnostics).
    @_spi(Testing) public var bufferedElementCount: Int {
        _storage.bufferedElementCount
    }
}
