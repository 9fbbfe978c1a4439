import Testing

@testable import StreamRouter

/// Histories and stacks bounded by ``InputPolicy/maximumHistoryEntries``, checked against a
/// plain array model on random operation sequences.
@Suite(.suiteLimit) struct BoundedHistoryTests {
    @Test(arguments: [1, 2, 3, 7])
    func aBoundedHistoryMatchesAnArrayModel(limit: Int) {
        var generator = SeededGenerator(seed: UInt64(limit))
        var history = NavigationHistory(root: "/0")
        history.limit(to: limit)
        var back = ["/0"]  // oldest first, current last
        var forward: [String] = []  // furthest first
        for step in 1...2_000 {
            switch Int.random(in: 0..<6, using: &generator) {
            case 0, 1, 2:
                history.push("/\(step)")
                back.append("/\(step)")
                forward.removeAll()
                if back.count > limit { back.removeFirst() }
            case 3:
                let total = Int.random(in: -1...3, using: &generator)
                let steps = min(max(total, 0), back.count - 1)
                #expect(history.goBack(total: total) == steps)
                for _ in 0..<steps { forward.append(back.removeLast()) }
            case 4:
                let total = Int.random(in: -1...3, using: &generator)
                let steps = min(max(total, 0), forward.count)
                #expect(history.goForward(total: total) == steps)
                for _ in 0..<steps { back.append(forward.removeLast()) }
            default:
                history.replaceCurrent(with: "/r\(step)")
                back[back.count - 1] = "/r\(step)"
                forward.removeAll()
            }
            #expect(history.entries == back)
            #expect(history.forwardEntries == forward)
            #expect(history.count <= limit)
        }
    }

    @Test func aNavigatorDropsItsOldestEntry() {
        let navigator = Navigator(initialPath: "/0", policy: InputPolicy(maximumHistoryEntries: 3))
        for index in 1...5 { navigator.navigate("/\(index)") }
        #expect(navigator.history.entries == ["/3", "/4", "/5"])
        #expect(navigator.goBack(total: 10)?.currentPath == "/3")
        #expect(navigator.history.forwardEntries == ["/5", "/4"])
    }

    @Test func aRouterDropsItsBottomRouteAndKeepsItsPath() async throws {
        let router = Router<Level>(policy: InputPolicy(maximumHistoryEntries: 3))
        try await router.navigate(to: [.level(1), .level(2), .level(3), .level(4)])
        #expect(router.stack == [.level(2), .level(3), .level(4)])
        #expect(router.path == "/l2/l3/l4")
        try await router.navigate(to: .level(5))
        #expect(router.path == "/l3/l4/l5")
        try await router.navigateBack(2)
        #expect(router.path == "/l3")
        let restored = Router<Level>(
            state: RouterState(stack: (1...5).map { .level($0) }), policy: InputPolicy(maximumHistoryEntries: 2))
        #expect(restored.stack == [.level(4), .level(5)])
        #expect(restored.path == "/l4/l5")
    }

    /// Routes pushed past the limit in one navigation, on the base stack and inside a sheet:
    /// each stack keeps its newest routes, the entries kept keep their ids.
    @Test func aNavigationPastTheLimitKeepsEachStacksNewestRoutes() async throws {
        let router = Router<Level>(policy: InputPolicy(maximumHistoryEntries: 3))
        try await router.navigate(to: [.level(1), .level(2)])
        let kept = try #require(router.state._entries.last?.id)
        try await router.navigate(to: [.level(3), .level(4)])
        #expect(router.stack == [.level(2), .level(3), .level(4)])
        #expect(router.state._entries.bottomFirst.first?.id == kept)
        let deep = Router<Level>()
        try await deep.navigate(to: (0..<20_000).map { .level($0) })
        #expect(deep.stack == (19_000..<20_000).map { .level($0) })
        #expect(deep.path == (19_000..<20_000).map { "/l\($0)" }.joined())
    }

