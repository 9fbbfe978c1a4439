import Foundation

/// One router per window: a registry of the routers of an app's scenes, made by the app's
/// factory, saved per scene in one store, with links sent to the right window.
///
/// ```swift
/// let scenes = SceneRouters<Router<MailRoute>>(store: FileStateStore(...)) { sceneID, store in
///     Router(store: store!, guards: [auth])           // each window restores its own tree
/// }
/// let main = scenes.router(for: "main")               // the window's scene connects
/// scenes.activeScene = "main"                         // it became key
/// let request = scenes.openWindow(showing: [.compose])  // the app opens a window for it
/// let compose = scenes.router(for: request.id)        // ... which starts on .compose
/// await scenes.openURL(link)                          // to the window showing it, else the active one
/// scenes.sceneDisconnected("main")                    // its router is released; its saved state stays
/// ```
///
/// - A scene's router is made by the factory the first time ``router(for:)`` asks for it,
///   with a store of its own (when the registry has a store): its tree is saved under its
///   scene id, and restored, through the guards the factory gives, when the scene connects
///   again. The list of saved scenes is ``savedSceneIDs``; a corrupt entry for one scene is
///   that scene's alone (its router reports it on its `persistenceEvents` and starts afresh).
/// - ``openURL(_:source:in:)`` picks a window (see ``SceneTarget``); a link that arrives
///   before any scene connects (a cold launch from a link) waits and opens in the first.
/// - ``events(bufferingPolicy:)`` merges every window's events, each with its scene id.
///
/// > Note: Thread-safe. The registry holds each connected scene's router until
/// > ``sceneDisconnected(_:)``; the factory and the routers' code run outside its lock.
public final class SceneRouters<SceneRouter: SceneRouting>: Sendable {
    /// The type of routes.
    public typealias Route = SceneRouter.Route

    private struct HeldLink {
        let id: UInt64
        let url: URL
        let source: NavigationSource
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var routers: [String: SceneRouter] = [:]
        /// The connected scenes, in the order they connected.
        var order: [String] = []
        var active: String?
        /// The window requests whose scene has not connected yet, by id.
        var requests: [String: WindowRequest<Route>] = [:]
        /// The links waiting for the first scene.
        var held: [HeldLink] = []
        var nextHeld: UInt64 = 0
        /// Whether the merged events are asked for: each scene's events are then forwarded.
        var forwards = false
        var forwarders: [String: Task<Void, Never>] = [:]
    }

    private let state = _Locked(State())
    private let makeRouter: @Sendable (String, (any NavigationStateStore)?) -> SceneRouter
    private let archive: _SceneArchive?
    private let urlMatchers: URLMatcherGroup<Route>?
    private let sameContent: @Sendable (Route, Route) -> Bool
    private let mergedEvents = MulticastSubject<SceneEvent<SceneRouter.Event>>()
    private let windowRequestSubject = MulticastSubject<WindowRequest<Route>>()

    /// A registry.
    /// - Parameters:
    ///   - store: Where every scene's tree is saved, each under its scene id; `nil` to save
    ///     nothing (the factory then gets no store).
    ///   - urlMatchers: The URLs ``openURL(_:source:in:)`` opens; `Route.registerURLs()` by
    ///     default (give the same as the routers').
    ///   - sameContent: Whether a window showing the first route shows the content of the
    ///     second (a link's); equality by default. Give a content identifier's equality
    ///     (`{ $0.articleID == $1.articleID }`) when several routes show the same content.
    ///   - makeRouter: Makes a scene's router, given its scene id and its store (`nil` without
    ///     a registry store); register its guards here, so that it restores through them.
    public init(
        store: (any NavigationStateStore)? = nil,
        urlMatchers: URLMatcherGroup<Route>? = Route.registerURLs(),
        sameContent: @escaping @Sendable (Route, Route) -> Bool = { $0 == $1 },
        makeRouter: @escaping @Sendable (_ sceneID: String, _ store: (any NavigationStateStore)?) -> SceneRouter
    ) {
        archive = store.map { _SceneArchive(base: $0) }
        self.urlMatchers = urlMatchers
        self.sameContent = sameContent
        self.makeRouter = makeRouter
    }

    deinit {
        let forwarders = state.withLock { $0.forwarders.values }
        for forwarder in forwarders {
            forwarder.cancel()
        }
        mergedEvents.finish()
        windowRequestSubject.finish()
    }

    // MARK: - Scenes

