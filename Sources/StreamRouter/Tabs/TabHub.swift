/// What a ``TabRouter`` keeps behind its own lock: every tab, a copy of each tab's state
/// (kept up to date by the routers' relayed events while anyone subscribes to the tab
/// router, so the whole tree is read in one critical section, without taking any router's
/// lock), and the selected tab.
///
/// Tabs are kept by position, so a relayed event updates its tab's state with an array
/// store, not a dictionary update: this runs on every navigation.
struct TabHub<Tab: Hashable & Codable & Sendable, Route: RouteProvider>: Sendable {
    /// Every tab with a router, in order.
    var tabs: [Tab]
    /// Each tab's state, at its tab's position.
    var stacks: [RouterState<Route>]
    /// The position of the selected tab.
    var selectedIndex: Int
    /// How many times the tree changed since launch: the generation of each saved state.
    var changeCount = 0
    /// What records the tab router's journal, while it records.
    var journal: TabJournalRecorder<Tab, Route>?
    /// Saved stacks of tabs that have no router yet (tabs added at run time, such as a list
    /// loaded from a server): each waits here, and is saved again with the tree, until
    /// ``TabRouter/router(for:)`` first makes its tab.
    var waitingStacks: [Tab: RouterState<Route>] = [:]
    /// What is presented above the tabs (its base stack always empty).
    var aboveTabs = RouterState<Route>()
    /// The confirmation each router's navigation waits for, by the tab's position
    /// (``aboveTabsKey`` for what is presented above the tabs): kept up to date, as the
    /// states are, while anyone subscribes, each from its own router only.
    var confirmations: [Int: PendingConfirmation<Route>] = [:]

    /// The key of what is presented above the tabs in ``confirmations``.
    static var aboveTabsKey: Int { -1 }

    /// The confirmation pending, as ``TabRouter/pendingConfirmation`` reads it: above the
    /// tabs first, then on the selected tab, then on any other.
    var confirmation: PendingConfirmation<Route>? {
        confirmations[Self.aboveTabsKey] ?? confirmations[selectedIndex] ?? confirmations.values.first
    }

    /// The selected tab.
    var selected: Tab { tabs[selectedIndex] }

    /// Follows the confirmations a relayed event of the router at `key` asks or ends.
    mutating func noteConfirmation(of event: RouterEvent<Route>, at key: Int) {
        switch event {
        case .confirmationRequested(let asked): confirmations[key] = asked
        case .confirmationEnded(let ended, _) where confirmations[key] == ended: confirmations[key] = nil
        default: break
        }
    }

    /// The path the app shows: the selected tab's displayed path, then what is presented
    /// above the tabs.
    var path: String { Self.path(stacks[selectedIndex], above: aboveTabs) }

    /// The app's path when `tab` shows its displayed path with `above` presented over it.
    static func path(_ tab: RouterState<Route>, above: RouterState<Route>) -> String {
        let base = tab.displayedPath
        guard above._hasPresentations else { return base }
        return base == "/" ? above.displayedPath : base + above.displayedPath
    }

    /// The change of the app's path from `previous` to `current` (each a tab's state and
    /// what is above the tabs), if it changed: the paths joined when read.
    static func action(
        from previous: (RouterState<Route>, RouterState<Route>), to current: (RouterState<Route>, RouterState<Route>),
        kind: NavigationAction.Action
    ) -> NavigationAction? {
        guard !current.0._hasSameDisplayedPath(as: previous.0) || !current.1._hasSameDisplayedPath(as: previous.1),
            path(current.0, above: current.1) != path(previous.0, above: previous.1)
        else { return nil }
        return NavigationAction(
            currentPath: { path(current.0, above: current.1) }, previousPath: { path(previous.0, above: previous.1) },
            action: kind)
    }

    /// The tree as a public value (builds a dictionary: O(tabs)).
    var state: TabRouterState<Tab, Route> {
        TabRouterState(
            selected: selected,
            stacks: Dictionary(zip(tabs, stacks), uniquingKeysWith: { first, _ in first }),
            aboveTabs: aboveTabs.presentations
        )
    }

    /// The tree as it is saved: ``state`` and the saved stacks still waiting for their tab.
    var savedState: TabRouterState<Tab, Route> {
        var saved = state
        for (tab, stack) in waitingStacks where saved.stacks[tab] == nil {
            saved.stacks[tab] = stack
        }
        return saved
    }
}

/// What a ``TabRouter``'s lock publishes: a tab's router event, a change of the app's path,
/// a change of selection, and the tree after a change.
struct TabHubEvent<Tab: Hashable & Codable & Sendable, Route: RouteProvider>: Sendable {
    var routerEvent: TabRouterEvent<Tab, Route>?
    /// The selected tab, when this event selected it.
    var selection: Tab?
    /// Where the selection came from, when this event selected a tab: a link's source when a
    /// link switched tabs, ``NavigationSource/restoration`` for a restored tree, else
    /// ``NavigationSource/inApp``.
    var selectionSource: NavigationSource?
    /// The change of the app's path (the selected tab's path), if any.
    var action: NavigationAction?
    /// The tree after the event, when it changed (a subscriber that wants it builds the
    /// public value from it).
    var changed: TabHub<Tab, Route>?
}
