import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

@Suite(.suiteLimit) struct MatchesTests {
    @Test func currentMatchFirstThenOnlyChanges() async throws {
        let navigator = Navigator(initialPath: "/home")
        let recorder = StreamRecorder(navigator.matches(try PathPattern("/user/:id/*")))
        navigator.navigate("/about")  // still nil: not repeated
        navigator.navigate("/user/1/a")
        navigator.navigate("/user/1/b")  // identical match: not repeated
        navigator.navigate("/user/2")
        navigator.navigate("/home")
        let matches = try await recorder.next(4)
        #expect(
            matches == [
                nil,
                RouteInformation(path: "/user/1", parameters: ["id": "1"]),
                RouteInformation(path: "/user/2", parameters: ["id": "2"]),
                nil,
            ])
    }

    @Test func globOverloadThrowsForABadPattern() {
        let navigator = Navigator()
        #expect(throws: PathPatternError.self) { _ = try navigator.matches("/user/:") }
    }

    @Test func validatorActivatesOnlyValidMatches() async throws {
        let navigator = Navigator(initialPath: "/user/not-a-uuid")
        let ids = StreamRecorder(
            navigator.matches(try PathPattern("/user/:id")) { UUID(uuidString: $0.parameters["id"] ?? "") })
        let uuid = UUID()
        navigator.navigate("/user/also-bad")  // still nil: not repeated
        navigator.navigate("/user/\(uuid.uuidString)")
        navigator.navigate("/user/\(uuid.uuidString)/")  // same path after normalisation: no action
        navigator.navigate("/")
        #expect(try await ids.next(3) == [nil, uuid, nil])
    }

    /// A validator's value need not be `Equatable`: one element per change of the match.
    @Test func aValidatorMayMakeAValueThatIsNotEquatable() async throws {
        struct UserScreen: Sendable {
            let id: Int
            let load: @Sendable () -> Void
        }
        let navigator = Navigator(initialPath: "/user/1")
        let screens = StreamRecorder(
            navigator.matches(try PathPattern("/user/:id")) { match in
                match.parameters["id"].flatMap(Int.init).map { UserScreen(id: $0, load: {}) }
            })
        navigator.navigate("/user/2")
        navigator.navigate("/user/2/")  // the same path: no change
        navigator.navigate("/user/x")
        navigator.navigate("/")
        #expect(try await screens.next(4).map { $0?.id } == [1, 2, nil, nil])
    }

    @Test func routeTableFirstMatchStream() async throws {
        let table = RouteTable<String>([
            (try PathPattern("/news/:id"), "article"),
            (try PathPattern("/news/*"), "news"),
        ])
        let navigator = Navigator()
        let recorder = StreamRecorder(navigator.firstMatches(in: table))
        navigator.navigate("/news")
        navigator.navigate("/news/1")
        navigator.navigate("/news/1/comments")
        navigator.navigate("/news/2/comments")  // same entry, same information ("/news"): no change
        navigator.navigate("/elsewhere")
        let matches = try await recorder.next(5)
        #expect(matches.map { $0?.value } == [nil, "news", "article", "news", nil])
        #expect(matches[2]?.information.parameters == ["id": "1"])
        #expect(matches[2]?.entryIndex == 0)
    }

    @Test func relativePatternsAndNavigation() throws {
        let news = try #require(try PathPattern("/news/*").match("/news/5"))
        #expect(news.path == "/news")
        let article = try PathPattern(":id", relativeTo: news)
        #expect(article.description == "/news/:id")
        #expect(article.match("/news/5")?.parameters["id"] == "5")
        #expect(try PathPattern("/absolute", relativeTo: news).description == "/absolute")
        #expect(try PathPattern("../user/:id", relativeTo: news).description == "/user/:id")
        #expect(news.resolve("../error") == "/error")
        #expect(news.resolve("archive") == "/news/archive")

        let navigator = Navigator(initialPath: "/news/5/comments")
        navigator.navigate("../error", relativeTo: news)
        #expect(navigator.path == "/error")
    }

    /// The parent's matched path is text: a `:`, `*` or `?` in it is a literal, never glob
    /// syntax, and `..` climbs out of it as out of any path.
    @Test func aRelativePatternReadsItsParentsPathAsText() throws {
        let slot = try #require(try PathPattern("/events/:slot/*").match("/events/12:30/details"))
        #expect(slot.path == "/events/12:30")
        let details = try PathPattern("details", relativeTo: slot)
        #expect(details.match("/events/12:30/details")?.parameters == [:])
        #expect(details.match("/events/12:31/details") == nil)

        let user = try #require(try PathPattern("/users/:name/*").match("/users/ann:admin/posts"))
        let posts = try PathPattern("posts/:id?", relativeTo: user)
        #expect(posts.match("/users/annX/posts") == nil)
        #expect(posts.match("/users/ann:admin/posts/4")?.parameters == ["id": "4"])
        #expect(try PathPattern("../*", relativeTo: user).match("/users/bob") != nil)
        #expect(try PathPattern("a/../../:other", relativeTo: user).description == "/users/:other")

        let star = try #require(try PathPattern("/files/*").match("/files/*"))
        #expect(try PathPattern("*", relativeTo: RouteInformation(path: star.path + "/*")).match("/files/*/x") != nil)
    }

    @Test(arguments: [
        ("/news", "/news/latest", false, true),
        ("/news", "/news/latest", true, false),
        ("/news", "/news", true, true),
        ("/news", "/newsroom", false, false),
        ("/", "/anything", false, true),
        ("/", "/anything", true, false),
        ("/news/latest", "/news", false, false),
    ])
    func linkActivity(link: String, current: String, exact: Bool, active: Bool) {
        #expect(Navigator(initialPath: current).isActive(link, exact: exact) == active)
    }

    @Test func relativeLinksResolveAgainstTheCurrentPath() {
        let navigator = Navigator(initialPath: "/news/latest")
        #expect(navigator.isActive(".."))
        #expect(navigator.isActive("."))
        #expect(!navigator.isActive("../other"))
    }

    @Test func activityStream() async throws {
        let navigator = Navigator()
        let recorder = StreamRecorder(navigator.activity(of: "/news"))
        navigator.navigate("/news")
        navigator.navigate("/news/1")  // still active: not repeated
        navigator.navigate("/newsroom")
        #expect(try await recorder.next(3) == [false, true, false])
    }
}