    /// The router of the scene `sceneID`: made (by the factory, restoring the scene's saved
    /// tree) when the scene connects, the same one until ``sceneDisconnected(_:)``. A scene
    /// connecting with a ``WindowRequest``'s id starts on its content; the first scene to
    /// connect opens the links that waited for one, in order.
    public func router(for sceneID: String) -> SceneRouter {
        if let router = state.withLock({ $0.routers[sceneID] }) {
            return router
        }
        let made = makeRouter(sceneID, archive?.store(for: sceneID))
        let events = made.events(bufferingPolicy: .unbounded)
        let (router, request, held, forwards) = state.withLock {
            state -> (SceneRouter, WindowRequest<Route>?, [HeldLink], Bool) in
            if let router = state.routers[sceneID] {
                return (router, nil, [], false)
            }
            state.routers[sceneID] = made
            state.order.append(sceneID)
            let held = state.order.count == 1 ? state.held : []
            if state.order.count == 1 {
                state.held = []
            }
            return (made, state.requests.removeValue(forKey: sceneID), held, state.forwards)
        }
        guard router === made else { return router }
        if forwards {
            forward(events, of: sceneID, router: router)
        }
        if let request {
            Task {
                if let url = request.url {
                    _ = await router.openURL(url, source: request.source)
                } else {
                    try? await router.navigate(to: request.routes, source: request.source)
                }
            }
        }
        if !held.isEmpty {
            Task {
                for link in held {
                    link.continuation.resume(returning: await router.openURL(link.url, source: link.source))
                }
            }
        }
        return router
    }

    /// Forgets a closed window's router (its streams finish when nothing else holds it); its
    /// saved tree is kept, as the system may restore the scene (``discardScene(_:)`` forgets
    /// it). The active scene, if it was this one, is none.
    public func sceneDisconnected(_ sceneID: String) {
        let (router, forwarder) = state.withLock { state in
            state.order.removeAll { $0 == sceneID }
            if state.active == sceneID {
                state.active = nil
            }
            return (state.routers.removeValue(forKey: sceneID), state.forwarders.removeValue(forKey: sceneID))
        }
        forwarder?.cancel()
        withExtendedLifetime(router) {}  // released here, outside the lock
    }

    /// Forgets a scene's saved tree (the system discarded its session).
    /// - Throws: What the store throws when it writes.
    public func discardScene(_ sceneID: String) throws {
        try archive?.save(nil, for: sceneID)
    }

    /// The scene whose window is key, set by the app (`nil` when none is); links go there
    /// when no window shows their content.
    public var activeScene: String? {
        get { state.withLock { $0.active } }
        set { state.withLock { $0.active = newValue } }
    }

    /// The connected scenes, in the order they connected.
    public var connectedSceneIDs: [String] {
        state.withLock { $0.order }
    }

    /// The scenes whose trees are saved, sorted (those the system may restore).
    public var savedSceneIDs: [String] {
        archive?.sceneIDs ?? []
    }

    // MARK: - Windows and links

    /// Asks the app for a new window showing `routes`: publishes a ``WindowRequest`` on
    /// ``windowRequests(bufferingPolicy:)``; when a scene connects with its id, its router
    /// shows `routes` in one navigation (through its guards).
    /// - Parameters:
    ///   - routes: What the new window shows.
    ///   - source: The source of its first navigation.
    /// - Returns: The request (its id is the new scene's: `window-` and a UUID, so that it
    ///   is none of the scenes saved by an earlier launch).
    @discardableResult
    public func openWindow(showing routes: [Route], source: NavigationSource = .inApp) -> WindowRequest<Route> {
        request(routes: routes, url: nil, source: source)
    }

