extension URLMatcherGroup where Route: RouteProvider {
    /// A feature module's URL group as part of the app's: its hosts, schemes, patterns and
    /// closures unchanged, each route it makes embedded, and the links out its mappings make
    /// (``URLPathMapper/map(_:linking:_:)``) made for the app routes that are the module's.
    ///
    /// ```swift
    /// static func registerURLs() -> URLMatcherGroup<AppRoute>? {
    ///     .init(matchers: [
    ///         .group("example.com") { $0.map("home") { .home } },
    ///         .module(ProfileRoute.urls, through: AppRoute.profileModule),
    ///         .module(CheckoutRoute.urls, through: AppRoute.checkoutModule),
    ///     ])
    /// }
    /// ```
    ///
    /// Its mappings keep the module's name (``RouteEmbedding/module``): ``conflicts`` of the
    /// composed group names the modules of a link two of them claim. Association files
    /// (``appleAppSiteAssociation(appIDs:forHost:)``) and ``patternErrors`` cover it as any group.
    ///
    /// > Note: Matching costs what the module's group costs alone, and one call of `embed` per
    /// > route made: the compiled patterns are shared, not copied.
    /// - Parameters:
    ///   - group: The module's group.
    ///   - embedding: How the module's routes are the app's.
    /// - Returns: The group, making app routes.
    public static func module<ModuleRoute>(
        _ group: URLMatcherGroup<ModuleRoute>, through embedding: RouteEmbedding<ModuleRoute, Route>
    ) -> Self {
        Self(
            lookup: group._lookup,
            mappings: group._mappings.map { embedding.embed($0) },
            links: group.links.map { embedding.embed(link: $0) },
            moduleNames: Array(repeating: embedding.module, count: group._mappings.count))
    }
}

extension RouteEmbedding {
    /// What makes a module mapping's link, for the app routes that are the module's.
    func embed(
        link: (@Sendable (ModuleRoute) -> [String: String]?)?
    ) -> (@Sendable (AppRoute) -> [String: String]?)? {
        guard let link else { return nil }
        return { route in extract(route).flatMap(link) }
    }

    /// A module's URL mapping making app routes.
    func embed(_ mapping: _URLMapping<ModuleRoute>) -> _URLMapping<AppRoute> {
        switch mapping {
        case .route(let route):
            .route { embed(try route($0)) }
        case .stack(let stack):
            .stack { try stack($0).map { embed($0) } }
        case .awaited(let check, let resolve, let replacesStack):
            .awaited(check: check, resolve: { try await resolve($0).map { embed($0) } }, replacesStack: replacesStack)
        case .action(let check, let perform):
            .action(check: check, perform: perform)
        case .tab(let tab):
            .tab(tab)
        }
    }
}
