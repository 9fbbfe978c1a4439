/// A feature module's guards, loaders and handle on the app's split router, through the
/// module's ``RouteEmbedding`` (as on a ``Router``: see ``Router/scoped(to:)``).
extension SplitRouter {
    /// Adds a module's guard (see ``Router/addGuard(named:deadline:through:_:)`` for what it
    /// sees).
    /// - Parameters:
    ///   - name: Names the guard in errors; `#<number>` by default.
    ///   - deadline: How long the guard may take; `nil` (the default) uses the router's
    ///     default.
    ///   - embedding: How the module's routes are this router's.
    ///   - check: Allows, cancels or redirects, in module terms.
    /// - Returns: An id for ``removeGuard(_:)``.
    @discardableResult
    public func addGuard<ModuleRoute>(
        named name: String? = nil,
        deadline: Duration? = nil,
        through embedding: RouteEmbedding<ModuleRoute, Route>,
        _ check: @escaping @Sendable (PendingNavigation<ModuleRoute>) async throws -> GuardDecision<ModuleRoute>
    ) -> NavigationGuardID {
        router.addGuard(named: name, deadline: deadline, through: embedding, check)
    }

    /// Adds a module's guard given as a value, as ``addGuard(named:deadline:through:_:)`` does.
    /// - Parameters:
    ///   - moduleGuard: The module's guard, with its name and deadline.
    ///   - embedding: How the module's routes are this router's.
    /// - Returns: An id for ``removeGuard(_:)``.
    @discardableResult
    public func addGuard<ModuleRoute>(
        _ moduleGuard: NavigationGuard<ModuleRoute>, through embedding: RouteEmbedding<ModuleRoute, Route>
    ) -> NavigationGuardID {
        router.addGuard(moduleGuard, through: embedding)
    }

    /// Adds a module's loader (see ``Router/addLoader(named:deadline:through:_:)``).
    /// - Parameters:
    ///   - name: Names the loader in errors and events.
    ///   - deadline: How long it may take for one route; `nil` (the default) uses the
    ///     router's default.
    ///   - embedding: How the module's routes are this router's.
    ///   - load: The value for a module route, or `nil`.
    /// - Returns: An id for ``removeGuard(_:)``.
    @discardableResult
    public func addLoader<ModuleRoute>(
        named name: String,
        deadline: Duration? = nil,
        through embedding: RouteEmbedding<ModuleRoute, Route>,
        _ load: @escaping @Sendable (ModuleRoute) async throws -> (any Sendable)?
    ) -> NavigationGuardID {
        router.addLoader(named: name, deadline: deadline, through: embedding, load)
    }

    /// A handle on this split router for a feature module (see ``ScopedRouter``).
    /// - Parameter embedding: How the module's routes are this router's.
    /// - Returns: The module's handle.
    public func scoped<ModuleRoute>(to embedding: RouteEmbedding<ModuleRoute, Route>) -> ScopedRouter<ModuleRoute> {
        ScopedRouter(EmbeddedRouter(host: self, embedding: embedding))
    }
}
