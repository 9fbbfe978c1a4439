import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// Routing's stack operations, adapted to `async`: the cases of its README and tests.
@Suite(.suiteLimit) struct RouterStackTests {
    typealias Route = RouterTestRoute

    @Test func startsEmpty() {
        let router = Router<Route>()
        #expect(router.stack == [])
        #expect(router.modal == nil)
        #expect(router.path == "/")
        #expect(router.lastAction == nil)
    }

    @Test func navigatePushesOneOrMany() async throws {
        let router = Router<Route>()
        try await router.navigate(to: .a)
        try await router.navigate(to: [.b, .c])
        #expect(router.stack == [.a, .b, .c])
        try await router.navigate(to: [])
        #expect(router.stack == [.a, .b, .c])
    }

    @Test func navigateBackOne() async throws {
        let router = Router<Route>(state: RouterState(stack: [.a, .b, .c]))
        try await router.navigateBack()
        #expect(router.stack == [.a, .b])
        try await router.navigateBack(1)
        #expect(router.stack == [.a])
    }

    @Test(arguments: [0, -1, -100])
    func navigateBackZeroOrNegativeChangesNothing(count: Int) async throws {
        let router = Router<Route>(state: RouterState(stack: [.a, .b, .c]))
        let events = StreamRecorder(router.events)
        try await router.navigateBack(count)
        #expect(router.stack == [.a, .b, .c])
        let outcome = try await events.next(2)[1]
        #expect(outcome.state == RouterState(stack: [.a, .b, .c]))
        #expect(outcome.action == nil)  // completed, but the path did not change
    }

    @Test(arguments: [3, 4, 100, Int.max])
    func navigateBackTooManyEmptiesTheStack(count: Int) async throws {
        let router = Router<Route>(state: RouterState(stack: [.a, .b, .c]))
        try await router.navigateBack(count)
        #expect(router.stack == [])
        #expect(router.path == "/")
    }

    @Test func navigateBackOnAnEmptyStackChangesNothing() async throws {
        let router = Router<Route>()
        try await router.navigateBack()
        try await router.navigateToRoot()
        #expect(router.stack == [])
    }

    @Test func navigateBackToTheLastOccurrence() async throws {
        let router = Router<Route>(state: RouterState(stack: [.a, .b, .a, .c, .d]))
        try await router.navigateBack(to: .a)
        #expect(router.stack == [.a, .b, .a])
    }

    @Test func navigateBackToAnAbsentRouteChangesNothing() async throws {
        let router = Router<Route>(state: RouterState(stack: [.a, .b]))
        try await router.navigateBack(to: .c)
        #expect(router.stack == [.a, .b])
        try await router.navigateBack(to: .profile(id: 1))
        #expect(router.stack == [.a, .b])
    }

    @Test func navigateBackToTheRouteOnTopChangesNothing() async throws {
        let router = Router<Route>(state: RouterState(stack: [.a, .b]))
        try await router.navigateBack(to: .b)
        #expect(router.stack == [.a, .b])
    }

    @Test func navigateBackToMatchesAssociatedValues() async throws {
        let router = Router<Route>(state: RouterState(stack: [.profile(id: 1), .profile(id: 2), .a]))
        try await router.navigateBack(to: .profile(id: 1))
        #expect(router.stack == [.profile(id: 1)])
    }

    @Test func navigateToRootEmptiesTheStack() async throws {
        let router = Router<Route>(state: RouterState(stack: [.a, .b, .c]))
        try await router.navigateToRoot()
        #expect(router.stack == [])
    }

    @Test func replaceWithRoutes() async throws {
        let router = Router<Route>(state: RouterState(stack: [.a, .b]))
        try await router.replace(with: [.c, .d])
        #expect(router.stack == [.c, .d])
    }

    @Test func replaceWithEmptyEmptiesTheStack() async throws {
        let router = Router<Route>(state: RouterState(stack: [.a, .b]))
        try await router.replace(with: [])
        #expect(router.stack == [])
    }

    @Test func replaceIsOneNavigation() async throws {
        let router = Router<Route>(state: RouterState(stack: [.a, .b]))
        let actions = StreamRecorder(router.actions)
        try await router.replace(with: [.c])
        #expect(try await actions.next(1) == [NavigationAction(currentPath: "/c", previousPath: "/a/b", action: .push)])
    }

