import Foundation
@_spi(Testing) import StreamRouter
import StreamRouterTesting
import Testing

/// The kinds of link beyond one route made at once: a stack made awaiting, an awaited
/// mapping with a synchronous check, and an action.
@Suite(.suiteLimit) struct LinkKindsTests {
    typealias Route = RouterTestRoute

    struct Refusal: Error {}

    /// What the actions of the group did, in order.
    let performed = _Locked<[String]>([])

    /// A group with an action link, an action that throws, an awaited stack and an awaited
    /// route with a check.
    func group(
        stack: @escaping @Sendable (Int) async throws -> [Route] = { [.home, .profile(id: $0)] }
    )
        -> URLMatcherGroup<Route>
    {
        let performed = performed
        return .group("example.com") {
            $0.mapAction("settings/dark-mode/{on}") { match in
                let on = try match.param("on", as: Bool.self)
                performed.withLock { $0.append("dark mode \(on)") }
            }
            $0.mapAction("broken") { _ in throw Refusal() }
            $0.mapStack("click/{id}") { match in try await stack(try match.param("id", as: Int.self)) }
            $0.map("{handle}", accepting: { (try? $0.param("handle", as: String.self))?.hasPrefix("@") == true }) {
                match in
                .profile(id: try match.param("handle", as: String.self).count)
            }
        }
    }

    static func url(_ path: String) throws -> URL {
        try #require(URL(string: "https://example.com/\(path)"))
    }

