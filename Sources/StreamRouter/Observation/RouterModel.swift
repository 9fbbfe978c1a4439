import Observation

/// An `@Observable` mirror of a ``Router`` for UI code: the stack, the modal, the path, the
/// last path change, and what a set of patterns matches in the path.
///
/// ```swift
/// @MainActor
/// struct AppView: View {
///     let model: RouterModel<AppRoute>       // RouterModel(router: router)
///     var body: some View {
///         NavigationStack(path: .constant(model.stack)) { HomeView() }
///             .sheet(item: .constant(model.modal)) { ModalView(route: $0) }
///     }
/// }
/// ```
///
/// The model subscribes when created and updates on the main actor after every navigation
/// that changes the state. It stops when deallocated.
@MainActor
@Observable
public final class RouterModel<Route: RouteProvider> {
    /// The router this model mirrors; navigate through it.
    @ObservationIgnored public let router: Router<Route>

    /// The pushed routes, bottom first.
    public private(set) var stack: [Route]
    /// The presented modal route, if any.
    public private(set) var modal: Route?
    /// The stack as a path.
    public private(set) var path: String
    /// The last path change.
    public private(set) var lastAction: NavigationAction?
    /// What each watched pattern matches in ``path``; absent when it does not match.
    public private(set) var matches: [PathPattern: RouteInformation]

    @ObservationIgnored private let patterns: [PathPattern]
    @ObservationIgnored private var subscription: SubscriptionToken?

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
        let states = router.states(bufferingPolicy: bufferingPolicy)
        let state = router.state
        stack = state.stack
        modal = state.modal
        path = state.path
        lastAction = router.lastAction
        matches = NavigatorModel.matches(of: patterns, in: state.path)
        subscription = SubscriptionToken(
            cancelling: Task { [weak self] in
                for await state in states {
                    guard let self else { return }
                    self.apply(state)
                }
            })
    }

    private func apply(_ state: RouterState<Route>) {
        if stack != state.stack { stack = state.stack }
        if modal != state.modal { modal = state.modal }
        let path = state.path
        if self.path != path { self.path = path }
        let lastAction = router.lastAction
        if self.lastAction != lastAction { self.lastAction = lastAction }
        let current = NavigatorModel.matches(of: patterns, in: path)
        if matches != current { matches = current }
    }
}
