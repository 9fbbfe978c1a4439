import AsyncObservables
import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// A router per window: scenes navigate on their own, are saved and restored per scene,
/// links go to the window showing their content, else the active one, else a new one, and
/// a link before any window waits for the first.
@Suite(.suiteLimit) struct SceneRoutersTests {
    enum Route: RouteProvider {
        case inbox
        case message(Int)
        case compose
        case secret

        static func registerURLs() -> URLMatcherGroup<Route>? {
            .group("mail.example.com") {
                $0.map("messages/{id}") { .message(try $0.param("id")) }
                $0.map("compose") { .compose }
                $0.map("drafts/{id}") { match async throws in .message(try match.param("id")) }
            }
        }
    }

    struct Locked: Error {}

    static func makeScenes(store: InMemoryStateStore? = nil) -> SceneRouters<Router<Route>> {
        SceneRouters<Router<Route>>(store: store) { _, sceneStore in
            let check: @Sendable (PendingNavigation<Route>) async throws -> GuardDecision<Route> = { pending in
                pending.destinations.contains(.secret) ? .cancel(Locked()) : .allow
            }
            guard let sceneStore else {
                let router = Router<Route>()
                router.addGuard(named: "no secrets", check)
                return router
            }
            return Router<Route>(store: sceneStore, guards: [NavigationGuard(named: "no secrets", check)])
        }
    }

    static func url(_ path: String) throws -> URL {
        try #require(URL(string: "https://mail.example.com/\(path)"))
    }

