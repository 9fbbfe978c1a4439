import Foundation

/// What a ``ScopedRouter`` asks of the router it views, in module terms: its app route type
/// erased, so that the handle names the module's route type alone.
protocol ScopedRouterTarget<Route>: Sendable {
    associatedtype Route: RouteProvider

    func navigate(to routes: [Route], source: NavigationSource?) async throws(NavigationError)
    func navigate<Value: Sendable>(to route: Route, returning: Value.Type) async throws(NavigationError) -> Value?
    func navigateBack(_ count: Int) async throws(NavigationError)
    func navigateBack<Value: Sendable>(returning value: Value) async throws(NavigationError)
    func navigateBack(to route: Route) async throws(NavigationError)
    func dismiss() async throws(NavigationError)
    func dismiss<Value: Sendable>(returning value: Value) async throws(NavigationError)
    func preload(_ route: Route, for lifetime: Duration) async
    func loaded<Value>(_ type: Value.Type, for route: Route) -> Value?
    func url(for route: Route) -> URL?
    func events(bufferingPolicy: BufferingPolicy) -> ScopedRouterEvents<Route>
}

/// An app router (of any kind) seen through a module's embedding: module routes embedded on
/// the way in, app events read back in module terms on the way out. The verbs act on the
/// router the host's verbs act on now.
struct EmbeddedRouter<ModuleRoute: RouteProvider, Host: ScopedRouterHost>: ScopedRouterTarget {
    typealias AppRoute = Host.Route

    let host: Host
    let embedding: RouteEmbedding<ModuleRoute, AppRoute>
    /// The module's events: the host's, read through the embedding.
    private let moduleEvents: @Sendable (BufferingPolicy) -> ScopedRouterEvents<ModuleRoute>

    init(host: Host, embedding: RouteEmbedding<ModuleRoute, AppRoute>) {
        self.host = host
        self.embedding = embedding
        moduleEvents = { bufferingPolicy in
            ScopedRouterEvents(
                host.scopedEvents(bufferingPolicy: bufferingPolicy).compactMap { embedding.moduleEvent($0) })
        }
    }

    /// A router of the module's own routes, seen as itself: every event is the module's.
    init(own router: Router<ModuleRoute>) where Host == Router<ModuleRoute> {
        host = router
        embedding = RouteEmbedding(module: "", embed: { $0 }, extract: { $0 })
        moduleEvents = { ScopedRouterEvents(router.events(bufferingPolicy: $0)) }
    }

    /// The router the verbs act on now.
    private var router: Router<AppRoute> { host.scopedVerbsRouter }

    func navigate(to routes: [ModuleRoute], source: NavigationSource?) async throws(NavigationError) {
        let operation = NavigationOperation<AppRoute>.navigate(to: routes.map { embedding.embed($0) })
        if let source {
            try await router.perform(operation, source: source)
        } else {
            try await router.perform(operation)
        }
    }

    func navigate<Value: Sendable>(
        to route: ModuleRoute, returning: Value.Type
    ) async throws(NavigationError) -> Value? {
        try await router.navigate(to: embedding.embed(route), returning: returning)
    }

    func navigateBack(_ count: Int) async throws(NavigationError) {
        try await router.navigateBack(count)
    }

    func navigateBack<Value: Sendable>(returning value: Value) async throws(NavigationError) {
        try await router.navigateBack(returning: value)
    }

    func navigateBack(to route: ModuleRoute) async throws(NavigationError) {
        try await router.navigateBack(to: embedding.embed(route))
    }

    func dismiss() async throws(NavigationError) {
        try await router.dismiss()
    }

    func dismiss<Value: Sendable>(returning value: Value) async throws(NavigationError) {
        try await router.dismiss(returning: value)
    }

    func preload(_ route: ModuleRoute, for lifetime: Duration) async {
        await router.preload(embedding.embed(route), for: lifetime)
    }

    func loaded<Value>(_ type: Value.Type, for route: ModuleRoute) -> Value? {
        host.loaded(type, for: embedding.embed(route))
    }

    func url(for route: ModuleRoute) -> URL? {
        host.url(for: embedding.embed(route))
    }

    func events(bufferingPolicy: BufferingPolicy) -> ScopedRouterEvents<ModuleRoute> {
        moduleEvents(bufferingPolicy)
    }
}
