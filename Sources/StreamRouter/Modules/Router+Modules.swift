/// A feature module's guards, loaders and handle on the app's router, through the module's
/// ``RouteEmbedding``.
extension Router {
    /// Registers a module's guard, written against the module's routes: it sees only the
    /// navigations that show one of the module's routes, in module terms, and its redirects
    /// are embedded back (as ``addGuard(named:deadline:_:)`` registers any guard, in order).
    ///
    /// ```swift
    /// router.addGuard(named: "profile.signIn", through: AppRoute.profileModule) { pending in
    ///     pending.destinations.contains(where: \.needsSignIn) && !session.isSignedIn ? .redirect(to: .signIn) : .allow
    /// }
    /// ```
    ///
    /// What the guard sees of a navigation (a ``PendingNavigation`` of the module's routes):
    /// - its ``PendingNavigation/destinations``: the module's routes among those shown; a
    ///   navigation showing none of them (another module's, the app's own, moves back,
    ///   dismissals) is allowed without asking the guard;
    /// - its request's operation with the other routes left out, and its states with the
    ///   module's routes only (each level keeps the module's routes; a presentation of another
    ///   route is left out, the module's routes pushed inside it joining the level under it),
    ///   built for each navigation the guard sees.
    /// - Parameters:
    ///   - name: Names the guard in errors; `#<number>` by default.
    ///   - deadline: How long the guard may take; `nil` (the default) uses
    ///     ``defaultGuardDeadline``.
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
        addGuard(named: name, deadline: deadline, embedding.lift(check))
    }

    /// Registers a module's guard given as a value (a module's `NavigationGuard`, which its
    /// own tests register on a router of its routes), as
    /// ``addGuard(named:deadline:through:_:)`` does.
    /// - Parameters:
    ///   - moduleGuard: The module's guard, with its name and deadline.
    ///   - embedding: How the module's routes are this router's.
    /// - Returns: An id for ``removeGuard(_:)``.
    @discardableResult
    public func addGuard<ModuleRoute>(
        _ moduleGuard: NavigationGuard<ModuleRoute>, through embedding: RouteEmbedding<ModuleRoute, Route>
    ) -> NavigationGuardID {
        addGuard(embedding.embed(moduleGuard))
    }

    /// Registers a guard given as a value, with its name and deadline, as
    /// ``addGuard(named:deadline:_:)`` does: a feature module's own tests register its
    /// guards on a router of its routes this way, and the app through its embedding
    /// (``addGuard(_:through:)``).
    /// - Parameter navigationGuard: The guard.
    /// - Returns: An id for ``removeGuard(_:)``.
    @discardableResult
    public func addGuard(_ navigationGuard: NavigationGuard<Route>) -> NavigationGuardID {
        addGuard(named: navigationGuard.name, deadline: navigationGuard.deadline, navigationGuard.check)
    }

    /// Registers a module's loader, written against the module's routes: it runs for each of
    /// the module's routes a navigation shows (and for ``ScopedRouter/preload(_:for:)`` of
    /// one), and gives nothing for other routes without being called (see
    /// ``addLoader(named:deadline:_:)``).
    ///
    /// ```swift
    /// router.addLoader(named: "profile", through: AppRoute.profileModule) { route in
    ///     if case .detail(let id) = route { try await api.profile(id) } else { nil }
    /// }
    /// ```
    /// - Parameters:
    ///   - name: Names the loader in errors and events.
    ///   - deadline: How long it may take for one route; `nil` (the default) uses
    ///     ``defaultGuardDeadline``.
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
        let lifted = embedding.lift(load)
        return addLoader(named: name, deadline: deadline) { try await lifted($0) }
    }

    /// A handle on this router for a feature module: its verbs take the module's routes and
    /// its events are the module's (see ``ScopedRouter``).
    ///
    /// ```swift
    /// let profile: ScopedRouter<ProfileRoute> = router.scoped(to: AppRoute.profileModule)
    /// try await profile.navigate(to: .detail(id: 3))   // the router shows .profile(.detail(id: 3))
    /// ```
    /// - Parameter embedding: How the module's routes are this router's.
    /// - Returns: The module's handle.
    public func scoped<ModuleRoute>(to embedding: RouteEmbedding<ModuleRoute, Route>) -> ScopedRouter<ModuleRoute> {
        ScopedRouter(EmbeddedRouter(host: self, embedding: embedding))
    }
}
