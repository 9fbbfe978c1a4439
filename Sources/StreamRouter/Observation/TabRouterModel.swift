import Observation

/// An `@Observable` mirror of a ``TabRouter`` for UI code: the selected tab (settable, for a
/// tab view's selection), every tab's stack and modal, and the app's path.
///
/// ```swift
/// // SwiftUI glue (not compiled on Linux):
/// // TabView(selection: Binding(get: { model.selectedTab }, set: { model.selectedTab = $0 })) { ... }
/// ```
///
/// Setting ``selectedTab`` selects the tab through the tab router at once (the model shows
/// it right away); setting the tab the model shows again (a re-tap) pops its stack to the
/// root, as tab bars do, while setting another tab never pops it, even when code selected
/// that tab meanwhile. The model subscribes when created, keeps only the newest state while the main actor
/// is busy, and stops when deallocated.
@MainActor
@Observable
public final class TabRouterModel<Tab: Hashable & Codable & Sendable, Route: RouteProvider> {
    /// The tab router this model mirrors; navigate through it.
    @ObservationIgnored public let tabRouter: TabRouter<Tab, Route>

    /// The selected tab. Setting it selects the tab through the tab router (a tab view's
    /// selection binding writes here); setting the tab shown pops it to its root.
    public var selectedTab: Tab {
        get { selected }
        set { select(newValue) }
    }
    /// Each tab's stack and modal, and what is presented above the tabs.
    public private(set) var state: TabRouterState<Tab, Route>
    /// The app's path: the selected tab's displayed path, then what is presented above the tabs.
    public private(set) var path: String
    /// The confirmation a navigation of the tab router waits for
    /// (``TabRouter/pendingConfirmation``): show the app's dialog while it is set. While one
    /// is pending, a write of ``presented`` that waits reads back the tab router's state (the
    /// sheet the user tried to dismiss), until the answer.
    public private(set) var pendingConfirmation: PendingConfirmation<Route>?

    private var selected: Tab
    /// The tab a setter asked for, until a state showing it arrives: older states, still
    /// buffered, must not move the selection back in between.
    @ObservationIgnored private var requested: Tab?
    /// How many selections and presentation writes the setters started: a setter's
    /// navigation that ends lets the model follow the tab router again only when no later
    /// one was started.
    @ObservationIgnored private var selections = 0
    @ObservationIgnored private var presentationWrites = 0
    @ObservationIgnored private var pending: Task<Void, Never>?
    @ObservationIgnored private var subscription: SubscriptionToken?
    @ObservationIgnored private var confirmationSubscription: SubscriptionToken?

    /// Mirrors `tabRouter`.
    /// - Parameters:
    ///   - tabRouter: The tab router to mirror.
    ///   - bufferingPolicy: The buffer between the tab router and the main actor; by default
    ///     only the newest state is kept.
    public init(tabRouter: TabRouter<Tab, Route>, bufferingPolicy: BufferingPolicy = .bufferingNewest(1)) {
        self.tabRouter = tabRouter
        let states = tabRouter.states(bufferingPolicy: bufferingPolicy)
        let state = tabRouter.state
        self.state = state
        selected = state.selected
        path = TabHub<Tab, Route>.path(
            state[state.selected], above: RouterState(stack: [], presentations: state.aboveTabs))
        let confirmations = tabRouter.pendingConfirmations()
        pendingConfirmation = tabRouter.pendingConfirmation
        subscription = .applying(states, to: self) { $0.apply($1) }
        confirmationSubscription = .applying(confirmations, to: self) { model, confirmation in
            if model.pendingConfirmation != confirmation { model.pendingConfirmation = confirmation }
            if confirmation != nil, model.presentedWrite != nil { model.presentedWrite = nil }
        }
    }

    /// The stack of `tab`, bottom first.
    public func stack(of tab: Tab) -> [Route] {
        state[tab].stack
    }

    /// Waits until the navigation the last setter started has ended (for tests, and for
    /// code that must act after a selection took effect).
    public func settled() async {
        await pending?.value
    }

    /// The route presented above the tabs on top, if any, for a `.fullScreenCover(item:)`
    /// (or `.sheet(item:)`) over the tab view.
    ///
    /// Setting it reads back as written at once, and navigates: `nil` dismisses the topmost
    /// presentation above the tabs (``TabRouter/dismiss()``), a route is presented above the
    /// tabs (``TabRouter/present(_:)``), the route already there changes nothing. When that
    /// navigation completes, is refused or is superseded, the model follows the tab router
    /// again.
    public var presented: Route? {
        get { presentedWrite ?? state.aboveTabs.last?.route }
        set { present(newValue) }
    }

    /// What was written to ``presented`` and is still being navigated to.
    private var presentedWrite: Route??

    private func present(_ route: Route?) {
        guard route != presented else { return }
        presentedWrite = .some(route)
        presentationWrites += 1
        let write = presentationWrites
        let tabRouter = tabRouter
        let previous = pending
        pending = Task {
            await previous?.value
            if let route {
                try? await tabRouter.present(route)
            } else if !tabRouter.presentations.isEmpty {
                try? await tabRouter.dismiss()
            }
            if self.presentationWrites == write { self.presentedWrite = nil }
        }
    }

    /// Selects `tab` after the selections set before it. Setting the tab the model shows is
    /// a re-tap and pops that tab to its root; setting another tab only selects it, so when
    /// code selected that tab meanwhile, its stack is kept (decided by the tab router when
    /// the selection runs, ``TabRouter/select(_:popsToRoot:)``).
    private func select(_ tab: Tab) {
        let isRetap = selected == tab
        if !isRetap {
            selected = tab
        }
        requested = tab
        selections += 1
        let selection = selections
        let tabRouter = tabRouter
        let previous = pending
        pending = Task {
            await previous?.value
            try? await tabRouter.select(tab, popsToRoot: isRetap)
            // The selection ran (a refused re-tap publishes no state, and a newer state may
            // have replaced the one showing it): follow the tab router again.
            guard self.selections == selection else { return }
            self.requested = nil
            let selected = tabRouter.selectedTab
            if self.selected != selected { self.selected = selected }
        }
    }

    private func apply(_ state: TabRouterState<Tab, Route>) {
        if self.state != state { self.state = state }
        if let requested {
            if state.selected == requested {
                self.requested = nil
            }
        } else if selected != state.selected {
            selected = state.selected
        }
        let path = TabHub<Tab, Route>.path(
            state[state.selected], above: RouterState(stack: [], presentations: state.aboveTabs))
        if self.path != path { self.path = path }
    }
}
