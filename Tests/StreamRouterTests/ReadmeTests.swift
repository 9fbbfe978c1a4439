import StreamRouter
import StreamRouterTesting
import Testing

/// Each test mirrors a code block of README.md, so the README cannot drift from the API.
@Suite(.suiteLimit) struct ReadmeTests {
    @Test func leadExample() async throws {
        let navigator = Navigator(initialPath: "/")
        let actions = navigator.actions
        let article = try PathPattern("/news/:id")

        navigator.navigate("news")
        navigator.navigate("42")
        navigator.goBack()
        navigator.navigate("/settings/profile")

        var lines: [String] = []
        for await action in actions.prefix(4) {
            lines.append("\(action) \(article.match(action.currentPath)?.parameters ?? [:])")
        }
        #expect(
            lines == [
                "push / -> /news (deeper) [:]",
                "push /news -> /news/42 (deeper) [\"id\": \"42\"]",
                "back /news/42 -> /news (higher) [:]",
                "push /news -> /settings/profile (higher) [:]",
            ])
    }

    /// README "Quick start".
    final class ArticleViewModel: Sendable {
        let titles = CurrentValueSubject<String?>(nil)

        func run(on navigator: Navigator) async throws {
            let article = try PathPattern("/news/:id")
            for await path in navigator.paths {
                let id = article.match(path)?.parameters["id"]
                titles.send(id.map { "Article \($0)" })
            }
        }
    }

    @Test func quickStartViewModel() async throws {
        let navigator = Navigator(initialPath: "/news/1")
        let model = ArticleViewModel()
        let titles = StreamRecorder(model.titles.values)
        let running = Task { try await model.run(on: navigator) }
        #expect(try await titles.next(2) == [nil, "Article 1"])
        navigator.navigate("/news/2")
        #expect(try await titles.next(1) == ["Article 2"])
        navigator.navigate("/about")
        #expect(try await titles.next(1) == [nil])
        running.cancel()
    }

    @Test func streamsSection() async throws {
        let navigator = Navigator()
        let deeper = StreamRecorder(navigator.actions.filter(direction: .deeper, .sideways))
        let backs = StreamRecorder(navigator.actions.filter(action: .back))
        let latest = navigator.actions(bufferingPolicy: .bufferingNewest(1))
        navigator.navigate("/a")
        navigator.navigate("/b")
        navigator.goBack()
        #expect(try await deeper.next(2).map(\.currentPath) == ["/a", "/b"])
        #expect(try await backs.next(1).map(\.currentPath) == ["/a"])
        var iterator = latest.makeAsyncIterator()
        #expect(await iterator.next()?.action == .back)
    }

    @Test func routePatternsSection() throws {
        let pattern = try PathPattern("/user/:id/*")
        #expect(pattern.match("/user/5/settings")?.parameters["id"] == "5")
        #expect(pattern.match("/user/5/settings")?.path == "/user/5")
        #expect(pattern.match("/username") == nil)
        do {
            _ = try PathPattern("/user/:1d")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".hasPrefix("Invalid parameter name '1d' in segment 1 (':1d') of pattern '/user/:1d': "))
        }

        let screens = RouteTable<String>([
            (try PathPattern("/news/:id"), "article"),
            (try PathPattern("/news/*"), "news"),
            (try PathPattern("/*"), "not found"),
        ])
        #expect(screens.match("/news/5")?.value == "article")
        #expect(screens.match("/news/5/comments")?.value == "news")
    }
}

/// README "View models on routes".
@Suite(.suiteLimit) struct ReadmeViewModelTests {
    enum Screen: Sendable, Equatable { case home, article, notFound }

    final class AppViewModel: Sendable {
        let screen = CurrentValueSubject<Screen?>(nil)
        let userID = CurrentValueSubject<String?>(nil)

        func run(on navigator: Navigator) async throws {
            let screens = RouteTable<Screen>([
                (try PathPattern("/"), .home),
                (try PathPattern("/news/:id"), .article),
                (try PathPattern("/*"), .notFound),
            ])
            let users = navigator.matches(try PathPattern("/user/:id/*"))
            async let screenUpdates: Void = {
                for await match in navigator.firstMatches(in: screens) { screen.send(match?.value) }
            }()
            for await user in users { userID.send(user?.parameters["id"]) }
            await screenUpdates
        }
    }

    @Test func viewModelDrivenByMatchesAndATable() async throws {
        let navigator = Navigator()
        let model = AppViewModel()
        let screens = StreamRecorder(model.screen.values)
        let users = StreamRecorder(model.userID.values)
        let running = Task { try await model.run(on: navigator) }
        #expect(try await screens.next(2) == [nil, .home])
        navigator.navigate("/news/1")
        #expect(try await screens.next(1) == [.article])
        navigator.navigate("/user/9/posts")
        #expect(try await screens.next(1) == [.notFound])
        try await users.wait { $0.last == "9" }
        running.cancel()
        _ = await running.result
    }

    @Test func whileMatchingAndRedirects() async throws {
        let navigator = Navigator()
        let loaded = MulticastSubject<String>()
        let recorder = StreamRecorder(loaded.values)
        let loading = navigator.whileMatching(try PathPattern("/user/:id")) { match in
            loaded.send(match.parameters["id"] ?? "?")
        }
        navigator.navigate("/user/3")
        #expect(try await recorder.next(1) == ["3"])
        withExtendedLifetime(loading) {}

        let routes = RouteTable<RouteDestination<String>>([
            (try PathPattern("/news/*"), .screen("news")),
            (try PathPattern("/old-news/*"), .redirect(to: "/news")),
        ])
        try navigator.navigate("/old-news/5", redirectsIn: routes)
        #expect(navigator.path == "/news")
    }
}
