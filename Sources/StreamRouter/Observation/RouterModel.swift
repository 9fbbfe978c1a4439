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

    /// The pushed routes, bottom first.
    ///
    /// Setting it (as `NavigationStack(path:)` does) shows the new value at once and
    /// navigates the router: the navigation takes its turn in the router's queue at once
    /// (so sets run in the order they were made, among the router's other navigations),
    /// and what it does is decided at that turn, comparing the value set with the router's
    /// stack then:
    /// - a shorter prefix of it pops (``Router/navigateBack(_:)``);
    /// - a longer stack that extends it shows the extra routes
    ///   (``Router/navigate(to:)-([Route])``, each by its transition);
    /// - the same stack changes nothing;
    /// - anything else replaces the stack (``Router/replace(with:)``).
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
        set { setStack(newValue) }
    }

    /// The presented modal route, if any.
    ///
    /// Setting it (as `.sheet(item:)` does) shows the new value at once and navigates the
    /// router, decided at the navigation's turn as for ``stack``: `nil` dismisses
    /// (``Router/dismiss()``), the modal already presented changes nothing, another route is
    /// shown (``Router/navigate(to:)-(Route)``: presented when its transition is `.modal`).
    /// When a guard refuses, the model snaps back. Await ``settled()`` to know it is over.
    public var modal: Route? {
        get { shownModal }
        set { setModal(newValue) }
    }

    /// The stack as a path.
    public private(set) var path: String
    /// The last change of the displayed path, as of the state shown.
    public private(set) var lastAction: NavigationAction?
    /// What each watched pattern matches in ``path``; absent when it does not match.
    public private(set) var matches: [PathPattern: RouteInformation]

    private var shownStack: [Route]
    private var shownModal: Route?
    @ObservationIgnored private let patterns: [PathPattern]
    @ObservationIgnored private var subscription: SubscriptionToken?
    /// The navigation the last setter started, if any.
    @ObservationIgnored private var lastNavigation: Task<Void, Never>?
    /// The stack and modal the setters' navigations under way lead to, if they all succeed.
    @ObservationIgnored private var plannedStack: [Route]?
    @ObservationIgnored private var plannedModal: Route??
    @ObservationIgnored private var startedNavigations = 0
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
        let state = router.state
        shownStack = state.stack
        shownModal = state.modal
        path = state.displayedPath
        lastAction = router.lastAction
        matches = NavigatorModel.matches(of: patterns, in: state.displayedPath)
        subscription = SubscriptionToken(
            cancelling: Task { [weak self] in
                for await snapshot in snapshots {
                    guard let self else { return }
                    self.apply(snapshot)
                }
            })
    }

    /// Waits until the navigations started by setting ``stack`` or ``modal`` are over, and
    /// the model shows their outcome (the router's state, when a guard refused).
    public func settled() async {
        while let navigation = lastNavigation {
            await navigation.value
            if lastNavigation == navigation {
                lastNavigation = nil
            }
        }
    }

    private func setStack(_ newValue: [Route]) {
        guard newValue != shownStack else { return }
        shownStack = newValue
        let current = plannedStack ?? router.stack
        guard newValue != current else { return }
        plannedStack = newValue
        start(Self.operation(showing: newValue, from: current)) { Self.operation(showing: newValue, from: $0.stack) }
    }

    private func setModal(_ newValue: Route?) {
        guard newValue != shownModal else { return }
        shownModal = newValue
        let current = plannedModal ?? router.modal
        guard newValue != current else { return }
        plannedModal = .some(newValue)
        start(Self.operation(presenting: newValue, from: current)) {
            Self.operation(presenting: newValue, from: $0.modal)
        }
    }

    /// The operation that turns `stack` into `target`.
    private nonisolated static func operation(
        showing target: [Route], from stack: [Route]
    ) -> NavigationOperation<Route> {
        if target.count <= stack.count, stack.starts(with: target) {
            .back(count: stack.count - target.count)  // 0 when they are equal: no change
        } else if target.count > stack.count, target.starts(with: stack) {
            .navigate(to: Array(target[stack.count...]))
        } else {
            .replace(with: target)
        }
    }

    /// The operation that turns `modal` into `target`.
    private nonisolated static func operation(
        presenting target: Route?, from modal: Route?
    ) -> NavigationOperation<Route> {
        guard let target else { return .dismiss }
        return target == modal ? .back(count: 0) : .navigate(to: [target])
    }

    /// Takes the navigation's turn now (so setters navigate in the order they were called,
    /// among the router's other navigations) with `guess`, the operation against the state
    /// known now; runs it on a task, deciding the operation at its turn with `decide`; then
    /// shows the router's state: its outcome, or the state before it when a guard refused.
    private func start(
        _ guess: NavigationOperation<Route>,
        deciding decide: @escaping @Sendable (RouterState<Route>) -> NavigationOperation<Route>
    ) {
        let request = router.enqueue(guess, url: nil)
        startedNavigations += 1
        let number = startedNavigations
        lastNavigation = Task { [router] in
            _ = try? await router.run(request, deciding: decide)
            if number == self.startedNavigations {  // the last one started: nothing is planned
                self.plannedStack = nil
                self.plannedModal = nil
            }
            self.apply(router.currentSnapshot(after: request.id))
        }
    }

    private func apply(_ snapshot: RouterSnapshot<Route>) {
        guard snapshot.generation > appliedGeneration else { return }  // the model shows a newer one
        appliedGeneration = snapshot.generation
        let state = snapshot.state
        let stack = state.stack
        if shownStack != stack { shownStack = stack }
        if shownModal != state.modal { shownModal = state.modal }
        let path = state.displayedPath
        if self.path != path { self.path = path }
        if lastAction != snapshot.lastAction { lastAction = snapshot.lastAction }
        let current = NavigatorModel.matches(of: patterns, in: path)
        if matches != current { matches = current }
    }
}