    /// The window requests after this call (``openWindow(showing:source:)``, and links sent
    /// to a new window), for the app to open each window.
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default).
    /// - Returns: A stream that finishes when the registry is deallocated.
    public func windowRequests(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<WindowRequest<Route>> {
        windowRequestSubject.values(bufferingPolicy: bufferingPolicy)
    }

    /// Opens a deep link in the window `target` picks (``SceneTarget/automatic`` by default):
    /// the first connected window whose displayed tree shows the link's route (by
    /// `sameContent`), else the active one, else a new window (a ``WindowRequest``, and
    /// `true`). With no scene connected, the link waits for the first scene to connect, and
    /// this call returns whether it opened there (`false` when the calling task is cancelled
    /// first). A link no window would open (refused by the standard ``InputPolicy``, or
    /// matched by no mapping) does not wait: `false` at once, as it does past the policy's
    /// ``InputPolicy/maximumHeldURLs`` links waiting.
    /// - Parameters:
    ///   - url: The link.
    ///   - source: Where it came from (``NavigationSource/link`` by default).
    ///   - target: Which window.
    /// - Returns: Whether it was handled: by a window's router, or as a window request.
    @discardableResult
    public func openURL(
        _ url: URL, source: NavigationSource = .link, in target: SceneTarget = .automatic
    ) async -> Bool {
        let connected = state.withLock { state in state.order.compactMap { id in state.routers[id].map { (id, $0) } } }
        guard !connected.isEmpty || target == .newWindow else {
            if case .scene = target { return false }
            return await holdUntilAScene(url, source: source)
        }
        switch target {
        case .scene(let id):
            guard let router = connected.first(where: { $0.0 == id })?.1 else { return false }
            return await router.openURL(url, source: source)
        case .newWindow:
            return openInNewWindow(url, source: source)
        case .activeScene:
            guard let router = activeRouter(among: connected) else { return openInNewWindow(url, source: source) }
            return await router.openURL(url, source: source)
        case .automatic:
            if case .success(let route) = urlMatchers?.match(url),
                let showing = connected.first(where: { $0.1.displayedRoutes.contains { sameContent($0, route) } })
            {
                return await showing.1.openURL(url, source: source)
            }
            guard let router = activeRouter(among: connected) else { return openInNewWindow(url, source: source) }
            return await router.openURL(url, source: source)
        }
    }

    /// The links waiting for the first scene to connect, oldest first.
    public var heldURLs: [URL] {
        state.withLock { $0.held.map(\.url) }
    }

    // MARK: - Events

    /// Every window's events after this call, each with its scene id, merged in one order
    /// that keeps each window's own.
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default).
    /// - Returns: A stream that finishes when the registry is deallocated.
    public func events(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<SceneEvent<SceneRouter.Event>> {
        let stream = mergedEvents.values(bufferingPolicy: bufferingPolicy)
        let started = state.withLock { state -> [(String, SceneRouter)] in
            guard !state.forwards else { return [] }
            state.forwards = true
            return state.order.compactMap { id in state.routers[id].map { (id, $0) } }
        }
        for (id, router) in started {
            forward(router.events(bufferingPolicy: .unbounded), of: id, router: router)
        }
        return stream
    }

    // MARK: - Private

    /// Forwards `events` of `router`, the router of `sceneID`, to the merged stream, while
    /// it is that scene's router (a scene that disconnected and connected again meanwhile
    /// has another one, whose forwarder stays).
    private func forward(_ events: SubjectStream<SceneRouter.Event>, of sceneID: String, router: SceneRouter) {
        let merged = mergedEvents
        let forwarder = Task {
            for await event in events {
                merged.send(SceneEvent(sceneID: sceneID, event: event))
            }
        }
        let stale = state.withLock { state -> Task<Void, Never>? in
            guard state.routers[sceneID] === router else { return forwarder }
            return state.forwarders.updateValue(forwarder, forKey: sceneID)
        }
        stale?.cancel()
    }

    private func activeRouter(among connected: [(String, SceneRouter)]) -> SceneRouter? {
        let active = activeScene
        return connected.first { $0.0 == active }?.1
    }

    /// Requests a window for `url` when a router would open it (``wouldOpen(_:)``).
    private func openInNewWindow(_ url: URL, source: NavigationSource) -> Bool {
        guard wouldOpen(url) else { return false }
        request(routes: [], url: url, source: source)
        return true
    }

    /// Whether a window's router would open `url`: the standard input policy accepts it, and
    /// its mapping makes its route, or says yes to it (an `async` one's or an action's
    /// check); a tab selection is left to the window's ``TabRouter``.
    private func wouldOpen(_ url: URL) -> Bool {
        guard let urlMatchers, (try? InputPolicy.standard.check(url: url.absoluteString)) != nil,
            let found = try? urlMatchers._lookup.find(url)
        else { return false }
        let mapping = urlMatchers._mappings[found.mapping]
        switch mapping {
        case .tab: return true
        default: return mapping.canOpen(found.match)
        }
    }

    @discardableResult
    private func request(routes: [Route], url: URL?, source: NavigationSource) -> WindowRequest<Route> {
        // A number would start again at each launch, on the ids of windows saved by the last.
        let request = WindowRequest(
            id: "window-" + UUID().uuidString.lowercased(), routes: routes, url: url, source: source)
        state.withLock { $0.requests[request.id] = request }
        windowRequestSubject.send(request)
        return request
    }

    /// Waits for the first scene, which opens the link; `false` when the task is cancelled,
    /// at once for a link no window would open (``wouldOpen(_:)``), and at once past the
    /// standard policy's ``InputPolicy/maximumHeldURLs`` links waiting.
    private func holdUntilAScene(_ url: URL, source: NavigationSource) async -> Bool {
        guard wouldOpen(url) else { return false }
        let id = state.withLock { state in
            state.nextHeld += 1
            return state.nextHeld
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let entry = state.withLock { state -> _HeldLinkEntry in
                    if Task.isCancelled { return .cancelled }
                    if !state.order.isEmpty { return .sceneConnected }
                    if state.held.count >= InputPolicy.standard.maximumHeldURLs { return .tooMany }
                    state.held.append(HeldLink(id: id, url: url, source: source, continuation: continuation))
                    return .held
                }
                switch entry {
                case .held: break
                case .cancelled, .tooMany: continuation.resume(returning: false)
                case .sceneConnected:
                    // A scene connected meanwhile: open it there.
                    Task { continuation.resume(returning: await self.openURL(url, source: source)) }
                }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> HeldLink? in
                guard let index = state.held.firstIndex(where: { $0.id == id }) else { return nil }
                return state.held.remove(at: index)
            }
            cancelled?.continuation.resume(returning: false)
        }
    }
}

/// How a link that waits for the first scene entered the registry.
private enum _HeldLinkEntry {
    case held, cancelled, tooMany, sceneConnected
}
