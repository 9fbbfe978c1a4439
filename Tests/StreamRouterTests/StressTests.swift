@_spi(Testing) import AsyncObservables
import Foundation
@_spi(Testing) import StreamRouter
import StreamRouterTesting
import Testing

/// Many tasks navigating, subscribing and cancelling at once, for a bounded number of
/// iterations: nothing lost, nothing duplicated, every sequence chained, nothing leaked.
@Suite(.suiteLimit) struct StressTests {
    @Test func navigatingSubscribingAndCancellingAtOnce() async throws {
        let navigator = Navigator()
        let witness = StreamRecorder(navigator.actions)  // sees everything
        let lateJoiners = LateJoiners()
        let published = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var published = 0
                    for step in 0..<300 {
                        let action =
                            step % 7 == 3
                            ? navigator.goBack(total: step % 3 + 1)
                            : navigator.navigate(step.isMultiple(of: 2) ? "/w\(worker)/\(step)" : "x\(step % 5)")
                        if action != nil { published += 1 }
                    }
                    return published
                }
            }
            for _ in 0..<3 {
                group.addTask {
                    for cycle in 0..<300 {
                        let stream = navigator.actions(
                            bufferingPolicy: cycle.isMultiple(of: 2) ? .unbounded : .bufferingNewest(1))
                        if cycle.isMultiple(of: 50) {
                            lateJoiners.add(StreamRecorder(stream))
                        } else {
                            let consumer = Task { for await _ in stream {} }
                            consumer.cancel()
                        }
                    }
                    return 0
                }
            }
            return await group.reduce(0, +)
        }
        // One last action, so that every subscriber, even one that joined after the
        // others ended, has something to wait for.
        let last = try #require(navigator.navigate("/final/\(UUID().uuidString)"))
        let all = try await witness.next(published + 1, timeout: .seconds(60))
        #expect(all.last == last)
        try await witness.expectNoNewValues(within: .milliseconds(20))
        #expect(all.first?.previousPath == "/")
        #expect(zip(all, all.dropFirst()).allSatisfy { $1.previousPath == $0.currentPath })
        #expect(all.last == navigator.lastAction)
        for recorder in lateJoiners.recorders {
            try await recorder.wait(timeout: .seconds(60)) { $0.last == last }
            let seen = recorder.values
            #expect(Array(all.suffix(seen.count)) == seen, "a late subscriber sees a contiguous tail")
            recorder.cancel()
        }
        lateJoiners.removeAll()
        witness.cancel()
        try await eventually(timeout: .seconds(10)) { navigator.subscriberCount == 0 }
    }

    @Test func subscribeCancelCyclesLeaveNoSubscribersAndNoGrowth() async throws {
        let navigator = Navigator()
        func cycle(_ count: Int) async {
            for index in 0..<count {
                if index.isMultiple(of: 500) {
                    await Task.yield()  // let other tests' tasks run
                    #expect(navigator.liveBufferCount == 0, "only this loop subscribes, and it keeps nothing")
                }
                if index.isMultiple(of: 2) {
                    let stream = navigator.actions
                    navigator.navigate("/\(index % 3)")
                    withExtendedLifetime(stream) {}
                } else {
                    var paths = navigator.paths.makeAsyncIterator()
                    navigator.navigate("/\(index % 3)")
                    withExtendedLifetime(paths) {}
                    paths = navigator.paths.makeAsyncIterator()
                }
            }
        }
        // Counted per navigator (its live subscription buffers), not as the process's
        // resident memory: tests running in parallel cannot disturb the count. A leaked
        // subscription keeps its buffer, so every round must end at zero.
        for _ in 0..<3 {
            await cycle(20_000)
            #expect(navigator.subscriberCount == 0)
            #expect(navigator.liveBufferCount == 0, "subscription buffers left behind")
        }
        for _ in 0..<1_000 {
            let stream = navigator.actions
            let consumer = Task { for await _ in stream {} }
            consumer.cancel()
            await consumer.value
        }
        try await eventually { navigator.subscriberCount == 0 && navigator.liveBufferCount == 0 }
    }
}

/// Subscribers created while the stress test runs.
private final class LateJoiners: Sendable {
    private let list = _Locked<[StreamRecorder<NavigationAction>]>([])

    func add(_ recorder: StreamRecorder<NavigationAction>) { list.withLock { $0.append(recorder) } }
    var recorders: [StreamRecorder<NavigationAction>] { list.withLock { $0 } }
    func removeAll() { list.withLock { $0.removeAll() } }
}