    /// Two scenes navigate on their own; eight tasks across three scenes keep each scene's
    /// order in the merged events.
    @Test func scenesNavigateOnTheirOwnAndTheMergedEventsKeepEachOrder() async throws {
        let scenes = Self.makeScenes()
        let events = StreamRecorder(scenes.events())
        let a = scenes.router(for: "a")
        let b = scenes.router(for: "b")
        let c = scenes.router(for: "c")
        #expect(scenes.router(for: "a") === a, "the same router until the scene disconnects")
        try await a.navigate(to: .inbox)
        #expect(b.stack.isEmpty)
        let routers = [a, b, c]
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for step in 0..<5 {
                        try? await routers[task % 3].navigate(to: .message(task * 10 + step))
                    }
                }
            }
        }
        try await events.wait { $0.count { $0.event.state != nil } == 41 }
        for (id, router) in zip(["a", "b", "c"], routers) {
            let merged = events.values.filter { $0.sceneID == id }.compactMap { $0.event.state?.stack }
            #expect(merged.last == router.stack, "scene \(id)")
            #expect(zip(merged, merged.dropFirst()).allSatisfy { $0.0.count + 1 == $0.1.count }, "in order")
        }
    }

    /// A relaunch restores every scene's tree through the guards, and a corrupt entry for
    /// one scene falls back for that scene only.
    @Test func aRelaunchRestoresEveryScenePerScene() async throws {
        let store = InMemoryStateStore()
        do {
            let scenes = Self.makeScenes(store: store)
            try await scenes.router(for: "a").navigate(to: [.inbox, .message(1)])
            try await scenes.router(for: "b").navigate(to: [.compose])
            scenes.router(for: "a").flush()
            scenes.router(for: "b").flush()
        }
        let relaunched = Self.makeScenes(store: store)
        #expect(relaunched.savedSceneIDs == ["a", "b"])
        let a = relaunched.router(for: "a")
        #expect(await a.restore() == .restored)
        #expect(a.stack == [.inbox, .message(1)])
        #expect(await relaunched.router(for: "b").restore() == .restored)
        #expect(relaunched.router(for: "b").stack == [.compose])

        // Scene b's entry is corrupted; a's is intact.
        var archive = try JSONDecoder().decode([String: Data].self, from: try #require(store.data))
        archive["b"] = Data("not a state".utf8)
        store.data = try JSONEncoder().encode(archive)
        let again = Self.makeScenes(store: store)
        let restoredA = again.router(for: "a")
        await restoredA.restore()
        #expect(restoredA.stack == [.inbox, .message(1)])
        let restoredB = again.router(for: "b")
        await restoredB.restore()
        #expect(restoredB.stack.isEmpty, "b starts afresh")
        try again.discardScene("b")
        #expect(again.savedSceneIDs == ["a"])
    }

    /// A link goes to the window that shows its content even when another is active;
    /// otherwise to the active one; otherwise to a new window.
    @Test func aLinkGoesToTheWindowShowingItElseTheActiveOneElseANewOne() async throws {
        let scenes = Self.makeScenes()
        let requests = StreamRecorder(scenes.windowRequests())
        let a = scenes.router(for: "a")
        let b = scenes.router(for: "b")
        try await b.navigate(to: [.inbox, .message(7)])
        scenes.activeScene = "a"
        #expect(await scenes.openURL(try Self.url("messages/7")))
        #expect(b.stack == [.inbox, .message(7), .message(7)], "B shows message 7: it takes the link")
        #expect(a.stack.isEmpty)
        #expect(await scenes.openURL(try Self.url("messages/8")))
        #expect(a.stack == [.message(8)], "the active scene")
        #expect(await scenes.openURL(try Self.url("compose"), in: .scene("b")))
        #expect(b.stack.last == .compose)
        scenes.activeScene = nil
        #expect(await scenes.openURL(try Self.url("messages/9")))
        let request = try #require(try await requests.next().first)
        #expect(request.url == (try Self.url("messages/9")) && request.source == .link)
        let third = scenes.router(for: request.id)
        try await eventually { third.stack == [.message(9)] }
        #expect(await scenes.openURL(try Self.url("nowhere")) == false)
    }

    /// A link whose mapping is awaited opens a new window as one made at once does: the
    /// window's router awaits it.
    @Test func anAwaitedLinkOpensANewWindow() async throws {
        let scenes = Self.makeScenes()
        let requests = StreamRecorder(scenes.windowRequests())
        _ = scenes.router(for: "a")
        #expect(await scenes.openURL(try Self.url("drafts/3")))
        let request = try #require(try await requests.next().first)
        #expect(request.url == (try Self.url("drafts/3")))
        let window = scenes.router(for: request.id)
        try await eventually { window.stack == [.message(3)] }
        let tooLong = try Self.url("drafts/" + String(repeating: "9", count: 9_000))
        #expect(await scenes.openURL(tooLong, in: .newWindow) == false, "the input policy refuses it")
    }

    /// A registry store that is not an archive of scenes is reported by every scene's router,
    /// and the first save replaces it.
    @Test func anUnreadableArchiveIsReportedByEveryScene() async throws {
        let store = InMemoryStateStore(data: Data("not an archive".utf8))
        let scenes = Self.makeScenes(store: store)
        let main = scenes.router(for: "main")
        guard case .restoreFailed(.unreadable) = main.restoration else {
            Issue.record("reported as \(String(describing: main.restoration))")
            return
        }
        try await main.navigate(to: .inbox)
        main.flush()
        let relaunched = Self.makeScenes(store: store)
        #expect(relaunched.savedSceneIDs == ["main"])
        let restored = relaunched.router(for: "main")
        try await eventually { restored.stack == [.inbox] }  // through the guards
    }

    /// `openWindow(showing:)` publishes a request; the scene that connects with its id
    /// starts on the routes, through its guards.
    @Test func anOpenedWindowStartsOnItsRoutes() async throws {
        let scenes = Self.makeScenes()
        let requests = StreamRecorder(scenes.windowRequests())
        let request = scenes.openWindow(showing: [.inbox, .compose])
        #expect(try await requests.next() == [request])
        let window = scenes.router(for: request.id)
        try await eventually { window.stack == [.inbox, .compose] }
        let refused = scenes.openWindow(showing: [.secret])
        let secret = scenes.router(for: refused.id)
        let events = StreamRecorder(secret.events)
        try await events.wait { $0.contains { $0.error != nil } }
        #expect(secret.stack.isEmpty, "the guard refused it")
    }

    /// A window opened after a relaunch is a new scene: it shows its own routes, not the
    /// saved tree of a window of the last launch.
    @Test func aWindowOpenedAfterARelaunchIsNoneOfTheSavedScenes() async throws {
        let store = InMemoryStateStore()
        let before = Self.makeScenes(store: store)
        let first = before.router(for: before.openWindow(showing: [.inbox]).id)
        try await eventually { first.stack == [.inbox] }
        first.flush()
        let saved = before.savedSceneIDs
        let scenes = Self.makeScenes(store: store)
        let request = scenes.openWindow(showing: [.compose])
        #expect(!saved.contains(request.id))
        let window = scenes.router(for: request.id)
        try await eventually { window.stack == [.compose] }
    }

    /// With no scene connected, a link waits and opens in the first scene to connect; a
    /// cancelled wait returns false.
    @Test func aLinkBeforeAnySceneWaitsForTheFirst() async throws {
        let scenes = Self.makeScenes()
        let url = try Self.url("messages/3")
        let opening = Task { await scenes.openURL(url, source: .notification) }
        try await eventually { scenes.heldURLs == [url] }
        let other = try Self.url("messages/4")
        let cancelled = Task { await scenes.openURL(other) }
        try await eventually { scenes.heldURLs.count == 2 }
        cancelled.cancel()
        #expect(await cancelled.value == false)
        #expect(scenes.heldURLs == [url])
        let first = scenes.router(for: "main")
        #expect(await opening.value)
        #expect(first.stack == [.message(3)])
        #expect(scenes.heldURLs.isEmpty)
    }

    /// Before any scene: a link no window would open is not held, and past the policy's
    /// limit of held links, a link is refused at once; the ones held stay.
    @Test func aLinkBeforeAnySceneIsCheckedAndBounded() async throws {
        let scenes = Self.makeScenes()
        #expect(await scenes.openURL(try Self.url("unknown/1")) == false)
        #expect(await scenes.openURL(try Self.url("messages/" + String(repeating: "9", count: 9_000))) == false)
        #expect(scenes.heldURLs.isEmpty)
        let limit = InputPolicy.standard.maximumHeldURLs
        let url = try Self.url("messages/3")
        let held = (0..<limit).map { _ in Task { await scenes.openURL(url) } }
        try await eventually { scenes.heldURLs.count == limit }
        #expect(await scenes.openURL(url) == false)
        #expect(scenes.heldURLs.count == limit)
        for task in held { task.cancel() }
        for task in held { #expect(await task.value == false) }
        #expect(scenes.heldURLs.isEmpty)
    }

    /// A closed scene's router is released and its streams finish.
    @Test func aClosedScenesRouterIsReleased() async throws {
        let scenes = Self.makeScenes()
        _ = scenes.events()  // forwarding on: it must not keep the router alive
        weak var released: Router<Route>?
        var stream: SubjectStream<RouterEvent<Route>>?
        do {
            let router = scenes.router(for: "temporary")
            released = router
            stream = router.events
            try await router.navigate(to: .inbox)
        }
        scenes.sceneDisconnected("temporary")
        #expect(scenes.connectedSceneIDs.isEmpty)
        try await eventually { released == nil }
        let recorder = StreamRecorder(try #require(stream))
        stream = nil
        try await recorder.waitForFinish()
    }
}
