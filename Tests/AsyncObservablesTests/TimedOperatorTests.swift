@_spi(Testing) import AsyncObservables
import StreamRouterTesting
import Testing

@Suite(.suiteLimit) struct TimedOperatorTests {
    @Test func debounceDeliversTheLastElementOfABurst() async throws {
        let clock = TestClock()
        let source = TestSource<String>()
        let recorder = StreamRecorder(source.debounce(for: .seconds(1), clock: clock))
        source.send("a")
        try await clock.waitForSleepers(scheduled: 1)
        clock.advance(by: .milliseconds(500))
        source.send("b")  // restarts the quiet period
        try await source.waitForRequests(3)
        #expect(clock.scheduledCount == 1)  // "b" moved the deadline: the one timer sleeps on
        clock.advance(by: .milliseconds(600))  // t = 1.1 s: "a"'s period would be over, "b"'s is not
        try await clock.waitForSleepers(scheduled: 2)  // the timer woke at 1 s and sleeps until 1.5 s
        try await recorder.expectNoNewValues()
        clock.advance(by: .milliseconds(400))  // t = 1.5 s: "b" survived its period
        #expect(try await recorder.next(1) == ["b"])
        source.send("c")
        source.finish()  // the pending element is delivered at once
        #expect(try await recorder.waitForFinish() == ["b", "c"])
    }

    @Test func debounceDoesNotDeliverBeforeTheQuietPeriod() async throws {
        let clock = TestClock()
        let source = TestSource<Int>()
        let recorder = StreamRecorder(source.debounce(for: .seconds(1), clock: clock))
        source.send(1)
        try await clock.waitForSleepers(scheduled: 1)
        clock.advance(by: .milliseconds(999))
        try await recorder.expectNoNewValues()
        clock.advance(by: .milliseconds(1))
        #expect(try await recorder.next(1) == [1])
    }

    @Test(arguments: [(true, [1, 3, 4]), (false, [1, 2, 4])])
    func throttleDeliversOnePerInterval(latest: Bool, expected: [Int]) async throws {
        let clock = TestClock()
        let source = TestSource<Int>()
        let recorder = StreamRecorder(source.throttle(for: .seconds(1), clock: clock, latest: latest))
        source.send(1)  // delivered at once, opens a window
        #expect(try await recorder.next(1) == [1])
        source.send(2)
        try await source.waitForRequests(3)
        source.send(3)
        try await source.waitForRequests(4)
        clock.advance(by: .seconds(1))  // the window closes with 3 (latest) or 2 (first)
        #expect(try await recorder.next(1) == [expected[1]])
        try await clock.waitForSleepers(scheduled: 2)
        clock.advance(by: .seconds(1))  // an empty window: the throttle goes idle
        try await eventually { clock.sleeperCount == 0 }
        source.send(4)  // idle: delivered at once
        #expect(try await recorder.next(1) == [4])
        source.finish()
        #expect(try await recorder.waitForFinish() == expected)
    }

    @Test func timeoutThrowsWhenTheBaseIsSilentTooLong() async throws {
        let clock = TestClock()
        let source = TestSource<Int>()
        let recorder = StreamRecorder(source.timeout(after: .seconds(1), clock: clock))
        try await clock.waitForSleepers(scheduled: 1)
        clock.advance(by: .milliseconds(500))
        source.send(1)  // restarts the timer: the deadline is now 1.5 s
        #expect(try await recorder.next(1) == [1])
        clock.advance(by: .milliseconds(900))  // t = 1.4 s: not yet
        try await clock.waitForSleepers(scheduled: 2)  // the timer woke at 1 s and sleeps until 1.5 s
        try await recorder.expectNoNewValues()
        #expect(!recorder.isFinished)
        clock.advance(by: .milliseconds(100))
        try await recorder.waitForFinish()
        #expect(recorder.failure is TimeoutError)
    }

