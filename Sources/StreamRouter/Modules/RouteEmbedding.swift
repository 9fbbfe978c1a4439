/// How a feature module's routes are routes of the app: a module route becomes an app route
/// (`embed`), and an app route is a module route or not (`extract`). Declared once, by the
/// app, which knows both types; the module never sees the app's.
///
/// ```swift
/// enum AppRoute: RouteProvider {
///     case home
///     case profile(ProfileRoute)      // ProfileRoute comes from the profile module
/// }
///
/// let profile = RouteEmbedding<ProfileRoute, AppRoute>(module: "Profile", embed: AppRoute.profile) {
///     if case .profile(let route) = $0 { route } else { nil }
/// }
/// ```
///
/// Through it the app lifts the module's pieces: its URL group
/// (``URLMatcherGroup/module(_:through:)``), its guards and loaders
/// (``Router/addGuard(named:deadline:through:_:)``,
/// ``Router/addLoader(named:deadline:through:_:)``), and a handle its screens navigate with
/// in their own terms (``Router/scoped(to:)``).
///
/// `extract` must undo `embed`: `extract(embed(route)) == route` for every module route, and
/// `extract` gives `nil` for every app route that is not the module's.
public struct RouteEmbedding<ModuleRoute: RouteProvider, AppRoute: RouteProvider>: Sendable {
    /// The module's name, as conflicts between modules' links report it
    /// (``RouteConflict/modules``).
    public let module: String
    private let embedRoute: @Sendable (ModuleRoute) -> AppRoute
    private let extractRoute: @Sendable (AppRoute) -> ModuleRoute?

    /// An embedding of a module's routes in the app's.
    /// - Parameters:
    ///   - module: The module's name, for reports.
    ///   - embed: The app route of a module route (an enum case's constructor, such as
    ///     `AppRoute.profile`).
    ///   - extract: The module route an app route is, `nil` for an app route that is not
    ///     the module's.
    public init(
        module: String,
        embed: @escaping @Sendable (ModuleRoute) -> AppRoute,
        extract: @escaping @Sendable (AppRoute) -> ModuleRoute?
    ) {
        self.module = module
        embedRoute = embed
        extractRoute = extract
    }

    /// The app route of `route`.
    /// - Parameter route: A route of the module.
    /// - Returns: The app route it is.
    public func embed(_ route: ModuleRoute) -> AppRoute {
        embedRoute(route)
    }

    /// The module route `route` is, `nil` when it is not one of the module's.
    /// - Parameter route: A route of the app.
    /// - Returns: The module route, or `nil`.
    public func extract(_ route: AppRoute) -> ModuleRoute? {
        extractRoute(route)
    }

    /// A module's guard as a guard of the app's routes, with its name and deadline: it sees
    /// only the navigations that show one of the module's routes, in module terms, and its
    /// redirects are embedded (see ``Router/addGuard(named:deadline:through:_:)``). For the
    /// `guards:` of a router restoring a saved state, so that the module's guard protects
    /// the module's restored routes too.
    ///
    /// ```swift
    /// let router = Router<AppRoute>(store: store, guards: [profile.embed(signInGuard)])
    /// ```
    /// - Parameter moduleGuard: The module's guard.
    /// - Returns: The guard for the app's router.
    public func embed(_ moduleGuard: NavigationGuard<ModuleRoute>) -> NavigationGuard<AppRoute> {
        NavigationGuard(named: moduleGuard.name, deadline: moduleGuard.deadline, lift(moduleGuard.check))
    }
}

// MARK: - Module terms to app terms

extension RouteEmbedding {
    /// `operation` with each route embedded.
    func embed(_ operation: NavigationOperation<ModuleRoute>) -> NavigationOperation<AppRoute> {
        switch operation {
        case .navigate(let routes): .navigate(to: routes.map(embedRoute))
        case .back(let count): .back(count: count)
        case .backTo(let route): .backTo(embedRoute(route))
        case .toRoot: .toRoot
        case .replace(let routes): .replace(with: routes.map(embedRoute))
        case .dismiss: .dismiss
        case .dismissAll: .dismissAll
        case .restore(let state): .restore(embed(state))
        }
    }

