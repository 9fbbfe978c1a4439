import Foundation
import Synchronization

/// The navigation of a tab app: one ``Router`` per tab, each keeping its own stack, a
/// selected tab, deep links that switch to the tab their route belongs to, and every tab's
/// events in one stream (go_router's `StatefulShellRoute`, Android's multiple back stacks).
///
/// ```swift
/// enum AppTab: String, CaseIterable, Codable, Sendable { case home, search, profile }
///
/// let app = TabRouter<AppTab, AppRoute>(tabs: AppTab.allCases, selected: .home) { route in route.tab }
/// try await app.navigate(to: .product(id: 3))      // on the selected tab
/// try await app.select(.search)                     // .home keeps its stack
/// let handled = await app.openURL(url)              // selects the route's tab, shows it there
/// for await event in app.events { print(event.tab, event.event) }
/// ```
///
/// - Each tab's router is a plain ``Router``: navigate on it directly with
///   ``router(for:)``; its events still reach ``events``. ``addGuard(named:deadline:_:)``
///   and ``addLoader(named:deadline:_:)`` add one to every tab and to what is presented
///   above the tabs (``present(_:)``); a tab's own router takes guards of its own.
/// - The verbs a ``Router`` offers act on the topmost level: what is presented above the
///   tabs while something is, else the selected tab.
/// - Selecting the selected tab again pops its stack to the root, as tab bars do
///   (``select(_:popsToRoot:)`` with `popsToRoot: false` selects without popping).
/// - The app's path (``paths``, ``actions``) is the selected tab's displayed path followed by
///   what is presented above the tabs: a navigation on the selected tab or above the tabs
///   changes it, and so does selecting a tab whose path differs (published as a `.push`
///   from the old tab's path to the new one's). ``state``, ``states``, ``events`` and the
///   saved tree include what is presented above the tabs.
///
/// > Note: Thread-safe. Every tab's events go through the tab router's own lock in the
/// > critical section that publishes them, so every subscriber of ``events`` sees one
/// > total order across tabs, in which each tab's events keep their own order. A tab
/// > router's lock is only ever taken after a router's, never before.
public final class TabRouter<Tab: Hashable & Codable & Sendable, Route: RouteProvider>: PathPublisher, StatePublisher,
    StatePersisting, RouterSurface
{
    /// The tabs, in the order given.
    public let tabs: [Tab]
    /// The URL groups ``openURL(_:)`` matches against.
    public let urlMatchers: URLMatcherGroup<Route>?
    /// The limits every tab's router applies.
    public let policy: InputPolicy
    /// The options every tab's router (and what is presented above the tabs) was made with.
    public let options: NavigationOptions

    private let tabOf: @Sendable (Route) -> Tab?
    let hub: ObservableState<TabHub<Tab, Route>, TabHubEvent<Tab, Route>>
    private let routers: _Locked<[Tab: Router<Route>]>
    /// The routers of the tabs given at creation, at their tab's position.
    @usableFromInline let _routersByPosition: [Router<Route>]
    /// The selected tab's position, stored under the hub's lock at each selection and read
    /// without it: the shared verbs find the selected tab's router on every navigation, and
    /// a read of the hub there (generic code, not specialised) cost a navigation on a tab a
    /// quarter more than one on a plain router (the `tab-router` Benchmarks row).
    @usableFromInline let _selectedPosition: Atomic<Int>
    let persistence: _StatePersistence<TabRouterState<Tab, Route>>?
    /// The tree read from the store, until ``restore()`` applies it through the guards.
    let savedState = _Locked<TabRouterState<Tab, Route>?>(nil)
    /// The restoration started at creation through the guards given to the initialiser.
    let startedRestoration = _Locked<Task<PersistenceEvent, Never>?>(nil)
    /// The guards given to the initialiser: registered on every tab, including the tabs
    /// ``router(for:)`` makes later.
    private let creationGuards: [NavigationGuard<Route>]
    /// The tab given as `selected:` at creation (the selected tab of a `state:` given), which
    /// ``resetAllTabs()`` selects again, whatever tab a store restored.
    private let initialSelection: Tab
    /// The router of what is presented above the tabs (``present(_:)``): its base stack is
    /// always empty, its presentations cover every tab.
    @usableFromInline let _aboveTabs: Router<Route>
    /// The guards and loaders ``addGuard(named:deadline:_:)`` and
    /// ``addLoader(named:deadline:_:)`` added above the tabs, by the ids they gave.
    private let addedHooks = _Locked<[[Tab: NavigationGuardID]: AddedHook]>([:])

    /// A guard or loader added on the tab router: how to add it to a router (a tab that
    /// ``router(for:)`` makes later gets it too), and its ids above the tabs and on those tabs.
    private final class AddedHook: Sendable {
        let add: @Sendable (Router<Route>) -> NavigationGuardID
        let aboveTabs: NavigationGuardID
        let laterTabs = _Locked<[Tab: NavigationGuardID]>([:])

        init(add: @escaping @Sendable (Router<Route>) -> NavigationGuardID, aboveTabs: NavigationGuardID) {
            self.add = add
            self.aboveTabs = aboveTabs
        }
    }
    /// The links held by ``holdURLs(expiringAfter:)``; released, each opens after the one
    /// held before it.
    let urlHold = _URLHold()

    /// Creates a tab router whose tabs all start with an empty stack.
    ///
    /// - Parameters:
    ///   - tabs: The tabs (duplicates are ignored).
    ///   - selected: The tab selected at first.
    ///   - urlMatchers: The URLs ``openURL(_:)`` opens; `Route.registerURLs()` by default.
    ///   - policy: The limits every tab's router applies.
    ///   - options: The options of every tab's router (and of what is presented above the
    ///     tabs): each supersedes and ignores repeated pushes within its own queue.
    ///   - tabOf: The tab a deep-linked route belongs to; `nil` for the selected tab.
    public convenience init(
        tabs: [Tab],
        selected: Tab,
        urlMatchers: URLMatcherGroup<Route>? = Route.registerURLs(),
        policy: InputPolicy = .standard,
        options: NavigationOptions = NavigationOptions(),
        _ tabOf: @escaping @Sendable (Route) -> Tab?
    ) {
        self.init(
            tabs: tabs, state: TabRouterState(selected: selected), persistence: nil,
            urlMatchers: urlMatchers, policy: policy, options: options, guards: [], tabOf: tabOf
        )
    }

    /// Creates a tab router showing `state`: the selected tab, each tab's stack and
    /// presentations, and what is presented above the tabs (a tab of `state` not among `tabs`
    /// waits until ``router(for:)`` makes it).
    ///
    /// - Parameters:
    ///   - tabs: The tabs (duplicates are ignored).
    ///   - state: The tree shown at first.
    ///   - urlMatchers: The URLs ``openURL(_:)`` opens; `Route.registerURLs()` by default.
    ///   - policy: The limits every tab's router applies (a longer stack keeps its top routes).
    ///   - options: The options of every tab's router.
    ///   - tabOf: The tab a deep-linked route belongs to; `nil` for the selected tab.
    public convenience init(
        tabs: [Tab],
        state: TabRouterState<Tab, Route>,
        urlMatchers: URLMatcherGroup<Route>? = Route.registerURLs(),
        policy: InputPolicy = .standard,
        options: NavigationOptions = NavigationOptions(),
        _ tabOf: @escaping @Sendable (Route) -> Tab?
    ) {
        self.init(
            tabs: tabs, state: state, persistence: nil, urlMatchers: urlMatchers, policy: policy, options: options,
            guards: [], tabOf: tabOf)
    }

    /// Creates a tab router that keeps the whole tree (the selected tab and every stack) in
    /// `store`, as one versioned value: it restores the saved tree (see ``Restoration``), and
    /// saves the tree after every change.
    ///
    /// ```swift
    /// let restored = TabRouter<AppTab, AppRoute>(tabs: AppTab.allCases, selected: .home, store: store) { $0.tab }
    /// let guarded = TabRouter<AppTab, AppRoute>(
    ///     tabs: AppTab.allCases, selected: .home, store: store, guards: [auth]
    /// ) { $0.tab }
    /// ```
    ///
    /// Without guards and at creation (the default), the saved tree is the tab router's state
    /// when this returns. With `guards` (registered on every tab first), each saved stack is
    /// its tab's first navigation, through them, taken in turn here and run at once in a task
    /// of its own; the saved tab is selected after them, and ``restore()`` awaits the outcome.
    /// Readers see every tab empty and `selected` selected until the guards allow a stack.
    /// With ``Restoration/throughGuards`` the same happens when you call ``restore()``.
    ///
    /// When the store holds nothing, or data that cannot be used (corrupt, truncated, from
    /// another format version, too large, with a stack longer than the policy allows or a
    /// route whose path it rejects), every tab starts empty with `selected` selected, the
    /// reason is reported on ``StatePersisting/persistenceEvents``, and the store is left untouched until
    /// the first change. A restored selected tab that is not among `tabs` falls back to
    /// `selected`; a saved stack of a tab not among `tabs` (one the app adds at run time)
    /// is kept, and saved again, until ``router(for:)`` makes that tab and shows it there.
    /// Saving runs in the background, coalesced; ``StatePersisting/flush()`` writes at once.
    /// - Parameters:
    ///   - tabs: The tabs (duplicates are ignored).
    ///   - selected: The tab selected when nothing is restored.
    ///   - store: Where the tree is kept.
    ///   - restoring: When the saved tree is applied: at creation (the default) or by
    ///     ``restore()``.
    ///   - guards: Guards registered on every tab's router before the tree is restored, in
    ///     order (and on each tab ``router(for:)`` makes later); none by default.
    ///   - urlMatchers: The URLs ``openURL(_:)`` opens; `Route.registerURLs()` by default.
    ///   - policy: The limits every tab's router applies, and the limits on restoring.
    ///   - options: The options of every tab's router (and of what is presented above the
    ///     tabs).
    ///   - tabOf: The tab a deep-linked route belongs to; `nil` for the selected tab.
    public convenience init(
        tabs: [Tab],
        selected: Tab,
        store: any NavigationStateStore,
        restoring: Restoration = .atCreation,
        guards: [NavigationGuard<Route>] = [],
        urlMatchers: URLMatcherGroup<Route>? = Route.registerURLs(),
        policy: InputPolicy = .standard,
        options: NavigationOptions = NavigationOptions(),
        _ tabOf: @escaping @Sendable (Route) -> Tab?
    ) {
        let persistence = _StatePersistence<TabRouterState<Tab, Route>>(
            store: store, version: Self.stateVersion, maximumBytes: policy.maximumStateBytes,
            maximumEntries: policy.maximumHistoryEntries
        ) { state in
            for routerState in state.stacks.values {
                try Router<Route>.validateRestored(routerState, policy: policy)
            }
            try Router<Route>.validateRestored(RouterState(stack: [], presentations: state.aboveTabs), policy: policy)
        }
        let (saved, event) = persistence.read()
        var state = TabRouterState<Tab, Route>(selected: selected)
        let showsNow = restoring == .atCreation && guards.isEmpty
        if showsNow, let saved {
            state = saved
            if !tabs.contains(state.selected) {
                state.selected = selected
            }
        }
        self.init(
            tabs: tabs, state: state, initialSelection: selected, persistence: persistence,
            urlMatchers: urlMatchers, policy: policy, options: options, guards: guards, tabOf: tabOf
        )
        if showsNow, saved != nil {
            for router in _routersByPosition + [_aboveTabs] {
                router._storage.update { storage, _ in storage.shownBy = .restoration }
            }
        }
        for tab in self.tabs {
            Self.register(guards, on: router(for: tab))
        }
        Self.register(guards, on: _aboveTabs)
        guard let saved, !showsNow else {
            persistence.record(event)
            return
        }
        if restoring == .atCreation {
            startRestoring(saved)
        } else {
            savedState.withLock { $0 = saved }
        }
    }

    private init(
        tabs: [Tab],
        state: TabRouterState<Tab, Route>,
        initialSelection: Tab? = nil,
        persistence: _StatePersistence<TabRouterState<Tab, Route>>?,
        urlMatchers: URLMatcherGroup<Route>?,
        policy: InputPolicy,
        options: NavigationOptions,
        guards: [NavigationGuard<Route>],
        tabOf: @escaping @Sendable (Route) -> Tab?
    ) {
        self.options = options
        var unique: [Tab] = []
        for tab in tabs + [state.selected] where !unique.contains(tab) {
            unique.append(tab)
        }
        self.tabs = unique.filter { tabs.contains($0) }
        self.urlMatchers = urlMatchers
        self.policy = policy
        self.tabOf = tabOf
        self.persistence = persistence
        creationGuards = guards
        self.initialSelection = initialSelection ?? state.selected
        _aboveTabs = Router<Route>(
            state: RouterState(stack: [], presentations: state.aboveTabs), urlMatchers: urlMatchers, policy: policy,
            options: options)
        let routers = unique.map {
            Router<Route>(state: state[$0], urlMatchers: urlMatchers, policy: policy, options: options)
        }
        var initial = TabHub<Tab, Route>(
            tabs: unique, stacks: routers.map(\.state),
            selectedIndex: unique.firstIndex(of: state.selected) ?? 0
        )
        initial.waitingStacks = state.stacks.filter { !unique.contains($0.key) }
        initial.aboveTabs = _aboveTabs.state
        hub = ObservableState(initial)
        self.routers = _Locked(Dictionary(zip(unique, routers), uniquingKeysWith: { first, _ in first }))
        _routersByPosition = routers
        _selectedPosition = Atomic(unique.firstIndex(of: state.selected) ?? 0)
        for (position, router) in routers.enumerated() {
            Self.relay(router, at: position, of: unique[position], to: hub)
        }
        _aboveTabs._storage.relay(to: hub, changesState: { _ in false }, Self.relayAboveTabs)
        startSaving()
    }

    deinit {
        hub.finish()
    }

    /// The format version of the saved tree.
    static var stateVersion: Int { 1 }

    /// Publishes every event of `router` on the hub, tagged with `tab`, keeping the hub's
    /// copy of the tab's state (at `position`) and the app's path up to date.
    private static func relay(
        _ router: Router<Route>,
        at position: Int,
        of tab: Tab,
        to hub: ObservableState<TabHub<Tab, Route>, TabHubEvent<Tab, Route>>
    ) {
        // While nobody subscribes to the tab router, nothing is relayed: its copies of the
        // tabs' states are refreshed when a subscription that needs them is made (`tracking`).
        router._storage.relay(to: hub, changesState: { _ in false }, relayBody(position: position, tab: tab))
    }

    /// Applies one of `tab`'s router events to the hub, and publishes it when anyone listens.
    private static func relayBody(
        position: Int, tab: Tab
    ) -> @Sendable (RouterEvent<Route>, inout TabHub<Tab, Route>, Bool, (TabHubEvent<Tab, Route>) -> Void) -> Void {
        { event, hub, isObserved, publish in
            var action: NavigationAction?
            var changed = false
            if case .completed(_, let state, let change) = event {
                let previous = hub.stacks[position]
                changed = !state._isIdentical(to: previous)
                hub.stacks[position] = state
                if changed { hub.changeCount += 1 }
                if position == hub.selectedIndex, let change {
                    // Under what is presented above the tabs, the app's path ends with it.
                    action =
                        hub.aboveTabs._hasPresentations
                        ? TabHub<Tab, Route>.action(
                            from: (previous, hub.aboveTabs), to: (state, hub.aboveTabs), kind: change.action)
                        : change
                }
            }
            hub.noteConfirmation(of: event, at: position)
            guard isObserved else { return }
            var relayed = TabHubEvent<Tab, Route>(routerEvent: TabRouterEvent(tab: tab, event: event))
            relayed.action = action
            if changed {
                relayed.changed = hub
            }
            publish(relayed)
        }
    }

    /// Applies one event of what is presented above the tabs to the hub, and publishes it
    /// (tagged with the selected tab) when anyone listens.
    private static func relayAboveTabs(
        _ event: RouterEvent<Route>, _ hub: inout TabHub<Tab, Route>, _ isObserved: Bool,
        _ publish: (TabHubEvent<Tab, Route>) -> Void
    ) {
        do {
            var action: NavigationAction?
            var changed = false
            if case .completed(_, let state, let change) = event {
                let previous = hub.aboveTabs
                changed = !state._isIdentical(to: previous)
                hub.aboveTabs = state
                if changed { hub.changeCount += 1 }
                if let change {
                    let selected = hub.stacks[hub.selectedIndex]
                    action = TabHub<Tab, Route>.action(
                        from: (selected, previous), to: (selected, state), kind: change.action)
                }
            }
            hub.noteConfirmation(of: event, at: TabHub<Tab, Route>.aboveTabsKey)
            guard isObserved else { return }
            var revealed: RouterState<Route>?
            if case .completed(_, let state, _) = event, !state._hasPresentations {
                revealed = hub.stacks[hub.selectedIndex]
            }
            var relayed = TabHubEvent<Tab, Route>(
                routerEvent: TabRouterEvent(tab: hub.selected, event: event, isAboveTabs: true, revealed: revealed))
            relayed.action = action
            if changed {
                relayed.changed = hub
            }
            publish(relayed)
        }
    }

    // MARK: - Reading

    /// The selected tab.
    public var selectedTab: Tab {
        hub.read { $0.selected }
    }

    /// The selected tab's position.
    @inlinable var _selectedIndex: Int {
        _selectedPosition.load(ordering: .acquiring)
    }

    /// The selected tab, every tab's stack and modal, and what is presented above the tabs.
    /// Each tab's state is one consistent snapshot of its router; the tabs are read one after
    /// the other (the ``states`` stream gives the whole tree in one total order with the
    /// events).
    public var state: TabRouterState<Tab, Route> {
        let (selected, tabs) = hub.read { ($0.selected, $0.tabs) }
        var stacks: [Tab: RouterState<Route>] = [:]
        for tab in tabs {
            stacks[tab] = router(for: tab).state
        }
        return TabRouterState(selected: selected, stacks: stacks, aboveTabs: _aboveTabs.presentations)
    }

    /// The app's path: the selected tab's displayed path, followed by what is presented
    /// above the tabs.
    public var path: String {
        TabHub<Tab, Route>.path(selectedRouter.state, above: _aboveTabs.state)
    }

    /// The router of `tab`: each tab keeps its own stack. Navigating on it directly is
    /// published on ``events`` too.
    ///
    /// A tab not among ``tabs`` (one added at run time, such as a list loaded from a server)
    /// gets a router of its own the first time it is asked for; it is never selected unless
    /// ``select(_:popsToRoot:)`` selects it. The guards given to the initialiser are
    /// registered on it too. When the store held a stack for that tab, the stack waits (and
    /// is saved again with the tree) until this call makes the tab, which then shows it: at
    /// once when no guard, loader or leave condition is registered (given to the initialiser,
    /// or added with ``addGuard(named:deadline:_:)``, ``addLoader(named:deadline:_:)`` or
    /// ``addLeaveCondition(for:prompt:_:)``), else through them, as a
    /// ``NavigationOperation/restore(_:)`` navigation run on a task of its own (published on
    /// ``events``).
    public func router(for tab: Tab) -> Router<Route> {
        let (router, waiting) = routers.withLock { routers -> (Router<Route>, RouterState<Route>?) in
            if let router = routers[tab] {
                return (router, nil)
            }
            let waiting = hub.update { hub, _ in hub.waitingStacks.removeValue(forKey: tab) }
            let showsNow = creationGuards.isEmpty && addedHooks.withLock { $0.isEmpty }
            let router = Router<Route>(
                state: showsNow ? waiting ?? RouterState() : RouterState(), urlMatchers: urlMatchers, policy: policy,
                options: options)
            if showsNow, waiting != nil {
                router._storage.update { storage, _ in storage.shownBy = .restoration }
            }
            Self.register(creationGuards, on: router)
            for hook in addedHooks.withLock({ Array($0.values) }) {
                hook.laterTabs.withLock { $0[tab] = hook.add(router) }
            }
            // Nobody else holds the new router yet: reading it under the hub's lock is safe.
            let position = hub.update { hub, publish in
                hub.tabs.append(tab)
                hub.stacks.append(router.state)
                if showsNow, waiting != nil {
                    // The saved stack shown at once is a change of the tree, published and saved.
                    hub.changeCount += 1
                    publish(TabHubEvent(changed: hub))
                }
                return hub.tabs.count - 1
            }
            Self.relay(router, at: position, of: tab, to: hub)
            recordNewTab(router, tab: tab)
            routers[tab] = router
            return (router, showsNow ? nil : waiting)
        }
        if let waiting {
            let restoration = router.beginRestoring(waiting)
            Task.detached { await router.finishRestoring(restoration) }
        }
        return router
    }

    /// Registers `guards` on `router`, in order.
    private static func register(_ guards: [NavigationGuard<Route>], on router: Router<Route>) {
        for added in guards {
            router.addGuard(named: added.name, deadline: added.deadline, added.check)
        }
    }

    /// Keeps `stack`, saved for `tab`, until ``router(for:)`` makes that tab; when the tab
    /// has a router already, returns it instead.
    func keepWaiting(_ stack: RouterState<Route>, for tab: Tab) -> Router<Route>? {
        routers.withLock { routers in
            if let router = routers[tab] {
                return router
            }
            hub.update { hub, _ in hub.waitingStacks[tab] = stack }
            return nil
        }
    }

    /// The router of the selected tab.
    @inlinable
    public var selectedRouter: Router<Route> {
        let position = _selectedIndex
        guard position < _routersByPosition.count else {
            return router(for: selectedTab)  // a tab added after creation
        }
        return _routersByPosition[position]
    }

    // MARK: - Navigating

    /// Selects `tab`. Selecting the tab already selected pops its stack to the root, as tab
    /// bars do (through its guards), unless `popsToRoot` is `false`.
    ///
    /// ```swift
    /// try await app.select(.search)                         // a tap on the tab bar: a re-tap pops
    /// try await app.select(.inbox, popsToRoot: false)       // from code (a notification): keeps the stack
    /// ```
    /// - Parameters:
    ///   - tab: The tab to select.
    ///   - popsToRoot: Whether selecting the tab already selected pops it to its root; `true`
    ///     by default (a re-tap on a tab bar). Code that only wants the tab shown passes `false`.
    /// - Throws: ``NavigationError`` when a guard refuses that pop; the selection stands.
    public func select(_ tab: Tab, popsToRoot: Bool = true) async throws(NavigationError) {
        try await select(tab, popsToRoot: popsToRoot, source: .inApp)
    }

    /// ``select(_:popsToRoot:)`` on behalf of a navigation from `source` (a link that
    /// switches tabs, a restored tree): the screen view of the switch carries it.
    func select(_ tab: Tab, popsToRoot: Bool, source: NavigationSource) async throws(NavigationError) {
        let target = router(for: tab)
        let isReselection = hub.update { hub, publish in
            guard hub.selected != tab, let position = hub.tabs.firstIndex(of: tab) else { return true }
            let previous = hub.stacks[hub.selectedIndex]
            hub.selectedIndex = position
            _selectedPosition.store(position, ordering: .releasing)
            hub.changeCount += 1
            let current = hub.stacks[position]
            var event = TabHubEvent<Tab, Route>(selection: tab, selectionSource: source, changed: hub)
            event.action = TabHub<Tab, Route>.action(
                from: (previous, hub.aboveTabs), to: (current, hub.aboveTabs), kind: .push)
            publish(event)
            hub.journal?.recordSelection(tab)
            return false
        }
        if isReselection, popsToRoot {
            try await target.navigateToRoot()
        }
    }

    // MARK: - Above the tabs

    /// Whether anything is presented above the tabs (read without building the list).
    @inlinable var _isPresentingAboveTabs: Bool {
        _aboveTabs._storage.read { $0.state._hasPresentations }
    }

    /// What is presented above the tabs (a compose screen shown over every tab), bottom
    /// first; empty when nothing is.
    public var presentations: [Presentation<Route>] {
        _aboveTabs.presentations
    }

    /// Presents `route` above the tabs, by its transition: a `.sheet` or `.fullScreen`
    /// route (or `.modal`) is presented over every tab (over what is presented there
    /// already); a route that pushes goes where ``navigate(to:)-(Self.Route)`` puts it.
    ///
    /// ```swift
    /// try await app.present(.compose)          // above every tab, with a stack of its own
    /// try await app.navigate(to: .pane("a"))   // pushed inside it
    /// try await app.dismiss()
    /// ```
    ///
    /// What is presented above the tabs is part of the tree: the guards and loaders added
    /// with ``addGuard(named:deadline:_:)`` and ``addLoader(named:deadline:_:)`` (and given
    /// at creation) run there, its events are on ``events`` (``TabRouterEvent/isAboveTabs``),
    /// it is in ``state``, ``states``, ``path`` and ``paths``, and it is saved with the tree.
    /// - Throws: ``NavigationError`` when a guard cancels it; nothing changes then.
    public func present(_ route: Route) async throws(NavigationError) {
        guard route.transition.presentationStyle != nil else {
            try await navigate(to: route)
            return
        }
        try await _aboveTabs.navigate(to: route)
    }

    /// The router of the topmost level, which the verbs act on: what is presented above the
    /// tabs while something is, else the selected tab's.
    @_spi(StreamRouterInternals) @inlinable public var _verbsRouter: Router<Route> {
        _isPresentingAboveTabs ? _aboveTabs : selectedRouter
    }

    /// Replaces the selected tab's tree with `routes` (see ``Router/replace(with:)``) and
    /// dismisses what is presented above the tabs, in one change of the screen on show (see
    /// ``openURL(_:)``).
    /// - Throws: ``NavigationError`` when a guard on either side refuses; nothing changes then.
    public func replace(with routes: [Route]) async throws(NavigationError) {
        let target = selectedRouter
        try await changeBelowTabs(running: target._enqueue(.replace(with: routes), url: nil), on: target)
    }

    /// Empties every tab (each tab's presentations dismissed, its stack popped to the
    /// root, through its guards), dismisses everything presented above the tabs, forgets
    /// the saved stacks of tabs not made yet, and selects the tab given as `selected:` at
    /// creation: a sign-out.
    /// - Throws: The first ``NavigationError`` a guard answered; the other tabs are reset
    ///   all the same.
    public func resetAllTabs() async throws(NavigationError) {
        let forgotten = hub.update { hub, _ -> (TabRouterState<Tab, Route>, Int)? in
            guard !hub.waitingStacks.isEmpty else { return nil }
            hub.waitingStacks = [:]
            hub.changeCount += 1
            return (hub.savedState, hub.changeCount)
        }
        if let persistence, let (saved, generation) = forgotten {
            persistence.save(generation: generation) { saved }
        }
        var refusal: NavigationError?
        do {
            try await _aboveTabs.dismissAll()
        } catch {
            refusal = error
        }
        for tab in hub.read({ $0.tabs }) {
            do {
                try await router(for: tab).navigateToRoot()
            } catch {
                refusal = refusal ?? error
            }
        }
        try? await select(initialSelection, popsToRoot: false)
        if let refusal { throw refusal }
    }

    /// Opens a deep link: the tab the route belongs to (the initialiser's closure; `nil`
    /// for the selected tab) shows the route on its kept stack (a `.sheet` route presented
    /// there, with its own stack) and becomes the selected one, and what was presented above
    /// the tabs is dismissed. The tab's guards run first, then those of the dismissal; the tab
    /// commits and is selected while the presentation still covers it, and the dismissal
    /// commits last, so the screen on show changes once, to the link's screen. A link refused
    /// by the guards on either side changes nothing anywhere. A presented route the closure
    /// maps to no tab (`nil`) is presented above the tabs instead. Returns `false` as ``Router/openURL(_:)`` does,
    /// with the reason published on that tab's events (and so on ``events``); the
    /// selection then does not change.
    ///
    /// A link mapped to an action (``URLPathMapper/mapAction(_:accepting:_:)``) takes its turn
    /// on the topmost level, as the verbs do, and selects no tab.
    ///
    /// While ``holdURLs(expiringAfter:)`` is in effect, a URL that may open waits, as for
    /// ``Router/openURL(_:)``; its expiry and cancellation are published on the selected
    /// tab's events.
    @discardableResult
    public func openURL(_ url: URL) async -> Bool {
        await openURL(url, source: .link)
    }

    /// Opens a deep link as ``openURL(_:)`` does, from `source` (see
    /// ``Router/openURL(_:source:)``).
    /// - Returns: `true` when the link was handled.
    @discardableResult
    public func openURL(_ url: URL, source: NavigationSource) async -> Bool {
        if urlHold.isHolding {
            return await openURLWhileHolding(url, source: source)
        }
        return await openNow(url, source: source)
    }

    /// ``openURL(_:)`` without a hold. One lookup decides the tab and opens the link, and
    /// the mapping closure runs once: its route (a stack's last route) picks the tab. An
    /// action's link takes its turn on the topmost level, as the verbs do.
    private func openNow(_ url: URL, source: NavigationSource) async -> Bool {
        let opener = selectedRouter
        guard let found = opener._reportingMappingFound(for: url) else { return false }
        if case .tab = urlMatchers?._mappings[found.mapping] {
            return await selectLinkedTab(url, found, reporter: opener, source: source)
        }
        let routes: [Route]
        let replacesStack: Bool
        switch await opener._opening(url, found) {
        case .success(.routes(let shown, let replaces)):
            (routes, replacesStack) = (shown, replaces)
        case .success(let action):
            return await _verbsRouter._open(url, .success(action), source: source)
        case .failure(let reason):
            opener._publishNotHandled(url, reason)
            return false
        }
        let operation = Router<Route>._linkOperation(routes, replacesStack)
        // A link that presents first (one presented route, or a stack that starts with one)
        // is presented where its first route belongs: on its tab, or above the tabs.
        let decisive = routes.first?.transition.presentationStyle != nil ? routes.first : routes.last
        let mappedTab = decisive.flatMap(tabOf)
        if let decisive, mappedTab == nil, decisive.transition.presentationStyle != nil {
            return await _aboveTabs._finishOpening(url, _aboveTabs._enqueue(operation, url: url, source: source))
        }
        let tab = mappedTab ?? selectedTab
        let target = router(for: tab)
        do {
            try await changeBelowTabs(
                running: target._enqueue(operation, url: url, source: source), on: target, selecting: tab,
                source: source)
            return true
        } catch {
            target._publishNotHandled(url, .navigationFailed(error))
            return false
        }
    }

    /// The tab of the `mapTab` link `found`, or why there is none: the closure threw, or
    /// gave a value that is not one of this router's tabs.
    private func linkedTab(_ found: (mapping: Int, match: MatchedURL)) -> Result<Tab, URLNotHandledReason> {
        guard case .tab(let tab) = urlMatchers?._mappings[found.mapping] else { return .failure(.noURLsRegistered) }
        let value: any Hashable & Sendable
        do {
            value = try tab(found.match)
        } catch {
            return .failure(URLMatcherGroup<Route>._reason(for: error, in: found.match))
        }
        guard let tab = value as? Tab, hub.read({ $0.tabs.contains(tab) }) else {
            return .failure(.mappingFailed(pattern: found.match.pattern, error: URLAsyncMappingError.selectsTab))
        }
        return .success(tab)
    }

    /// Opens a `mapTab` link: dismisses what is above the tabs (through its guards), then
    /// selects the tab, keeping its stack.
    private func selectLinkedTab(
        _ url: URL, _ found: (mapping: Int, match: MatchedURL), reporter: Router<Route>, source: NavigationSource
    ) async -> Bool {
        let tab: Tab
        switch linkedTab(found) {
        case .success(let linked):
            tab = linked
        case .failure(let reason):
            reporter._publishNotHandled(url, reason)
            return false
        }
        do {
            try await changeBelowTabs(running: nil, on: selectedRouter, selecting: tab, source: source)
            return true
        } catch {
            reporter._publishNotHandled(url, .navigationFailed(error))
            return false
        }
    }

    /// A change of the tabs that also dismisses what is presented above them: `request` (a
    /// navigation of `target`, already enqueued) and the selection of `tab`. `request`'s
    /// guards run first, then the dismissal's; then `request` commits and `tab` is selected
    /// while the presentation still covers them, and the dismissal commits last: the screen
    /// on show changes once, and a refusal on either side changes nothing anywhere.
    private func changeBelowTabs(
        running request: NavigationRequest<Route>?, on target: Router<Route>,
        selecting tab: Tab? = nil, source: NavigationSource = .inApp
    ) async throws(NavigationError) {
        let select = { @Sendable [self] () async in
            if let tab { try? await self.select(tab, popsToRoot: false, source: source) }
        }
        guard _isPresentingAboveTabs else {
            if let request { try await target._run(request) }
            await select()
            return
        }
        let above = _aboveTabs
        let dismissal: Router<Route>._AroundCommit = { commit throws(NavigationError) in
            try await above._run(
                above._enqueue(.dismissAll, url: nil, source: source),
                aroundCommit: { commitDismissal throws(NavigationError) in
                    try commit()
                    await select()
                    try commitDismissal()
                })
        }
        if let request {
            try await target._run(request, aroundCommit: dismissal)
        } else {
            try await dismissal {}
        }
    }

    /// The canonical link of `route` (see ``URLMatcherGroup/url(for:)``): for a share
    /// button, Handoff or an App Intent; `nil` when no mapping makes one that opens it.
    public func url(for route: Route) -> URL? {
        urlMatchers?.url(for: route)
    }

    /// Whether ``openURL(_:)`` would handle `url` were no guard to refuse it (see
    /// ``Router/canOpen(_:)``): synchronous, navigates nowhere.
    public func canOpen(_ url: URL) -> Bool {
        if let found = try? selectedRouter._mappingFound(for: url), case .tab = urlMatchers?._mappings[found.mapping] {
            return (try? linkedTab(found).get()) != nil
        }
        return selectedRouter.canOpen(url)
    }

    // MARK: - Holding links

    /// Holds the deep links opened from now on until ``releaseURLs()`` (see
    /// ``Router/holdURLs(expiringAfter:)``); expiry is measured on the selected tab's
    /// router's ``Router/guardClock`` as it is now.
    /// - Parameter expiry: How long each link is kept after it was opened.
    public func holdURLs(expiringAfter expiry: Duration) {
        urlHold.hold(expiringAfter: expiry, limit: selectedRouter.policy.maximumHeldURLs, on: selectedRouter.guardClock)
    }

    /// Ends the hold and opens the held links in order: each one as ``openURL(_:)`` opens a
    /// link (selecting its tab, through that tab's guards), after the one held before it
    /// has finished. Each waiting ``openURL(_:)`` then returns whether its link was handled.
    /// Does nothing when no hold is in effect.
    public func releaseURLs() {
        urlHold.relay(urlHold.release().map { ($0.id, nil) })
    }

    /// The links held and waiting, oldest first.
    public var heldURLs: [URL] {
        urlHold.urls
    }

    /// ``openURL(_:)`` while a hold is in effect.
    private func openURLWhileHolding(_ url: URL, source: NavigationSource) async -> Bool {
        let reporter = selectedRouter
        guard reporter._reportingMappingFound(for: url) != nil else { return false }
        switch await urlHold.waitWhileHeld(url, found: nil, source: source) {
        case .notHeld:
            return await openNow(url, source: source)
        case .released(_, var holdsTurn):
            defer { if holdsTurn { urlHold.handOn() } }
            guard !Task.isCancelled else {
                selectedRouter._publishNotHandled(url, .navigationFailed(.taskCancelled))
                return false
            }
            // The links released after one whose mapping is awaited do not wait for the
            // network: it opens once resolved, as `openURL` opens it.
            if holdsTurn, let found = try? reporter._mappingFound(for: url), reporter._isAwaitedMapping(found) {
                urlHold.handOn()
                holdsTurn = false
            }
            return await openNow(url, source: source)
        case .expired:
            selectedRouter._publishNotHandled(url, .expired)
            return false
        case .cancelled:
            selectedRouter._publishNotHandled(url, .navigationFailed(.taskCancelled))
            return false
        case .refused(let limit):
            selectedRouter._publishNotHandled(url, .tooManyHeld(limit: limit))
            return false
        }
    }

    /// Adds the same guard to every tab's router (those ``router(for:)`` makes later too) and
    /// to what is presented above the tabs (see ``Router/addGuard(named:deadline:_:)``).
    /// - Returns: Each tab's guard id, for ``removeGuard(_:)`` (or ``Router/removeGuard(_:)``
    ///   on one tab's router).
    @discardableResult
    public func addGuard(
        named name: String? = nil,
        deadline: Duration? = nil,
        _ check: @escaping @Sendable (PendingNavigation<Route>) async throws -> GuardDecision<Route>
    ) -> [Tab: NavigationGuardID] {
        addHook { $0.addGuard(named: name, deadline: deadline, check) }
    }

    /// Adds the same loader to every tab's router (those ``router(for:)`` makes later too) and
    /// to what is presented above the tabs (see ``Router/addLoader(named:deadline:_:)``).
    /// - Returns: Each tab's id, for ``removeGuard(_:)``.
    @discardableResult
    public func addLoader(
        named name: String,
        deadline: Duration? = nil,
        _ load: nonisolated(nonsending) @escaping @Sendable (Route) async throws -> (any Sendable)?
    ) -> [Tab: NavigationGuardID] {
        addHook { $0.addLoader(named: name, deadline: deadline, load) }
    }

    /// Asks the user before an entry of `route` leaves, on every tab and above the tabs (see
    /// ``Router/addLeaveCondition(for:prompt:_:)``).
    /// - Parameters:
    ///   - route: The route whose entries ask.
    ///   - prompt: What the dialog shows.
    ///   - needsConfirmation: Whether leaving needs the user's answer now.
    /// - Returns: Each tab's id, for ``removeGuard(_:)``.
    @discardableResult
    public func addLeaveCondition(
        for route: Route, prompt: any Sendable, _ needsConfirmation: @escaping @Sendable () -> Bool
    ) -> [Tab: NavigationGuardID] {
        addHook { $0.addLeaveCondition(for: route, prompt: prompt, needsConfirmation) }
    }

    /// Removes a guard or loader that ``addGuard(named:deadline:_:)`` or
    /// ``addLoader(named:deadline:_:)`` added, from every tab and from above the tabs.
    /// - Parameter ids: What the call that added it returned.
    public func removeGuard(_ ids: [Tab: NavigationGuardID]) {
        for (tab, id) in ids {
            router(for: tab).removeGuard(id)
        }
        // Under the routers' lock, which a tab's creation holds: no later tab gets the hook.
        guard let hook = routers.withLock({ _ in addedHooks.withLock { $0.removeValue(forKey: ids) } }) else { return }
        _aboveTabs.removeGuard(hook.aboveTabs)
        for (tab, id) in hook.laterTabs.withLock({ $0 }) {
            router(for: tab).removeGuard(id)
        }
    }

    /// Adds a hook with `add` to every tab's router (those ``router(for:)`` makes later too)
    /// and above the tabs.
    private func addHook(_ add: @escaping @Sendable (Router<Route>) -> NavigationGuardID) -> [Tab: NavigationGuardID] {
        var ids: [Tab: NavigationGuardID] = [:]
        for tab in tabs {
            ids[tab] = add(router(for: tab))
        }
        let hook = AddedHook(add: add, aboveTabs: add(_aboveTabs))
        // Under the routers' lock, which a tab's creation holds: each later tab gets the hook once.
        routers.withLock { routers in
            for (tab, router) in routers where ids[tab] == nil {
                hook.laterTabs.withLock { $0[tab] = add(router) }
            }
            addedHooks.withLock { $0[ids] = hook }
        }
        return ids
    }

    /// The value a loader gave for the topmost displayed entry holding `route` (see
    /// ``Router/loaded(_:for:)``): above the tabs first, then on the selected tab.
    /// - Parameters:
    ///   - type: The type of the value.
    ///   - route: The route it was loaded for.
    /// - Returns: The value, or `nil`.
    public func loaded<Value>(_ type: Value.Type, for route: Route) -> Value? {
        _aboveTabs.loaded(type, for: route) ?? selectedRouter.loaded(type, for: route)
    }

    // MARK: - Streams

    /// The selected tab, then each change, with an unbounded buffer.
    public var selections: SubjectStream<Tab> {
        selections()
    }

    /// The selected tab, then each change.
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   an unread stream keeps every selection since it subscribed, a tab each).
    public func selections(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<Tab> {
        hub.subscribe(bufferingPolicy: bufferingPolicy, initial: { [$0.selected] }, transform: { $0.selection })
    }

    /// Every tab's router events after this property is read, tagged with their tab, in one
    /// total order, with an unbounded buffer.
    public var events: SubjectStream<TabRouterEvent<Tab, Route>> {
        events()
    }

    /// Every tab's router events after this call, tagged with their tab, in one total order.
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   an unread stream keeps every event, about 460 bytes per navigation; see
    ///   <doc:StreamsAndOperators>).
    public func events(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<TabRouterEvent<Tab, Route>> {
        // Tracking: a dismissal above the tabs names the selected tab's screen from the copies.
        tracking { hub.subscribe(bufferingPolicy: bufferingPolicy, transform: { $0.routerEvent }) }
    }

    /// Every change of the app's path (the selected tab's path) after this property is read.
    public var actions: SubjectStream<NavigationAction> {
        actions()
    }

    /// Every change of the app's path after this call.
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   an unread stream keeps every action since it subscribed, under 200 bytes each).
    public func actions(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<NavigationAction> {
        tracking { hub.subscribe(bufferingPolicy: bufferingPolicy, transform: { $0.action }) }
    }

    /// The app's path now, then after each change.
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   an unread stream keeps every path since it subscribed, about 25 bytes each plus
    ///   the path's text).
    public func paths(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<String> {
        tracking {
            hub.subscribe(
                bufferingPolicy: bufferingPolicy, initial: { [$0.path] }, transform: { $0.action?.currentPath })
        }
    }

    /// The whole tree now, then after each change (a navigation on any tab, a selection;
    /// ``StatePublisher``).
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   an unread stream keeps every tree since it subscribed, about 255 bytes each, the
    ///   trees sharing their unchanged parts).
    public func states(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<TabRouterState<Tab, Route>> {
        tracking {
            hub.subscribe(bufferingPolicy: bufferingPolicy, initial: { [$0.state] }, transform: { $0.changed?.state })
        }
    }

    /// Makes a subscription whose elements read the tab router's copies of the tabs'
    /// states (`states`, `actions`, `paths`, `events`): first a placeholder subscription, so that every
    /// router relays its events from now on; then each copy is refreshed from its router,
    /// under that router's lock (the order relays take the locks in, so no relayed state is
    /// overwritten by an older one); then the subscription itself, whose first element reads
    /// the fresh copies.
    func tracking<Stream>(_ subscribe: () -> Stream) -> Stream {
        let placeholder = hub.subscribe(bufferingPolicy: .bufferingNewest(0), transform: { _ in Int?.none })
        let tabs = hub.read { $0.tabs }
        for (position, tab) in tabs.enumerated() {
            let router = router(for: tab)
            router._storage.read { routerStorage in
                hub.update { hub, _ in
                    hub.stacks[position] = routerStorage.state
                    hub.confirmations[position] = routerStorage.confirmation
                }
            }
        }
        _aboveTabs._storage.read { routerStorage in
            hub.update { hub, _ in
                hub.aboveTabs = routerStorage.state
                hub.confirmations[TabHub<Tab, Route>.aboveTabsKey] = routerStorage.confirmation
            }
        }
        let stream = subscribe()
        withExtendedLifetime(placeholder) {}
        return stream
    }

    // MARK: - Persistence

    /// The persistence behind ``StatePersisting``'s accessors (``StatePersisting/restoration``,
    /// ``StatePersisting/persistenceEvents``); `nil` for a tab router made without a store.
    @_spi(StreamRouterInternals) public var _persistence: _PersistenceHandle? {
        persistence?.handle
    }

    /// Writes the latest tree to the store now, on the calling thread, when it changed since
    /// launch; returns once it is written. Call it when the app is about to terminate, and in
    /// tests before reading the store.
    public func flush() {
        persistence?.flush()
    }

    /// Saves the tree after each change, on a task of its own: the hub publishes the new
    /// state, the task records it (the newest only) for the background writer. A flush
    /// (this router's, or a restore's from the same store) records the latest tree first.
    private func startSaving() {
        guard let persistence else { return }
        persistence.flushes(recordingLatestWith: { [weak self, weak persistence] in
            guard let self, let persistence else { return }
            let (state, generation) = self.hub.read { ($0.savedState, $0.changeCount) }
            if generation > 0 {
                persistence.save(generation: generation) { state }
            }
        })
        let states = tracking {
            hub.subscribe(bufferingPolicy: .bufferingNewest(1)) { event in
                event.changed.map { (state: $0.savedState, generation: $0.changeCount) }
            }
        }
        Task.detached(priority: .utility) {
            for await (state, generation) in states {
                persistence.save(generation: generation) { state }
            }
        }
    }
}
