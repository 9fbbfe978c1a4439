import Observation

/// An `@Observable` mirror of a ``Router`` for UI code: the stack, the modal, the path, the
/// last path change, and what a set of patterns matches in the path. ``stack`` and
/// ``modal`` are settable, for `NavigationStack(path:)` and `.sheet(item:)`: setting them
/// navigates through the router (guards run).
///
/// The SwiftUI glue (not compiled on Linux, so no test mirrors it):
///
/// ```swift
/// @MainActor
/// struct AppView: View {
///     @Bindable var model: RouterModel<AppRoute>       // RouterModel(router: router)
///     var body: some View {
///         NavigationStack(path: $model.stack) { HomeView() }   // a swipe-back pops
///             .sheet(item: $model.modal) { ModalView(route: $0) }   // a swipe-down dismisses
///     }
/// }
/// ```
///
/// The model subscribes when created and updates on the main actor after every navigation
/// that changes the state; it applies each state together with the ``lastAction`` current
/// at that state, never a newer one, and never a state older than the one it shows (a
/// buffered state that arrives after a setter's navigation showed a newer one is skipped).
/// It stops when deallocated.
@MainActor
@Observable
public final class RouterModel<Route: RouteProvider> {
    /// The router this model mirrors; navigate through it.
    @ObservationIgnored public let router: Router<Route>

    /// The base stack's routes, bottom first (level 0 of ``subscript(stackAt:)``).
    ///
    /// Setting it (as `NavigationStack(path:)` does) shows the new value at once and
    /// navigates the router: the navigation takes its turn in the router's queue at once
    /// (so sets run in the order they were made, among the router's other navigations),
    /// and what it does is decided at that turn, comparing the value set with the router's
    /// base stack then:
    /// - a shorter prefix of it pops (``Router/navigateBack(_:)``);
    /// - a longer stack that extends it shows the extra routes
    ///   (``Router/navigate(to:)-([Route])``, each by its transition);
    /// - the same stack changes nothing;
    /// - anything else replaces the stack (``Router/replace(with:)``).
    ///
    /// While something is presented at that turn, a change is a rebuild that keeps the
    /// presentations shown (see ``subscript(stackAt:)``).
    ///
    /// So a swipe back to `[a]` pops to `[a]` even when a navigation queued before it pushed
    /// another route meanwhile. The navigation's `.started` event shows the operation as
    /// guessed when the value was set; its later events, guards and journal entry, the one
    /// decided at its turn.
    ///
    /// When a guard refuses, the model snaps back to the router's state. Await
    /// ``settled()`` to know the navigation is over.
    public var stack: [Route] {
        get { shownStack }
        set { self[stackAt: 0] = newValue }
    }

    /// The topmost presentation's route, if any.
    ///
    /// Setting it (as `.sheet(item:)` does) shows the new value at once and navigates the
    /// router, decided at the navigation's turn as for ``stack``: `nil` dismisses the
    /// topmost presentation (``Router/dismiss()``), the route already presented changes
    /// nothing, another route is shown (``Router/navigate(to:)-(Route)``: presented over
    /// everything when its transition presents). When a guard refuses, the model snaps back.
    /// Await ``settled()`` to know it is over. For sheets over sheets, bind each level with
    /// ``subscript(presentedAt:)`` instead.
    public var modal: Route? {
        get { shownPresentations.last?.route }
        set { setModal(newValue) }
    }

    /// The presentations over the base stack, bottom first, as of the state shown.
    public var presentations: [Presentation<Route>] { shownPresentations }