    /// `state` with each route embedded.
    func embed(_ state: RouterState<ModuleRoute>) -> RouterState<AppRoute> {
        RouterState(
            stack: state.stack.map(embedRoute),
            presentations: state.presentations.map {
                Presentation(embedRoute($0.route), style: $0.style, stack: $0.stack.map(embedRoute))
            })
    }

    /// A module guard's decision as the app router takes it: a redirect embedded.
    func embed(_ decision: GuardDecision<ModuleRoute>) -> GuardDecision<AppRoute> {
        switch decision.kind {
        case .allow: .allow
        case .cancel(let reason): .cancel(reason)
        case .redirect(let operation): .redirect(embed(operation))
        case .confirm(let prompt): .confirm(prompt)
        }
    }
}

// MARK: - Lifted hooks

extension RouteEmbedding {
    /// A module's guard as an app router's: asked only about the navigations that show one
    /// of the module's routes, in module terms, its redirects embedded.
    func lift(
        _ check: @escaping @Sendable (PendingNavigation<ModuleRoute>) async throws -> GuardDecision<ModuleRoute>
    ) -> @Sendable (PendingNavigation<AppRoute>) async throws -> GuardDecision<AppRoute> {
        { pending in
            guard let seen = modulePending(pending) else { return .allow }
            return embed(try await check(seen))
        }
    }

    /// A module's loader as an app router's: run for the module's routes only.
    func lift(
        _ load: @escaping @Sendable (ModuleRoute) async throws -> (any Sendable)?
    ) -> @Sendable (AppRoute) async throws -> (any Sendable)? {
        { route in
            guard let own = extract(route) else { return nil }
            return try await load(own)
        }
    }
}

// MARK: - App terms to module terms

extension RouteEmbedding {
    /// `state` as the module sees it: its own routes only. Each level keeps the module's
    /// routes, in order; a presentation of a route that is not the module's is left out, and
    /// the module's routes pushed inside it join the level under it, so that every route of
    /// the module on show is in the module's state.
    func moduleState(_ state: RouterState<AppRoute>) -> RouterState<ModuleRoute> {
        var stack = state.stack.compactMap(extractRoute)
        var presentations: [Presentation<ModuleRoute>] = []
        for presentation in state.presentations {
            let own = presentation.stack.compactMap(extractRoute)
            if let route = extractRoute(presentation.route) {
                presentations.append(Presentation(route, style: presentation.style, stack: own))
            } else if presentations.isEmpty {
                stack += own
            } else {
                presentations[presentations.count - 1].stack += own
            }
        }
        return RouterState(stack: stack, presentations: presentations)
    }

    /// `operation` in module terms, its routes that are not the module's left out; `nil`
    /// when it names routes and none is the module's.
    func moduleOperation(_ operation: NavigationOperation<AppRoute>) -> NavigationOperation<ModuleRoute>? {
        switch operation {
        case .navigate(let routes):
            let own = routes.compactMap(extractRoute)
            return own.isEmpty && !routes.isEmpty ? nil : .navigate(to: own)
        case .replace(let routes):
            let own = routes.compactMap(extractRoute)
            return own.isEmpty && !routes.isEmpty ? nil : .replace(with: own)
        case .backTo(let route):
            return extractRoute(route).map { .backTo($0) }
        case .restore(let state):
            let own = moduleState(state)
            let hasRoutes = !state.stack.isEmpty || !state.presentations.isEmpty
            return own.stack.isEmpty && own.presentations.isEmpty && hasRoutes ? nil : .restore(own)
        case .back(let count): return .back(count: count)
        case .toRoot: return .toRoot
        case .dismiss: return .dismiss
        case .dismissAll: return .dismissAll
        }
    }