    @Test func modalRoutesArePresentedNotPushed() async throws {
        let router = Router<Route>(state: RouterState(stack: [.a]))
        try await router.navigate(to: .sheet)
        #expect(router.stack == [.a])
        #expect(router.modal == .sheet)
        try await router.navigate(to: .b)  // pushed inside the sheet, on its own stack
        #expect(router.state == RouterState(stack: [.a], presentations: [Presentation(.sheet, stack: [.b])]))
        try await router.navigateBack()  // pops inside the sheet
        try await router.navigateBack()  // at the sheet's root: nothing changes
        #expect(router.state == RouterState(stack: [.a], modal: .sheet))
        try await router.dismiss()
        #expect(router.modal == nil && router.stack == [.a])
        try await router.dismiss()  // nothing to dismiss: no change
        #expect(router.state == RouterState(stack: [.a]))
        try await router.navigate(to: .sheet)
        try await router.navigateToRoot()  // dismisses every presentation, then pops
        #expect(router.state == RouterState())
    }

    @Test func replaceTransitionReplacesTheTopRoute() async throws {
        let router = Router<Route>()
        try await router.navigate(to: .swap)  // empty stack: pushed
        #expect(router.stack == [.swap])
        try await router.navigate(to: [.a, .swap])
        #expect(router.stack == [.swap, .swap])
        try await router.replace(with: [.a, .swap])  // the whole tree given: every route is in it
        #expect(router.stack == [.a, .swap])
    }

    @Test func pathsJoinTheRoutesPaths() async throws {
        let router = Router<Route>()
        let paths = StreamRecorder(router.paths())
        let actions = StreamRecorder(router.actions)
        try await router.navigate(to: .home)
        try await router.navigate(to: .profile(id: 3))
        try await router.navigateBack()
        try await router.navigate(to: .settings)
        #expect(try await paths.next(5) == ["/", "/home", "/home/profile/3", "/home", "/home/settings"])
        let moves = try await actions.next(4)
        #expect(moves.map(\.action) == [.push, .push, .back, .push])
        #expect(moves.map(\.direction) == [.deeper, .deeper, .higher, .deeper])
        #expect(router.lastAction == moves.last)
    }

    @Test func defaultRoutePaths() {
        #expect(Route.home.path == "/home")
        #expect(Route.profile(id: 42).path == "/profile/42")
        #expect(StringRoute.tag("a/b c").path == "/tag/a%2Fb%20c")
        #expect(StringRoute.dots("..").path == "/dots/%2E%2E")
        #expect(StringRoute.pair(1, "x").path == "/pair/1/x")
    }

    @Test func matchesStreamsPatternMatchesOfTheStackPath() async throws {
        let router = Router<Route>(state: RouterState(stack: [.home]))
        let matches = StreamRecorder(router.matches(try PathPattern("/home/profile/:id")))
        try await router.navigate(to: .profile(id: 7))
        try await router.navigate(to: .a)  // no longer matches
        try await router.navigateBack(2)
        let values = try await matches.next(3)
        #expect(values[0] == nil)
        #expect(values[1]?.parameters == ["id": "7"])
        #expect(values[2] == nil)
    }

    @Test func statesStartWithTheCurrentStateAndSkipNoOps() async throws {
        let router = Router<Route>()
        let states = StreamRecorder(router.states())
        try await router.navigate(to: .a)
        try await router.navigateBack(0)  // no change: not repeated
        try await router.navigate(to: .sheet)
        #expect(
            try await states.next(3) == [
                RouterState(), RouterState(stack: [.a]), RouterState(stack: [.a], modal: .sheet),
            ])
    }

    @Test func stateRoundTripsThroughCodable() async throws {
        let router = Router<Route>()
        try await router.navigate(to: [.a, .profile(id: 9), .sheet])
        let data = try JSONEncoder().encode(router.state)
        let restored = Router<Route>(state: try JSONDecoder().decode(RouterState<Route>.self, from: data))
        #expect(restored.state == router.state)
        #expect(restored.path == "/a/profile/9/sheet")
        #expect(restored.stack == [.a, .profile(id: 9)] && restored.modal == .sheet)
    }
}

private enum StringRoute: RouteProvider {
    case tag(String)
    case dots(String)
    case pair(Int, String)
}
