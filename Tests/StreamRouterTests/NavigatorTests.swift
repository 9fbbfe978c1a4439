import StreamRouter
import Testing

@Suite(.suiteLimit) struct NavigatorTests {
    @Test func startsAtTheNormalisedInitialPath() {
        let navigator = Navigator(initialPath: "//home//")
        #expect(navigator.path == "/home")
        #expect(navigator.lastAction == nil)
        #expect(!navigator.canGoBack && !navigator.canGoForward)
        #expect(navigator.historyStackSize == 0 && navigator.forwardStackSize == 0)
        #expect(Navigator().path == "/")
        #expect(Navigator(initialPath: "relative/start").path == "/relative/start")
    }

    @Test func relativeAndAbsoluteNavigation() {
        let navigator = Navigator(initialPath: "/")
        navigator.navigate("news")
        #expect(navigator.path == "/news")
        navigator.navigate("/settings/user")
        #expect(navigator.path == "/settings/user")
        navigator.navigate("..")
        #expect(navigator.path == "/settings")
        navigator.navigate("../../../..")
        #expect(navigator.path == "/")
        navigator.navigate("a/b/./c/../d")
        #expect(navigator.path == "/a/b/d")
        #expect(navigator.historyStackSize == 5)
    }

    @Test(arguments: ["", ".", "./", "/news", "/news/", "//news"])
    func navigatingToTheCurrentPathIsANoOp(path: String) {
        let navigator = Navigator(initialPath: "/news")
        #expect(navigator.navigate(path) == nil)
        #expect(navigator.historyStackSize == 0)
        #expect(navigator.lastAction == nil)
    }

    @Test func pushReturnsAndRecordsTheAction() {
        let navigator = Navigator(initialPath: "/news")
        let action = navigator.navigate("latest")
        let expected = NavigationAction(currentPath: "/news/latest", previousPath: "/news", action: .push)
        #expect(action == expected)
        #expect(navigator.lastAction == expected)
        #expect(action?.direction == .deeper)
    }

    @Test func backAndForwardCounts() {
        let navigator = Navigator()
        for path in ["/a", "/b", "/c", "/d"] { navigator.navigate(path) }
        #expect(navigator.historyStackSize == 4)
        navigator.goBack(total: 2)
        #expect(navigator.path == "/b")
        #expect(navigator.historyStackSize == 2 && navigator.forwardStackSize == 2)
        navigator.goForward()
        #expect(navigator.path == "/c")
        #expect(navigator.historyStackSize == 3 && navigator.forwardStackSize == 1)
        navigator.goBack(total: 100)
        #expect(navigator.path == "/")
        #expect(navigator.historyStackSize == 0 && navigator.forwardStackSize == 4)
        #expect(navigator.canGoForward && !navigator.canGoBack)
        navigator.goForward(total: 100)
        #expect(navigator.path == "/d")
        #expect(navigator.historyStackSize == 4 && navigator.forwardStackSize == 0)
    }

    @Test func backThenForwardRestoresTheSameHistory() {
        let navigator = Navigator()
        for path in ["/a", "/b", "/c", "/d"] { navigator.navigate(path) }
        let before = navigator.history
        navigator.goBack(total: 3)
        navigator.goForward(total: 3)
        #expect(navigator.history == before)
        #expect(navigator.history.entries == ["/", "/a", "/b", "/c", "/d"])
    }

    @Test(arguments: [0, -1, -100])
    func nonPositiveTotalsDoNothing(total: Int) {
        let navigator = Navigator()
        navigator.navigate("/a")
        navigator.navigate("/b")
        navigator.goBack()
        let history = navigator.history
        let last = navigator.lastAction
        #expect(navigator.goBack(total: total) == nil)
        #expect(navigator.goForward(total: total) == nil)
        #expect(navigator.history == history)
        #expect(navigator.lastAction == last)
    }

    @Test func aMultiStepMovePublishesOneAction() {
        let navigator = Navigator()
        for path in ["/a", "/b", "/c"] { navigator.navigate(path) }
        let back = navigator.goBack(total: 2)
        #expect(back == NavigationAction(currentPath: "/a", previousPath: "/c", action: .back))
        let forward = navigator.goForward(total: 5)
        #expect(forward == NavigationAction(currentPath: "/c", previousPath: "/a", action: .forward))
    }

    @Test func goingBackAtTheStartDoesNothing() {
        let navigator = Navigator(initialPath: "/home")
        #expect(navigator.goBack() == nil)
        #expect(navigator.goForward() == nil)
        #expect(navigator.path == "/home")
    }