    /// Navigations of several routes, pushed and presented, on a small limit: each stack
    /// keeps its newest routes and the newest presentations stay, as an array model says.
    @Test(arguments: [1, 2, 3])
    func boundedStacksAndPresentationsMatchAnArrayModel(limit: Int) async throws {
        var generator = SeededGenerator(seed: UInt64(limit))
        let router = Router<RouterTestRoute>(policy: InputPolicy(maximumHistoryEntries: limit))
        var base: [RouterTestRoute] = []
        var presented: [(route: RouterTestRoute, stack: [RouterTestRoute])] = []
        for _ in 0..<200 {
            let routes = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                [RouterTestRoute.a, .b, .c, .sheet].randomElement(using: &generator) ?? .a
            }
            for route in routes {
                if route == .sheet {
                    presented.append((route, []))
                    if presented.count > limit { presented.removeFirst() }
                } else if presented.isEmpty {
                    base.append(route)
                    if base.count > limit { base.removeFirst() }
                } else {
                    presented[presented.count - 1].stack.append(route)
                    if presented[presented.count - 1].stack.count > limit {
                        presented[presented.count - 1].stack.removeFirst()
                    }
                }
            }
            try await router.navigate(to: routes)
            let expected = RouterState(
                stack: base, presentations: presented.map { Presentation($0.route, stack: $0.stack) })
            #expect(router.state == expected)
            if Int.random(in: 0..<4, using: &generator) == 0 {
                try await router.dismissAll()
                presented = []
            }
        }
    }

    @Test(arguments: [0, -1])
    func aRouterLimitBelowOneCountsAsOne(limit: Int) async throws {
        let router = Router<Level>(policy: InputPolicy(maximumHistoryEntries: limit))
        try await router.navigate(to: .level(1))
        try await router.navigate(to: .level(2))
        #expect(router.stack == [.level(2)])
    }

    @Test func aRouterStatesPathFollowsPushesAndPops() {
        var state = RouterState<Level>(stack: [.level(1), .root, .level(2)])
        #expect(state.path == "/l1/l2")
        state.stack = [.root]
        #expect(state.path == "/")
        state.stack = []
        #expect(state.path == "/")
    }

    @Test func aVeryLongHistoryIsReleasedWithoutRecursion() {
        var history: NavigationHistory<String>? = NavigationHistory(root: "/")
        for index in 0..<300_000 { history?.push("/\(index)") }
        #expect(history?.backCount == 300_000)
        history = nil  // a recursive release of 300,000 nodes would overflow the stack
    }

    @Test func aRouterPublishesAnActionExactlyWhenItsPathChanges() async throws {
        var generator = SeededGenerator(seed: 5)
        let router = Router<Level>(policy: InputPolicy(maximumHistoryEntries: 6))
        let choices: [Level] = [.root, .level(1), .level(2), .level(12), .split(1, 2), .split(12, 0)]
        for _ in 0..<1_500 {
            let before = (path: router.path, action: router.lastAction)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0, 1:
                let count = Int.random(in: 1...3, using: &generator)
                try await router.navigate(
                    to: (0..<count).map { _ in choices.randomElement(using: &generator) ?? .root })
            case 2:
                try await router.navigateBack(Int.random(in: 0...2, using: &generator))
            default:
                try await router.replace(
                    with: (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                        choices.randomElement(using: &generator) ?? .root
                    })
            }
            let expected = RouterState(stack: router.stack).path
            #expect(router.path == expected)
            if router.path == before.path {
                #expect(router.lastAction == before.action, "no action when the path stays \(before.path)")
            } else {
                #expect(router.lastAction?.previousPath == before.path)
                #expect(router.lastAction?.currentPath == router.path)
            }
        }
    }

    enum Level: RouteProvider {
        case root
        case level(Int)
        case split(Int, Int)

        var path: String {
            switch self {
            case .root: "/"
            case .level(let number): "/l\(number)"
            case .split(let first, let second): "l\(first)/l\(second)"
            }
        }
    }
}