    @Test func anActionLinkPerformsItsActionAndShowsNothing() async throws {
        let router = Router<Route>(state: RouterState(stack: [.a]), urlMatchers: group())
        let events = StreamRecorder(router.events)
        let url = try Self.url("settings/dark-mode/true")
        #expect(router.canOpen(url))
        #expect(await router.openURL(url))
        #expect(performed.withLock { $0 } == ["dark mode true"])
        #expect(router.stack == [.a])
        let recorded = try await events.next(3)
        #expect(recorded.last == .urlHandledByAction(url, pattern: "settings/dark-mode/{on}"))
        #expect(recorded.first?.request?.url == url && recorded.first?.request?.operation == .navigate(to: []))
        #expect(
            group().match(url)
                == .failure(
                    .mappingFailed(pattern: "settings/dark-mode/{on}", error: URLAsyncMappingError.performsAction)))
    }

    /// Guards see an action's link as any link, and may refuse it: the action is not performed.
    @Test func aGuardRefusesAnActionLink() async throws {
        let router = Router<Route>(urlMatchers: group())
        router.addGuard(named: "signed in") { pending in pending.request.url == nil ? .allow : .cancel(Refusal()) }
        #expect(await router.openURL(try Self.url("settings/dark-mode/false")) == false)
        #expect(performed.withLock { $0 }.isEmpty)
    }

    @Test func anActionThatThrowsIsNotHandled() async throws {
        let router = Router<Route>(urlMatchers: group())
        let events = StreamRecorder(router.events)
        let url = try Self.url("broken")
        #expect(await router.openURL(url) == false)
        try await events.wait {
            $0.contains { $0 == .urlNotHandled(url, reason: .mappingFailed(pattern: "broken", error: Refusal())) }
        }
    }

    /// An action runs after the link's turn, so it may navigate the same router.
    @Test func anActionMayNavigateTheRouter() async throws {
        let holder = _Locked<Router<Route>?>(nil)
        let router = Router<Route>(
            urlMatchers: .group("example.com") {
                $0.mapAction("welcome") { _ in try await holder.withLock { $0 }?.navigate(to: .home) }
            })
        holder.withLock { $0 = router }
        #expect(await router.openURL(try Self.url("welcome")))
        #expect(router.stack == [.home])
    }

    /// On a tab router, an action's link changes no tab.
    @Test func aTabRoutersActionLinkKeepsTheTabs() async throws {
        let app = TabRouter<OptionsTab, Route>(tabs: [.home, .search], selected: .search, urlMatchers: group()) { _ in
            .home
        }
        #expect(await app.openURL(try Self.url("settings/dark-mode/true")))
        #expect(performed.withLock { $0 } == ["dark mode true"])
        #expect(app.selectedTab == .search && app.router(for: .home).stack.isEmpty)
    }

    @Test func anAwaitedStackReplacesTheTree() async throws {
        let router = Router<Route>(state: RouterState(stack: [.a, .b]), urlMatchers: group())
        #expect(await router.openURL(try Self.url("click/7")))
        #expect(router.stack == [.home, .profile(id: 7)])
        let app = TabRouter<OptionsTab, Route>(tabs: [.home, .search], selected: .home, urlMatchers: group()) {
            if case .profile = $0 { .search } else { nil }
        }
        #expect(await app.openURL(try Self.url("click/3")))
        #expect(app.selectedTab == .search && app.router(for: .search).stack == [.home, .profile(id: 3)])
    }

    /// Under `.latestWins`, a navigation called while the stack is being resolved
    /// supersedes it: the stack changes nothing.
    @Test func anAwaitedStackIsSupersededUnderLatestWins() async throws {
        let clock = TestClock()
        let router = Router<Route>(
            state: RouterState(stack: [.a]),
            urlMatchers: group { id in
                try await clock.sleep(for: .seconds(5))
                return [.home, .profile(id: id)]
            },
            options: NavigationOptions(concurrency: .latestWins))
        let opening = Task { await router.openURL(try Self.url("click/7")) }
        try await clock.waitForSleepers(pending: 1)
        try await router.navigate(to: .b)
        #expect(try await opening.value == false)
        #expect(router.stack == [.a, .b])
    }

    /// A group whose awaited mappings and action check what their closures would refuse.
    static let checkedGroup = URLMatcherGroup<Route>.group("example.com") {
        $0.mapAction("settings/dark-mode/{on}", accepting: { (try? $0.param("on", as: Bool.self)) != nil }) { _ in }
        $0.mapStack("click/{id}", accepting: { (try? $0.param("id", as: Int.self)) != nil }) { match in
            [.home, .profile(id: try match.param("id", as: Int.self))]
        }
        $0.map("{handle}", accepting: { (try? $0.param("handle", as: String.self))?.hasPrefix("@") == true }) { _ in
            .profile(id: 1)
        }
    }

    /// `canOpen` agrees with `openURL` on every link of a seeded corpus, for a group whose
    /// awaited mappings have checks (and whose closures never throw once they pass).
    @Test func canOpenAgreesWithOpenURLThroughTheCheck() async throws {
        var generator = SeededGenerator(seed: 41)
        let words = ["@ada", "ada", "@", "www", "@b%20c", "settings", "click", "7", "x", "dark-mode", "true"]
        for _ in 0..<200 {
            let depth = Int.random(in: 1...3, using: &generator)
            let path = (0..<depth).map { _ in words.randomElement(using: &generator) ?? "" }.joined(separator: "/")
            let url = try Self.url(path)
            let router = Router<Route>(urlMatchers: Self.checkedGroup)
            let answer = router.canOpen(url)
            #expect(await router.openURL(url) == answer, "\(path)")
        }
    }

    /// A stack whose first route is presented is presented over the current stack, which is
    /// kept; dismissing it returns there. A pushed-first stack still replaces the tree.
    @Test func aStackThatStartsWithASheetIsPresentedOverTheStack() async throws {
        let links = URLMatcherGroup<Route>.group("example.com") {
            $0.mapStack("comments/{id}") { [.sheet, .profile(id: try $0.param("id", as: Int.self))] }
            $0.mapStack("orders/{id}") { [.home, .profile(id: try $0.param("id", as: Int.self))] }
        }
        let router = Router<Route>(state: RouterState(stack: [.a, .b]), urlMatchers: links)
        #expect(await router.openURL(try Self.url("comments/4")))
        #expect(router.stack == [.a, .b])
        #expect(router.presentations == [Presentation(.sheet, style: .sheet, stack: [.profile(id: 4)])])
        try await router.dismiss()
        #expect(router.stack == [.a, .b] && router.presentations.isEmpty)
        #expect(await router.openURL(try Self.url("orders/4")))
        #expect(router.stack == [.home, .profile(id: 4)])
    }

    /// On a tab router, such a stack whose first route has no tab is presented above the
    /// tabs: the tab the user was deep in keeps its stack.
    @Test func aTabRouterPresentsSuchAStackAboveTheTabs() async throws {
        let links = URLMatcherGroup<Route>.group("example.com") {
            $0.mapStack("comments/{id}") { [.sheet, .profile(id: try $0.param("id", as: Int.self))] }
        }
        let app = TabRouter<OptionsTab, Route>(tabs: [.home, .search], selected: .home, urlMatchers: links) {
            if case .profile = $0 { .search } else { nil }
        }
        try await app.navigate(to: [.a, .b, .c])
        #expect(await app.openURL(try Self.url("comments/9")))
        #expect(app.selectedTab == .home && app.router(for: .home).stack == [.a, .b, .c])
        #expect(app.presentations == [Presentation(.sheet, style: .sheet, stack: [.profile(id: 9)])])
        try await app.dismiss()
        #expect(app.path == "/a/b/c")
    }
}