    /// The stack of one level of the tree, for a `NavigationStack(path:)` at that level:
    /// level 0 is the base stack (``stack``), level `n` the stack inside the `n`-th
    /// presentation; empty for a level that is not shown.
    ///
    /// ```swift
    /// NavigationStack(path: $model[stackAt: 1]) { ... }   // inside the first sheet
    /// ```
    ///
    /// Setting it shows the new value at once and navigates, decided at the navigation's
    /// turn from the router's state then: at the topmost level, as ``stack`` describes (a
    /// pop, a push of the extra routes, or nothing); at a level below the topmost, or for a
    /// change that is neither a pop nor a push, the whole tree is rebuilt with that level's
    /// new stack in one ``Router/replace(with:)`` (the base stack, then each presentation's
    /// route and stack, in order, shown by their transitions: the levels above stay shown,
    /// in new entries, so a caller awaiting the result of one of them gets `nil`). A level
    /// that is not shown at the turn changes nothing.
    public subscript(stackAt level: Int) -> [Route] {
        get {
            if level == 0 { return shownStack }
            return shownPresentations.indices.contains(level - 1) ? shownPresentations[level - 1].stack : []
        }
        set {
            guard level >= 0, level <= shownPresentations.count, newValue != self[stackAt: level] else { return }
            if level == 0 {
                shownStack = newValue
            } else {
                shownPresentations[level - 1].stack = newValue
            }
            start(.stack(level: level, newValue))
        }
    }

    /// The route presented at one level of the tree, for a `.sheet(item:)` (or
    /// `.fullScreenCover(item:)`) at the level below: level `n` is the `n`-th presentation
    /// (level 1 is presented over the base stack); `nil` when that level is not shown.
    ///
    /// ```swift
    /// HomeView().sheet(item: $model[presentedAt: 1]) { SheetView(route: $0) }
    /// ```
    ///
    /// Setting it shows the new value at once and navigates, decided at the navigation's
    /// turn: `nil` dismisses that level and every level above it (``Router/dismiss()`` for
    /// the topmost, ``Router/dismissAll()`` for level 1, else a rebuild of the levels below
    /// as for ``subscript(stackAt:)``); the route already there changes nothing; a route
    /// for the level just above the topmost is shown (``Router/navigate(to:)-(Route)``);
    /// another route replaces that level (a rebuild).
    public subscript(presentedAt level: Int) -> Route? {
        get { shownPresentations.indices.contains(level - 1) ? shownPresentations[level - 1].route : nil }
        set {
            guard level >= 1, level <= shownPresentations.count + 1, newValue != self[presentedAt: level] else {
                return
            }
            if let newValue {
                shownPresentations =
                    Array(shownPresentations.prefix(level - 1)) + [Self.shownPresentation(of: newValue)]
            } else {
                shownPresentations = Array(shownPresentations.prefix(level - 1))
            }
            start(.presented(level: level, newValue))
        }
    }

    /// The displayed path (``Router/path``): the base stack's, then each presentation's.
    public private(set) var path: String
    /// The last change of the displayed path, as of the state shown.
    public private(set) var lastAction: NavigationAction?
    /// What each watched pattern matches in ``path``; absent when it does not match.
    public private(set) var matches: [PathPattern: RouteInformation]
    /// The confirmation a navigation of the router waits for (``Router/pendingConfirmation``):
    /// show the app's dialog while it is set, and answer it.
    ///
    /// When the navigation that waits is one a binding's setter started (a swipe back, a
    /// swipe-down of a sheet), the model shows the router's state again at once: the screen
    /// the user tried to leave is back on show while they are asked, and
    /// ``PendingConfirmation/proceed()`` then performs exactly the pop or dismissal they made.
    public private(set) var pendingConfirmation: PendingConfirmation<Route>?

    private var shownStack: [Route]
    private var shownPresentations: [Presentation<Route>]
    @ObservationIgnored private let patterns: [PathPattern]
    @ObservationIgnored private var subscription: SubscriptionToken?
    @ObservationIgnored private var confirmationSubscription: SubscriptionToken?
    /// The ids of the navigations the setters started and that have not ended.
    @ObservationIgnored private var startedRequests: Set<UInt64> = []
    /// The navigation the last setter started, if any.
    @ObservationIgnored private var lastNavigation: Task<Void, Never>?
    /// The generation of the newest snapshot applied: an older one, still in the stream's
    /// buffer or handed to its loop, is not applied after it.
    @ObservationIgnored private var appliedGeneration: UInt64 = 0

