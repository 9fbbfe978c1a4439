@_spi(Testing) import StreamRouter
import StreamRouterTesting
import Testing

@Suite(.suiteLimit) struct NavigatorStreamTests {
    @Test func actionsSubscribeWhenCreated() async throws {
        let navigator = Navigator()
        let actions = navigator.actions
        navigator.navigate("/news")
        var iterator = actions.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first == NavigationAction(currentPath: "/news", previousPath: "/", action: .push))
    }

    @Test func actionsCarryEveryKindOfMove() async throws {
        let navigator = Navigator()
        let recorder = StreamRecorder(navigator.actions)
        navigator.navigate("news")
        navigator.navigate("42")
        navigator.goBack()
        navigator.goForward()
        navigator.navigate("/settings", replace: true)
        navigator.clear()  // publishes nothing
        navigator.navigate("/settings")  // no-op
        let actions = try await recorder.next(5)
        #expect(actions.map(\.action) == [.push, .push, .back, .forward, .push])
        #expect(actions.map(\.currentPath) == ["/news", "/news/42", "/news", "/news/42", "/settings"])
        #expect(actions.map(\.direction) == [.deeper, .deeper, .higher, .deeper, .higher])
    }

    @Test func pathsStartWithTheCurrentPath() async throws {
        let navigator = Navigator(initialPath: "/home")
        let recorder = StreamRecorder(navigator.paths)
        navigator.navigate("a")
        navigator.goBack()
        #expect(try await recorder.next(3) == ["/home", "/home/a", "/home"])
    }

    @Test func pathsSkipMovesThatLandOnTheSamePath() async throws {
        let navigator = Navigator()
        navigator.navigate("/a")
        navigator.navigate("/b")
        navigator.navigate("/a")
        let recorder = StreamRecorder(navigator.paths)
        navigator.goBack(total: 2)  // "/a" -> "/a"
        navigator.goBack()  // "/"
        #expect(try await recorder.next(2) == ["/a", "/"])
    }

    @Test func filterByDirection() async throws {
        let navigator = Navigator()
        let recorder = StreamRecorder(navigator.actions.filter(direction: .deeper, .sideways))
        navigator.navigate("/movies")  // deeper
        navigator.navigate("/movies/actors")  // deeper
        navigator.navigate("/movies/genres")  // sideways
        navigator.navigate("/news/latest")  // higher
        navigator.navigate("/news/latest/1")  // deeper
        let actions = try await recorder.next(4)
        #expect(actions.map(\.currentPath) == ["/movies", "/movies/actors", "/movies/genres", "/news/latest/1"])
    }

    @Test func filterByAction() async throws {
        let navigator = Navigator()
        let recorder = StreamRecorder(navigator.actions.filter(action: .back))
        navigator.navigate("/a")
        navigator.navigate("/b")
        navigator.goBack()
        navigator.goForward()
        navigator.goBack(total: 2)
        let actions = try await recorder.next(2)
        #expect(
            actions == [
                NavigationAction(currentPath: "/a", previousPath: "/b", action: .back),
                NavigationAction(currentPath: "/", previousPath: "/b", action: .back),
            ])
    }

    @Test func manyTasksNavigatingConcurrentlyKeepOneChainedOrder() async throws {
        let navigator = Navigator()
        let recorders = (0..<6).map { _ in StreamRecorder(navigator.actions) }
        let pathRecorder = StreamRecorder(navigator.paths)
        let published = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var published = 0
                    for step in 0..<200 {
                        let action: NavigationAction?
                        switch step % 5 {
                        case 0: action = navigator.navigate("/w\(worker)/s\(step)")
                        case 1: action = navigator.navigate("..")
                        case 2: action = navigator.goBack(total: 2)
                        case 3: action = navigator.goForward()
                        default: action = navigator.navigate("x\(step)", replace: step.isMultiple(of: 2))
                        }
                        if action != nil { published += 1 }
                    }
                    return published
                }
            }
            return await group.reduce(0, +)
        }
        #expect(published > 0)
        var sequences: [[NavigationAction]] = []
        for recorder in recorders {
            let actions = try await recorder.next(published, timeout: .seconds(30))
            #expect(recorder.values.count == published)
            #expect(actions.first?.previousPath == "/")
            for (previous, next) in zip(actions, actions.dropFirst()) {
                #expect(next.previousPath == previous.currentPath, "\(previous) then \(next)")
            }
            #expect(actions.last?.currentPath == navigator.path)
            #expect(actions.last == navigator.lastAction)
            sequences.append(actions)
        }
        #expect(sequences.allSatisfy { $0 == sequences[0] })
        try await pathRecorder.wait(timeout: .seconds(30)) { $0.last == navigator.path }
        let expectedPaths = ["/"] + sequences[0].filter { $0.currentPath != $0.previousPath }.map(\.currentPath)
        #expect(pathRecorder.values == expectedPaths)
    }

    @Test func cancellingTheConsumerFreesTheSubscriber() async throws {
        let navigator = Navigator()
        let actions = navigator.actions  // kept alive: only cancellation can unsubscribe
        let ready = StreamRecorder(navigator.paths)  // one more subscriber, to tell them apart
        let consumer = Task {
            for await _ in actions {}
        }
        #expect(navigator.subscriberCount == 2)
        consumer.cancel()
        await consumer.value
        #expect(navigator.subscriberCount == 1)
        ready.cancel()
        try await eventually { navigator.subscriberCount == 0 }
        withExtendedLifetime(actions) {}
    }

    @Test func droppingTheStreamFreesTheSubscriber() {
        let navigator = Navigator()
        do {
            let actions = navigator.actions
            let paths = navigator.paths
            #expect(navigator.subscriberCount == 2)
            withExtendedLifetime((actions, paths)) {}
        }
        #expect(navigator.subscriberCount == 0)
    }

    @Test func deallocatingTheNavigatorFinishesItsStreamsAfterBufferedActions() async throws {
        var navigator: Navigator? = Navigator()
        weak let weakNavigator = navigator
        let actions = StreamRecorder(try #require(navigator?.actions))
        let paths = StreamRecorder(try #require(navigator?.paths))
        navigator?.navigate("/last")
        navigator = nil
        #expect(weakNavigator == nil, "streams must not keep the navigator alive")
        let delivered = try await actions.waitForFinish()
        #expect(delivered == [NavigationAction(currentPath: "/last", previousPath: "/", action: .push)])
        #expect(try await paths.waitForFinish() == ["/", "/last"])
    }

    @Test func aSlowSubscriberDoesNotBlockNavigation() async throws {
        let navigator = Navigator()
        let slow = navigator.actions(bufferingPolicy: .bufferingNewest(1))  // never consumed
        let fast = StreamRecorder(navigator.actions)
        for index in 0..<500 { navigator.navigate("/\(index)") }
        let actions = try await fast.next(500)
        #expect(actions.last?.currentPath == "/499")
        var iterator = slow.makeAsyncIterator()
        #expect(await iterator.next()?.currentPath == "/499")
    }
}
