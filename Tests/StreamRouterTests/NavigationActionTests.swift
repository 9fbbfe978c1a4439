import StreamRouter
import Testing

@Suite(.suiteLimit) struct NavigationActionTests {
    @Test(arguments: [
        ("/news", "/news/latest", NavigationAction.Direction.deeper),
        ("/", "/hello", .deeper),
        ("/a", "/a/b/c", .deeper),
        ("/movies/actors", "/movies/genres", .sideways),
        ("/news", "/newsletter", .sideways),
        ("/a", "/b", .sideways),
        ("/movies/genres", "/movies", .higher),
        ("/movies/genres", "/news/latest", .higher),
        ("/a/b", "/", .higher),
        ("/a", "/", .higher),
        ("/news/latest", "/newsletter", .higher),
        ("/news", "/newsroom/today", .higher),
        ("/a/b", "/c/d", .higher),
        ("/a/b", "/a/b", .sideways),
    ])
    func direction(from previous: String, to current: String, expected: NavigationAction.Direction) {
        let action = NavigationAction(currentPath: current, previousPath: previous, action: .push)
        #expect(action.direction == expected)
    }

    @Test func equalityComparesPathsAndAction() {
        let push = NavigationAction(currentPath: "/a", previousPath: "/", action: .push)
        #expect(push == NavigationAction(currentPath: "/a", previousPath: "/", action: .push))
        #expect(push != NavigationAction(currentPath: "/a", previousPath: "/", action: .forward))
        #expect(push != NavigationAction(currentPath: "/b", previousPath: "/", action: .push))
        #expect(push != NavigationAction(currentPath: "/a", previousPath: "/c", action: .push))
    }

    @Test func descriptionShowsEverything() {
        let action = NavigationAction(currentPath: "/news/42", previousPath: "/news", action: .push)
        #expect(action.description == "push /news -> /news/42 (deeper)")
    }
}