@Suite(.suiteLimit) struct RedirectTests {
    let table: RouteTable<RouteDestination<String>>

    init() throws {
        table = RouteTable([
            (try PathPattern("/news/*"), .screen("news")),
            (try PathPattern("/old-news/*"), .redirect(to: "/news")),
            (try PathPattern("/older-news"), .redirect(to: "/old-news")),
            (try PathPattern("/relative/:id"), .redirect(to: "../../news")),  // from "/relative/5"
            (try PathPattern("/ping"), .redirect(to: "/pong")),
            (try PathPattern("/pong"), .redirect(to: "../ping")),
        ])
    }

    @Test func followsChainsOfRedirects() throws {
        let resolved = try #require(try table.resolve("/older-news"))
        #expect(resolved.screen == "news")
        #expect(resolved.path == "/news")
        #expect(resolved.redirectedFrom == ["/older-news", "/old-news"])
        #expect(try table.resolve("/relative/5")?.path == "/news")
        #expect(try table.resolve("/nowhere") == nil)
    }

    @Test func detectsLoops() {
        let error = #expect(throws: RouteRedirectError.self) { try table.resolve("/ping") }
        #expect(error?.reason == .loop)
        #expect(error?.chain == ["/ping", "/pong", "/ping"])
    }

    @Test func limitsLongChains() throws {
        let chain = RouteTable<RouteDestination<Int>>(
            try (1...5).map { (try PathPattern("/r\($0)"), .redirect(to: "/r\($0 + 1)")) } + [
                (try PathPattern("/r6"), .screen(6))
            ]
        )
        #expect(try chain.resolve("/r1", maximumRedirects: 5)?.screen == 6)
        let error = #expect(throws: RouteRedirectError.self) { try chain.resolve("/r1", maximumRedirects: 3) }
        #expect(error?.reason == .tooManyRedirects(limit: 3))
        #expect(error?.chain == ["/r1", "/r2", "/r3", "/r4", "/r5"])
    }

