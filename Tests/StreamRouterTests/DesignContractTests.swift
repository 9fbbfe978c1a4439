import StreamRouter
import StreamRouterTesting
import Testing

/// The snippets of DESIGN.md's public contract, compiled as written.
@Suite(.suiteLimit) struct DesignContractTests {
    @Test func navigatorSnippet() {
        let navigator = Navigator(initialPath: "/")
        navigator.navigate("news")
        #expect(navigator.path == "/news")
        navigator.navigate("/settings/user")
        #expect(navigator.path == "/settings/user")
        navigator.navigate("..")
        #expect(navigator.path == "/settings")
        navigator.navigate("profile", replace: true)
        #expect(navigator.path == "/settings/profile")
        navigator.goBack(total: 2)
        navigator.goForward(total: 1)
        // History was /, /news, /settings/user, /settings/profile (which replaced /settings).
        #expect(navigator.path == "/settings/user")
        #expect(navigator.forwardStackSize == 1)
        navigator.clear()
        let _: String = navigator.path
        let _: Bool = navigator.canGoBack
        let _: Bool = navigator.canGoForward
        let _: Int = navigator.historyStackSize
        let _: Int = navigator.forwardStackSize
        let _: NavigationAction? = navigator.lastAction
        #expect(navigator.historyStackSize == 0 && navigator.forwardStackSize == 0)
        #expect(navigator.lastAction?.action == .forward)
    }

    @Test func normalisationExamples() {
        #expect(Navigator(initialPath: "///a//b/").path == "/a/b")
        let navigator = Navigator()
        navigator.navigate("home//")
        #expect(navigator.path == "/home")
    }

    @Test func navigationActionIsPublicEquatableSendable() {
        let action = NavigationAction(currentPath: "/news/latest", previousPath: "/news", action: .push)
        let sendable: any Sendable & Equatable = action
        #expect(sendable as? NavigationAction == action)
        #expect(action.direction == .deeper)
    }

    @Test func streamsSnippet() async throws {
        let navigator = Navigator()
        let all = StreamRecorder(navigator.actions)
        let deeper = StreamRecorder(navigator.actions.filter(direction: .deeper, .sideways))
        let back = StreamRecorder(navigator.actions.filter(action: .back))
        let paths = StreamRecorder(navigator.paths)
        navigator.navigate("/movies")
        navigator.goBack()
        #expect(try await all.next(2).map(\.action) == [.push, .back])
        #expect(try await deeper.next(1).map(\.currentPath) == ["/movies"])
        #expect(try await back.next(1).map(\.currentPath) == ["/"])
        #expect(try await paths.next(3) == ["/", "/movies", "/"])
    }

    @Test func routePatternSnippet() throws {
        let pattern = try PathPattern("/user/:id/*")
        #expect(pattern.match("/user/5/settings")?.parameters["id"] == "5")
        let information: RouteInformation? = pattern.match("/user/5/settings")
        let _: any Sendable & Hashable = try #require(information)
        #expect(information?.path == "/user/5")
    }
}