    /// Whether `operation` names one of the module's routes.
    func namesModuleRoute(_ operation: NavigationOperation<AppRoute>) -> Bool {
        switch operation {
        case .navigate(let routes), .replace(let routes): routes.contains { extractRoute($0) != nil }
        case .backTo(let route): extractRoute(route) != nil
        case .restore(let state):
            state.stack.contains { extractRoute($0) != nil }
                || state.presentations.contains {
                    extractRoute($0.route) != nil || $0.stack.contains { extractRoute($0) != nil }
                }
        case .back, .toRoot, .dismiss, .dismissAll: false
        }
    }

    /// `request` in module terms when it, or an operation it was redirected from, names one
    /// of the module's routes; `nil` otherwise. The routes and the operations it was
    /// redirected from that are not the module's are left out (a module navigation an app
    /// guard redirected to app routes only reads as `.navigate(to: [])`).
    func moduleRequest(_ request: NavigationRequest<AppRoute>) -> NavigationRequest<ModuleRoute>? {
        guard namesModuleRoute(request.operation) || request.redirectedFrom.contains(where: namesModuleRoute)
        else { return nil }
        return moduleRequestKeepingID(request)
    }

    /// `pending` as a module guard sees it, `nil` when it shows none of the module's routes.
    func modulePending(_ pending: PendingNavigation<AppRoute>) -> PendingNavigation<ModuleRoute>? {
        let destinations = pending.destinations.compactMap(extractRoute)
        guard !destinations.isEmpty, let request = moduleRequest(pending.request) else { return nil }
        return PendingNavigation(
            request: request, from: moduleState(pending.from), to: moduleState(pending.to),
            destinations: destinations)
    }

    /// `event` in module terms, `nil` when it is not the module's: the events of navigations
    /// whose request names one of its routes (or was redirected from one that does), and the
    /// values loaded for its routes.
    func moduleEvent(_ event: RouterEvent<AppRoute>) -> RouterEvent<ModuleRoute>? {
        switch event {
        case .started(let request):
            moduleRequest(request).map { .started($0) }
        case .redirected(let request, let target):
            moduleRequest(target).map { .redirected(moduleRequestKeepingID(request), to: $0) }
        case .completed(let request, let state, let action):
            moduleRequest(request).map { .completed($0, state: moduleState(state), action: action) }
        case .cancelled(let request, let error):
            moduleRequest(request).map { .cancelled($0, error) }
        case .failed(let request, let error):
            moduleRequest(request).map { .failed($0, error) }
        case .loaded(let request, let loader, let route):
            extractRoute(route).flatMap { route in
                moduleRequest(request).map { .loaded($0, loader: loader, route: route) }
            }
        case .confirmationRequested(let confirmation):
            moduleConfirmation(confirmation).map { .confirmationRequested($0) }
        case .confirmationEnded(let confirmation, let proceeded):
            moduleConfirmation(confirmation).map { .confirmationEnded($0, proceeded: proceeded) }
        case .urlNotHandled, .urlHandledByAction:
            nil
        }
    }

    /// `confirmation` in module terms (the same question: answering either answers both),
    /// `nil` when its navigation is not the module's.
    private func moduleConfirmation(
        _ confirmation: PendingConfirmation<AppRoute>
    ) -> PendingConfirmation<ModuleRoute>? {
        moduleRequest(confirmation.request).map {
            PendingConfirmation(
                request: $0, guardName: confirmation.guardName, prompt: confirmation.prompt,
                answer: confirmation.answer)
        }
    }

    /// `request` in module terms even when it names none of the module's routes (a request
    /// the app's guard redirected to one of them): such routes are left out.
    private func moduleRequestKeepingID(_ request: NavigationRequest<AppRoute>) -> NavigationRequest<ModuleRoute> {
        let operation = moduleOperation(request.operation) ?? .navigate(to: [])
        return NavigationRequest(
            id: request.id, operation: operation, url: request.url,
            redirectedFrom: request.redirectedFrom.compactMap(moduleOperation), source: request.source)
    }
}
