/// A feature module's guards, loaders and handle on the app's tab router, through the
/// module's ``RouteEmbedding`` (as on a ``Router``: see ``Router/scoped(to:)``).
extension TabRouter {
    /// Adds a module's guard to every tab's router and to what is presented above the tabs
    /// (see ``Router/addGuard(named:deadline:through:_:)`` for what it sees).
    /// - Parameters:
    ///   - name: Names the guard in errors; `#<number>` by default.
    ///   - deadline: How long the guard may take; `nil` (the default) uses the routers'
    ///     default.
    ///   - embedding: How the module's routes are this router's.
    ///   - check: Allows, cancels or redirects, in module terms.
    /// - Returns: Each tab's guard id, for ``removeGuard(_:)``.
    @discardableResult
    public func addGuard<ModuleRoute>(
        named name: String? = nil,
        deadline: Duration? = nil,
        through embedding: RouteEmbedding<ModuleRoute, Route>,
        _ check: @escaping @Sendable (PendingNavigation<ModuleRoute>) async throws -> GuardDecision<ModuleRoute>
    ) -> [Tab: NavigationGuardID] {
        addGuard(named: name, deadline: deadline, embedding.lift(check))
    }

    /// Adds a module's guard given as a value, as ``addGuard(named:deadline:through:_:)`` does.
    /// - Parameters:
    ///   - moduleGuard: The module's guard, with its name and deadline.
    ///   - embedding: How the module's routes are this router's.
    /// - Returns: Each tab's guard id, for ``removeGuard(_:)``.
    @discardableResult
    public func addGuard<ModuleRoute>(
        _ moduleGuard: NavigationGuard<ModuleRoute>, through embedding: RouteEmbedding<ModuleRoute, Route>
    ) -> [Tab: NavigationGuardID] {
        addGuard(named: moduleGuard.name, deadline: moduleGuard.deadline, through: embedding, moduleGuard.check)
    }

    /// Adds a module's loader to every tab's router and to what is presented above the tabs
    /// (see ``Router/addLoader(named:deadline:through:_:)``).
    /// - Parameters:
    ///   - name: Names the loader in errors and events.
    ///   - deadline: How long it may take for one route; `nil` (the default) uses the
    ///     routers' default.
    ///   - embedding: How the module's routes are this router's.
    ///   - load: The value for a module route, or `nil`.
    /// - Returns: Each tab's id, for ``removeGuard(_:)``.
    @discardableResult
    public func addLoader<ModuleRoute>(
        named name: String,
        deadline: Duration? = nil,
        through embedding: RouteEmbedding<ModuleRoute, Route>,
        _ load: @escaping @Sendable (ModuleRoute) async throws -> (any Sendable)?
    ) -> [Tab: NavigationGuardID] {
        let lifted = embedding.lift(load)
        return addLoader(named: name, deadline: deadline) { try await lifted($0) }
    }

    /// A handle on this tab router for a feature module (see ``ScopedRouter``): its verbs act
    /// on the topmost level, as this router's do, and its events are the module's among every
    /// tab's and those above the tabs.
    /// - Parameter embedding: How the module's routes are this router's.
    /// - Returns: The module's handle.
    public func scoped<ModuleRoute>(to embedding: RouteEmbedding<ModuleRoute, Route>) -> ScopedRouter<ModuleRoute> {
        ScopedRouter(EmbeddedRouter(host: self, embedding: embedding))
    }
}