    @Test func timeoutPassesThroughABaseThatFinishesInTime() async throws {
        let clock = TestClock()
        let source = TestSource<Int>()
        let recorder = StreamRecorder(source.timeout(after: .seconds(1), clock: clock))
        source.send(1)
        source.finish()
        #expect(try await recorder.waitForFinish() == [1])
        #expect(recorder.failure == nil)
    }

    /// The `ContinuousClock` overloads: a base that finishes at once, long before any interval,
    /// shows each operator's end-of-base rule without waiting on real time.
    @Test func continuousClockOverloads() async throws {
        let burst = AsyncStream<Int> { continuation in
            for element in 1...3 { continuation.yield(element) }
            continuation.finish()
        }
        let debounced = StreamRecorder(burst.debounce(for: .seconds(60)))
        #expect(try await debounced.waitForFinish() == [3])

        let source = TestSource<Int>()
        let throttled = StreamRecorder(source.throttle(for: .seconds(60), latest: false))
        source.send(1)
        #expect(try await throttled.next(1) == [1])
        source.send(2)
        source.send(3)
        try await source.waitForRequests(4)
        source.finish()
        #expect(try await throttled.waitForFinish() == [1, 2])

        let timed = StreamRecorder(
            AsyncStream<Int> {
                $0.yield(7)
                $0.finish()
            }.timeout(after: .seconds(60)))
        #expect(try await timed.waitForFinish() == [7])
    }

    @Test func cancellingTheConsumerStopsTheOperator() async throws {
        let clock = TestClock()
        let subject = MulticastSubject<Int>()
        let recorder = StreamRecorder(subject.values.debounce(for: .seconds(1), clock: clock))
        subject.send(1)
        try await clock.waitForSleepers(scheduled: 1)
        recorder.cancel()
        try await eventually { subject.subscriberCount == 0 && clock.sleeperCount == 0 }
    }

    /// A debounce fed by a `CurrentValueSubject`: the replayed current value starts the timer
    /// too, and an element that finds the timer idle starts it again (TestingStreams.md,
    /// "Debounce a view model fed by a subject").
    @Test func subjectFedDebounce() async throws {
        let clock = TestClock()
        let query = CurrentValueSubject("")
        let searches = StreamRecorder(query.values.debounce(for: .milliseconds(300), clock: clock))
        try await clock.waitForSleepers(scheduled: 1)  // the replayed "" has started the timer
        clock.advance(by: .milliseconds(300))
        #expect(try await searches.next(1) == [""])

        let scheduled = clock.scheduledCount
        query.send("sw")
        try await clock.waitForSleepers(scheduled: scheduled + 1)  // read, and the idle timer started
        clock.advance(by: .milliseconds(300))
        #expect(try await searches.next(1) == ["sw"])
        try await clock.waitForSleepers(pending: 0)  // delivered: nothing is timed
        try await searches.expectNoNewValues()
    }

    @Test func testClockCountsPendingAndScheduledSleepers() async throws {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(until: .init(offset: .seconds(1))) }
        try await clock.waitForSleepers(pending: 1)
        sleeper.cancel()
        try await clock.waitForSleepers(pending: 0)
        #expect(clock.scheduledCount == 1)
    }

    @Test func testClockResumesSleepersInDeadlineOrder() async throws {
        let clock = TestClock()
        let woke = MulticastSubject<Int>()
        let recorder = StreamRecorder(woke.values)
        for seconds in [3, 1, 2] {
            Task {
                try await clock.sleep(until: .init(offset: .seconds(seconds)))
                woke.send(seconds)
            }
        }
        try await clock.waitForSleepers(scheduled: 3)
        clock.advance(by: .seconds(1))
        #expect(try await recorder.next(1) == [1])
        clock.advance(to: .init(offset: .seconds(3)))
        let rest = try await recorder.next(2)
        #expect(Set(rest) == [2, 3])
        #expect(clock.now == .init(offset: .seconds(3)))
    }

    @Test func testClockAdvancesMadeTogetherAddUp() async {
        let clock = TestClock()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<2_000 {
                group.addTask { clock.advance(by: .milliseconds(1)) }
            }
        }
        #expect(clock.now == .init(offset: .seconds(2)))
    }
}