    /// Mirrors `router`, and what each of `patterns` matches in its path.
    /// - Parameters:
    ///   - router: The router to mirror.
    ///   - patterns: The patterns whose matches ``matches`` holds.
    ///   - bufferingPolicy: The buffer between the router and the main actor. By default
    ///     only the newest state is kept: a model shows the current state, so while the
    ///     main actor is busy, intermediate states are skipped rather than piling up.
    public init(
        router: Router<Route>,
        watching patterns: [PathPattern] = [],
        bufferingPolicy: BufferingPolicy = .bufferingNewest(1)
    ) {
        self.router = router
        self.patterns = patterns
        let snapshots = router.snapshots(bufferingPolicy: bufferingPolicy)
        let confirmations = router.pendingConfirmations()
        let state = router.state
        shownStack = state.stack
        shownPresentations = state.presentations
        let path = state.displayedPath
        self.path = path
        lastAction = router.lastAction
        matches = NavigatorModel.matches(of: patterns, in: path)
        pendingConfirmation = router.pendingConfirmation
        subscription = .applying(snapshots, to: self) { $0.apply($1) }
        confirmationSubscription = .applying(confirmations, to: self) { $0.applyConfirmation($1) }
    }

    /// Waits until the navigations started by setting a binding (``stack``, ``modal``,
    /// ``subscript(stackAt:)``, ``subscript(presentedAt:)``) are over, and
    /// the model shows their outcome (the router's state, when a guard refused).
    public func settled() async {
        while let navigation = lastNavigation {
            await navigation.value
            if lastNavigation == navigation {
                lastNavigation = nil
            }
        }
    }

    private func setModal(_ newValue: Route?) {
        guard newValue != modal else { return }
        if let newValue {
            shownPresentations.append(Self.shownPresentation(of: newValue))
        } else {
            shownPresentations.removeLast()
        }
        start(.modal(newValue))
    }

    /// How the model shows `route` presented until the router's state arrives.
    private static func shownPresentation(of route: Route) -> Presentation<Route> {
        Presentation(route, style: route.transition.presentationStyle ?? .sheet)
    }

    /// Takes the navigation's turn now (so setters navigate in the order they were called,
    /// among the router's other navigations), with the operation `target` asks of the state
    /// known now; runs it on a task, deciding the operation again at its turn; then shows
    /// the router's state: its outcome, or the state before it when a guard refused.
    private func start(_ target: BindingTarget<Route>) {
        let request = router._enqueue(target.operation(in: router.state), url: nil)
        startedRequests.insert(request.id)
        lastNavigation = Task { [router] in
            _ = try? await router._run(request, deciding: { target.operation(in: $0) })
            self.startedRequests.remove(request.id)
            self.apply(router.currentSnapshot(after: request.id))
            // The last write's navigation ended: the levels follow the router again (a newer
            // snapshot may have been applied while the write waited, its levels not shown).
            if self.startedRequests.isEmpty { self.showLevels(of: router.state) }
        }
    }

    /// Shows a confirmation (or its end); when a setter's navigation waits for it, shows the
    /// router's state again, under the dialog.
    private func applyConfirmation(_ confirmation: PendingConfirmation<Route>?) {
        if pendingConfirmation != confirmation { pendingConfirmation = confirmation }
        guard let confirmation, startedRequests.contains(confirmation.request.id) else { return }
        showLevels(of: router.state)
    }

    /// Shows the stack and presentations of `state` (what the bindings read).
    private func showLevels(of state: RouterState<Route>) {
        let stack = state.stack
        if shownStack != stack { shownStack = stack }
        let presentations = state.presentations
        if shownPresentations != presentations { shownPresentations = presentations }
    }

    private func apply(_ snapshot: RouterSnapshot<Route>) {
        guard snapshot.generation > appliedGeneration else { return }  // the model shows a newer one
        appliedGeneration = snapshot.generation
        let state = snapshot.state
        // A binding's write reads back as written while its navigation waits.
        if startedRequests.isEmpty { showLevels(of: state) }
        let path = state.displayedPath
        if self.path != path { self.path = path }
        if lastAction != snapshot.lastAction { lastAction = snapshot.lastAction }
        let current = NavigatorModel.matches(of: patterns, in: path)
        if matches != current { matches = current }
    }
}