/// A link whose effect is selecting a tab: the tab keeps its stack.
@Suite(.suiteLimit) struct TabLinkTests {
    typealias Route = RouterTestRoute

    static let links = URLMatcherGroup<Route>.group("example.com") {
        $0.mapTab("activity") { _ in OptionsTab.search }
        $0.mapTab("elsewhere") { _ in "not a tab of the app" }
        $0.map("profile/{id}") { .profile(id: try $0.param("id", as: Int.self)) }
    }

    static func url(_ path: String) throws -> URL {
        try #require(URL(string: "https://example.com/\(path)"))
    }

    @Test func aTabLinkSelectsTheTabAndKeepsItsStack() async throws {
        let app = TabRouter<OptionsTab, Route>(tabs: [.home, .search], selected: .home, urlMatchers: Self.links) { _ in
            .home
        }
        try await app.router(for: .search).navigate(to: [.a, .b])
        #expect(app.canOpen(try Self.url("activity")))
        #expect(await app.openURL(try Self.url("activity")))
        #expect(app.selectedTab == .search && app.router(for: .search).stack == [.a, .b])
        // Selecting again keeps the stack too (a link is not a re-tap).
        #expect(await app.openURL(try Self.url("activity")))
        #expect(app.router(for: .search).stack == [.a, .b])
    }

    /// A tab link dismisses what is shown above the tabs, as any link to a tab does.
    @Test func aTabLinkDismissesWhatIsAboveTheTabs() async throws {
        let app = TabRouter<OptionsTab, Route>(tabs: [.home, .search], selected: .home, urlMatchers: Self.links) { _ in
            nil
        }
        try await app.present(.sheet)
        #expect(await app.openURL(try Self.url("activity")))
        #expect(app.selectedTab == .search && app.presentations.isEmpty)
    }

    /// A value that is not one of the app's tabs, or a router without tabs, does not handle
    /// the link, and says why.
    @Test func aTabLinkWithoutSuchATabIsNotHandled() async throws {
        let app = TabRouter<OptionsTab, Route>(tabs: [.home, .search], selected: .home, urlMatchers: Self.links) { _ in
            nil
        }
        let events = StreamRecorder(app.events)
        let elsewhere = try Self.url("elsewhere")
        #expect(app.canOpen(elsewhere) == false)
        #expect(await app.openURL(elsewhere) == false)
        try await events.wait {
            $0.contains {
                $0.event
                    == .urlNotHandled(
                        elsewhere, reason: .mappingFailed(pattern: "elsewhere", error: URLAsyncMappingError.selectsTab))
            }
        }
        let router = Router<Route>(urlMatchers: Self.links)
        #expect(router.canOpen(try Self.url("activity")) == false)
        #expect(await router.openURL(try Self.url("activity")) == false)
        #expect(
            Self.links.match(try Self.url("activity"))
                == .failure(.mappingFailed(pattern: "activity", error: URLAsyncMappingError.selectsTab)))
    }
}