    @Test func aPushClearsTheForwardStack() {
        let navigator = Navigator()
        navigator.navigate("/a")
        navigator.navigate("/b")
        navigator.goBack()
        #expect(navigator.canGoForward)
        navigator.navigate("/c")
        #expect(!navigator.canGoForward)
        #expect(navigator.history.entries == ["/", "/a", "/c"])
    }

    @Test func replaceSwapsTheTopEntry() {
        let navigator = Navigator()
        navigator.navigate("/settings")
        navigator.navigate("/settings/user")
        navigator.goBack()
        navigator.goForward()
        navigator.goBack()
        let action = navigator.navigate("profile", replace: true)
        #expect(action == NavigationAction(currentPath: "/settings/profile", previousPath: "/settings", action: .push))
        #expect(navigator.history.entries == ["/", "/settings/profile"])
        #expect(!navigator.canGoForward)
        navigator.goBack()
        #expect(navigator.path == "/")
    }

    @Test func clearKeepsThePathAndDropsHistory() {
        let navigator = Navigator()
        navigator.navigate("/a")
        navigator.navigate("/b")
        navigator.goBack()
        navigator.clear()
        #expect(navigator.path == "/a")
        #expect(!navigator.canGoBack && !navigator.canGoForward)
        #expect(navigator.historyStackSize == 0)
    }

    @Test func resolveDoesNotNavigate() {
        let navigator = Navigator(initialPath: "/news/latest")
        #expect(navigator.resolve("../article/42") == "/news/article/42")
        #expect(navigator.path == "/news/latest")
    }

    @Test func oddPathsGiveAValueOrATypedError() {
        let navigator = Navigator()
        let long = String(repeating: "x", count: 10_000)
        #expect(navigator.navigate(long) == nil)  // over the 4,096-byte default limit
        #expect(throws: InputError.tooLong(.path, length: 10_000, limit: 4_096)) {
            try navigator.navigate(checked: long)
        }
        #expect(Navigator(policy: InputPolicy(maximumPathLength: 20_000)).navigate(long)?.currentPath == "/" + long)
        navigator.navigate("/a")
        navigator.navigate(String(repeating: "../", count: 1_000))
        #expect(navigator.path == "/")
        navigator.navigate("////")
        #expect(navigator.path == "/")
        navigator.navigate("/\u{1F600}/caf\u{E9}")
        #expect(navigator.path == "/\u{1F600}/caf\u{E9}")
        #expect(throws: InputError.controlCharacter(.path, scalar: 0, offset: 2)) {
            try navigator.navigate(checked: "/a\u{0}")
        }
        #expect(navigator.path == "/\u{1F600}/caf\u{E9}")
    }

    /// Checks history operations against a trivial model on many random sequences.
    @Test func agreesWithAReferenceModelOnRandomOperations() {
        var random = SeededGenerator(seed: 0x5EED)
        for run in 0..<300 {
            let navigator = Navigator()
            var model = ReferenceHistory()
            for step in 0..<40 {
                let operation = random.next(below: 5)
                let amount = Int(random.next(below: 6)) - 1
                let path = "/p\(random.next(below: 4))"
                switch operation {
                case 0:
                    navigator.navigate(path)
                    model.navigate(path, replace: false)
                case 1:
                    navigator.navigate(path, replace: true)
                    model.navigate(path, replace: true)
                case 2:
                    navigator.goBack(total: amount)
                    model.goBack(amount)
                case 3:
                    navigator.goForward(total: amount)
                    model.goForward(amount)
                default:
                    navigator.clear()
                    model.clear()
                }
                let context = "run \(run) step \(step) operation \(operation) amount \(amount) path \(path)"
                #expect(navigator.path == model.path, Comment(rawValue: context))
                #expect(navigator.history.entries == model.back + [model.path], Comment(rawValue: context))
                #expect(navigator.history.forwardEntries == model.forward.reversed(), Comment(rawValue: context))
            }
        }
    }
}

/// The obvious implementation of a browser history: a list and a cursor.
private struct ReferenceHistory {
    var back: [String] = []
    var path = "/"
    var forward: [String] = []  // nearest first

    mutating func navigate(_ target: String, replace: Bool) {
        guard target != path else { return }
        if !replace { back.append(path) }
        path = target
        forward = []
    }

    mutating func goBack(_ total: Int) {
        for _ in 0..<max(0, min(total, back.count)) {
            forward.insert(path, at: 0)
            path = back.removeLast()
        }
    }

    mutating func goForward(_ total: Int) {
        for _ in 0..<max(0, min(total, forward.count)) {
            back.append(path)
            path = forward.removeFirst()
        }
    }

    mutating func clear() {
        back = []
        forward = []
    }
}