    @Test func navigateAppliesTheRedirectOnce() throws {
        let navigator = Navigator()
        let action = try navigator.navigate("/older-news", redirectsIn: table)
        #expect(action == NavigationAction(currentPath: "/news", previousPath: "/", action: .push))
        #expect(navigator.history.entries == ["/", "/news"])
    }

    /// A redirect to a path no entry matches is followed all the same: the history gets the
    /// path it leads to, as it would navigating there.
    @Test func navigateFollowsARedirectToAPathWithNoEntry() throws {
        let table = RouteTable<RouteDestination<String>>([
            (try PathPattern("/news/*"), .screen("news")),
            (try PathPattern("/old-section/*"), .redirect(to: "/new-section")),
        ])
        let navigator = Navigator()
        let action = try navigator.navigate("/old-section/5", redirectsIn: table)
        #expect(action == NavigationAction(currentPath: "/new-section", previousPath: "/", action: .push))
        #expect(navigator.history.entries == ["/", "/new-section"])
        #expect(try table.resolve("/old-section/5") == nil)
    }

    @Test func aLoopLeavesTheNavigatorUnchanged() {
        let navigator = Navigator(initialPath: "/start")
        #expect(throws: RouteRedirectError.self) { try navigator.navigate("/ping", redirectsIn: table) }
        #expect(navigator.path == "/start")
        #expect(navigator.lastAction == nil)
    }

    @Test func screensStreamReportsRedirectsWithoutNavigating() async throws {
        let navigator = Navigator(initialPath: "/news")
        let actions = StreamRecorder(navigator.actions)
        let screens = StreamRecorder(navigator.screens(in: table))
        let second = StreamRecorder(navigator.screens(in: table))
        #expect(try await screens.next(1).map { try $0.get()?.screen } == ["news"])
        navigator.navigate("/old-news/1")
        let next = try #require(try await screens.next(1).first?.get())
        #expect(next.path == "/news" && next.screen == "news")
        #expect(next.redirectedFrom == ["/old-news/1"])
        #expect(try await second.next(2).compactMap { try $0.get()?.path } == ["/news", "/news"])
        // Two subscribers, and still one push: the streams never navigate.
        #expect(try await actions.next(1).map(\.currentPath) == ["/old-news/1"])
        try await actions.expectNoNewValues(within: .milliseconds(20))
        #expect(navigator.history.entries == ["/news", "/old-news/1"])
        navigator.navigate("/ping")
        let failure = try await screens.next(1)
        #expect(throws: RouteRedirectError.self) { try failure.first?.get() }
        #expect(navigator.path == "/ping")
    }

    /// Resolving, following redirects and committing are one critical section. `"../old"`
    /// from `/a/N/new` redirects back to `/a/N/new`, so it never changes anything when it
    /// resolves against the path it commits over; resolved in one lock and committed in
    /// another, it would push a stale `/a/N/new` after another task moved on.
    @Test func redirectedNavigationsAreAtomic() async throws {
        let table = RouteTable<RouteDestination<String>>([
            (try PathPattern("/a/:n/old"), .redirect(to: "../new")),
            (try PathPattern("/*"), .screen("any")),
        ])
        let navigator = Navigator(initialPath: "/a/0/new")
        let actions = StreamRecorder(navigator.actions)
        let staleMoves = await withTaskGroup(of: Int.self) { group in
            for task in 0..<4 {
                group.addTask {
                    var stale = 0
                    for step in 1...200 {
                        if step.isMultiple(of: 2) {
                            _ = try? navigator.navigate("../../\(task * 1_000 + step)/old", redirectsIn: table)
                        } else if (try? navigator.navigate("../old", redirectsIn: table)) != nil {
                            stale += 1
                        }
                    }
                    return stale
                }
            }
            return await group.reduce(0, +)
        }
        #expect(staleMoves == 0, "a redirect back to the current path never moves")
        let seen = try await actions.next(400)
        #expect(seen.allSatisfy { $0.currentPath.hasSuffix("/new") }, "no redirecting path was committed")
        for (earlier, later) in zip(seen, seen.dropFirst()) {
            #expect(later.previousPath == earlier.currentPath)
        }
        try await actions.expectNoNewValues(within: .milliseconds(20))
    }
}
