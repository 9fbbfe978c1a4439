import StreamRouter
import StreamRouterTesting
import Testing

/// Presenting and dismissing a modal on `router.actions`: the modal is the top of the
/// displayed path.
@Suite(.suiteLimit) struct ModalActionTests {
    enum Screen: RouteProvider {
        case home
        case detail(id: Int)
        case login, picker

        var transition: RouteTransition {
            switch self {
            case .login, .picker: .modal
            default: .push
            }
        }
    }

    @Test func presentIsAPushAndDismissABack() async throws {
        let router = Router<Screen>(state: RouterState(stack: [.home]))
        let actions = StreamRecorder(router.actions)
        let paths = StreamRecorder(router.paths())
        try await router.navigate(to: .login)
        try await router.navigate(to: .picker)  // a sheet over the sheet
        try await router.navigate(to: .detail(id: 1))  // pushed inside the top sheet
        try await router.dismiss()  // the picker and its stack
        #expect(
            try await actions.next(4) == [
                NavigationAction(currentPath: "/home/login", previousPath: "/home", action: .push),
                NavigationAction(currentPath: "/home/login/picker", previousPath: "/home/login", action: .push),
                NavigationAction(
                    currentPath: "/home/login/picker/detail/1", previousPath: "/home/login/picker", action: .push),
                NavigationAction(
                    currentPath: "/home/login", previousPath: "/home/login/picker/detail/1", action: .back),
            ])
        #expect(router.lastAction?.direction == .higher)
        #expect(router.path == "/home/login")
        #expect(router.stack == [.home])
        // `paths` follows the displayed path.
        #expect(
            try await paths.next(5) == [
                "/home", "/home/login", "/home/login/picker", "/home/login/picker/detail/1", "/home/login",
            ])
        try await paths.expectNoNewValues()
    }

    enum Sheet: RouteProvider {
        case b, bc, c

        var path: String {
            switch self {
            case .b: "/b"
            case .bc: "/b/c"
            case .c: "/c"
            }
        }

        var transition: RouteTransition { self == .b ? .push : .modal }
    }

    /// The stack changes while the displayed path stays (`[] + /b/c` -> `[/b] + /c`): no
    /// action (its two paths would be equal), and `paths` (the displayed path) yields nothing
    /// new; the next change of the path is the next action.
    @Test func aStackChangeUnderAnUnchangedDisplayedPath() async throws {
        let router = Router<Sheet>(state: RouterState(stack: [], modal: .bc))
        let actions = StreamRecorder(router.actions)
        let paths = StreamRecorder(router.paths())
        try await router.replace(with: [.b, .c])
        #expect(router.stack == [.b] && router.modal == .c)
        try await router.dismiss()
        let seen = try await actions.next(1)
        #expect(seen.map(\.previousPath) == ["/b/c"])
        #expect(seen.map(\.currentPath) == ["/b"])
        #expect(try await paths.next(2) == ["/b/c", "/b"])
    }

    @Test func theDisplayedPath() {
        #expect(RouterState<Screen>(stack: [.home], modal: .login).displayedPath == "/home/login")
        #expect(RouterState<Screen>(stack: [], modal: .login).displayedPath == "/login")
        #expect(RouterState<Screen>(stack: [.home]).displayedPath == "/home")
        #expect(RouterState<Screen>().displayedPath == "/")
    }

    @Test func presentingIsDeeperAndDismissingHigher() async throws {
        let router = Router<Screen>(state: RouterState(stack: [.home]))
        let actions = StreamRecorder(router.actions)
        try await router.navigate(to: .login)
        try await router.dismiss()
        #expect(try await actions.next(2).map(\.direction) == [.deeper, .higher])
    }

    /// A trivial model of the tree and its displayed path after each operation.
    struct Reference {
        var stack: [Screen] = []
        var presentations: [(route: Screen, stack: [Screen])] = []

        var displayedPath: String {
            let routes = stack + presentations.flatMap { [$0.route] + $0.stack }
            let path = routes.map(\.path).joined()
            return path.isEmpty ? "/" : path
        }

        mutating func push(_ route: Screen) {
            if presentations.isEmpty {
                stack.append(route)
            } else {
                presentations[presentations.count - 1].stack.append(route)
            }
        }

        mutating func pop() {
            if presentations.isEmpty {
                stack = Array(stack.dropLast())
            } else {
                presentations[presentations.count - 1].stack = Array(
                    presentations[presentations.count - 1].stack.dropLast())
            }
        }
    }

    /// Random sequences of push, pop, root, present, dismiss, dismiss-all and a push with a
    /// present in one navigation, over sheets that stack: every
    /// subscriber sees actions chained (`b.previousPath == a.currentPath`), one per change
    /// of the displayed path, matching a reference model.
    @Test(arguments: 0..<8 as Range<UInt64>)
    func actionsChainOverRandomSequences(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let router = Router<Screen>()
        let first = StreamRecorder(router.actions)
        let second = StreamRecorder(router.actions(bufferingPolicy: .unbounded))
        var reference = Reference()
        var expectedPaths: [String] = []
        for _ in 0..<200 {
            let before = reference.displayedPath
            switch random.below(9) {
            case 0, 1:
                let route = Screen.detail(id: random.below(3))
                try await router.navigate(to: route)
                reference.push(route)
            case 2:
                try await router.navigateBack()
                reference.pop()
            case 3:
                let route: Screen = random.below(2) == 0 ? .login : .picker
                try await router.navigate(to: route)
                reference.presentations.append((route, []))
            case 4:
                try await router.dismiss()
                reference.presentations = Array(reference.presentations.dropLast())
            case 5:
                try await router.navigateToRoot()
                reference = Reference()
            case 6:
                try await router.dismissAll()
                reference.presentations = []
            default:
                try await router.navigate(to: [.home, .login])
                reference.push(.home)
                reference.presentations.append((.login, []))
            }
            #expect(router.state.displayedPath == reference.displayedPath)
            if reference.displayedPath != before {
                expectedPaths.append(reference.displayedPath)
            }
        }
        for recorder in [first, second] {
            let actions = try await recorder.next(expectedPaths.count)
            #expect(actions.map(\.currentPath) == expectedPaths)
            #expect(actions.first?.previousPath == "/")
            for (a, b) in zip(actions, actions.dropFirst()) {
                #expect(b.previousPath == a.currentPath)
            }
            try await recorder.expectNoNewValues(within: .milliseconds(10))
        }
    }

    /// Concurrent tasks presenting, dismissing, pushing and popping: every subscriber still
    /// sees one chained order.
    @Test func actionsChainUnderConcurrency() async throws {
        let router = Router<Screen>()
        let recorders = (0..<3).map { _ in StreamRecorder(router.actions) }
        let events = StreamRecorder(router.events)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for step in 0..<50 {
                        switch (task + step) % 4 {
                        case 0: try await router.navigate(to: .login)
                        case 1: try await router.dismiss()
                        case 2: try await router.navigate(to: .detail(id: task))
                        default: try await router.navigateBack()
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        try await events.wait { $0.count { $0.state != nil } == 400 }
        let count = try await events.next(800).count { $0.action != nil }  // started and completed
        for recorder in recorders {
            let actions = try await recorder.next(count)
            for (a, b) in zip(actions, actions.dropFirst()) {
                #expect(b.previousPath == a.currentPath)
            }
        }
    }
}
