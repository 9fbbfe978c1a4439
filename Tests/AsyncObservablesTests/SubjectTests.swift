@_spi(Testing) import AsyncObservables
import StreamRouterTesting
import Testing

private struct Boom: Error {}

@Suite(.suiteLimit) struct MulticastSubjectTests {
    @Test func everySubscriberGetsEveryValueInOrder() async throws {
        let subject = MulticastSubject<Int>()
        let first = StreamRecorder(subject.values)
        let second = StreamRecorder(subject.values)
        for value in 1...5 { subject.send(value) }
        #expect(try await first.next(5) == [1, 2, 3, 4, 5])
        #expect(try await second.next(5) == [1, 2, 3, 4, 5])
    }

    /// A recorder's `next` calls made at the same time get different values, all of them.
    @Test func recorderCallsMadeTogetherShareTheValues() async throws {
        for _ in 0..<50 {
            let subject = MulticastSubject<Int>()
            let recorder = StreamRecorder(subject.values)
            async let two = recorder.next(2)
            async let one = recorder.next(1)
            for value in 1...3 {
                subject.send(value)
            }
            let (first, second) = try await (two, one)
            #expect(first.count == 2 && second.count == 1)
            #expect((first + second).sorted() == [1, 2, 3])
        }
    }

    @Test func subscribesWhenTheStreamIsCreated() async throws {
        let subject = MulticastSubject<String>()
        let stream = subject.values  // not iterated yet
        subject.send("early")
        subject.finish()
        var received: [String] = []
        for await value in stream { received.append(value) }
        #expect(received == ["early"])
    }

    @Test func aSubscriberSeesOnlyLaterValues() async throws {
        let subject = MulticastSubject<Int>()
        subject.send(1)
        let recorder = StreamRecorder(subject.values)
        subject.send(2)
        #expect(try await recorder.next(1) == [2])
    }

    @Test func finishFinishesEveryStreamAfterBufferedValues() async throws {
        let subject = MulticastSubject<Int>()
        let recorder = StreamRecorder(subject.values)
        subject.send(1)
        subject.finish()
        #expect(try await recorder.waitForFinish() == [1])
        #expect(subject.subscriberCount == 0)
        var late: [Int] = []
        for await value in subject.values { late.append(value) }
        #expect(late.isEmpty)
    }

    @Test func deallocationFinishesEveryStream() async throws {
        var subject: MulticastSubject<Int>? = MulticastSubject()
        let stream = try #require(subject?.values)
        subject?.send(7)
        subject = nil
        var received: [Int] = []
        for await value in stream { received.append(value) }
        #expect(received == [7])
    }

    @Test func droppingTheStreamUnsubscribes() {
        let subject = MulticastSubject<Int>()
        do {
            let stream = subject.values
            let iterator = stream.makeAsyncIterator()
            #expect(subject.subscriberCount == 1)
            withExtendedLifetime(iterator) {}
        }
        #expect(subject.subscriberCount == 0)
    }

    @Test func cancellingTheConsumerUnsubscribes() async throws {
        let subject = MulticastSubject<Int>()
        let stream = subject.values  // kept alive here: only cancellation can unsubscribe
        let started = MulticastSubject<Void>()
        let startedRecorder = StreamRecorder(started.values)
        let consumer = Task {
            started.send(())
            for await _ in stream {}
        }
        _ = try await startedRecorder.next(1)
        #expect(subject.subscriberCount == 1)
        consumer.cancel()
        await consumer.value
        #expect(subject.subscriberCount == 0)
        withExtendedLifetime(stream) {}
    }

    @Test func boundedBufferKeepsTheNewestValues() async throws {
        let subject = MulticastSubject<Int>()
        let stream = subject.values(bufferingPolicy: .bufferingNewest(2))
        for value in 1...5 { subject.send(value) }
        subject.finish()
        var received: [Int] = []
        for await value in stream { received.append(value) }
        #expect(received == [4, 5])
    }

    @Test func boundedBufferKeepsTheOldestValues() async throws {
        let subject = MulticastSubject<Int>()
        let stream = subject.values(bufferingPolicy: .bufferingOldest(2))
        for value in 1...5 { subject.send(value) }
        subject.finish()
        var received: [Int] = []
        for await value in stream { received.append(value) }
        #expect(received == [1, 2])
    }

    @Test func aSlowSubscriberDoesNotBlockTheOthers() async throws {
        let subject = MulticastSubject<Int>()
        let slow = subject.values  // never consumed
        let fast = StreamRecorder(subject.values)
        for value in 0..<1_000 { subject.send(value) }
        #expect(try await fast.next(1_000) == Array(0..<1_000))
        withExtendedLifetime(slow) {}
    }
}

@Suite(.suiteLimit) struct CurrentValueSubjectTests {
    @Test func aNewSubscriberGetsTheCurrentValueFirst() async throws {
        let subject = CurrentValueSubject("a")
        subject.send("b")
        let recorder = StreamRecorder(subject.values)
        subject.send("c")
        #expect(try await recorder.next(2) == ["b", "c"])
        #expect(subject.value == "c")
    }

    @Test func updateIsAtomicUnderConcurrency() async throws {
        let subject = CurrentValueSubject(0)
        let recorder = StreamRecorder(subject.values)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<250 { subject.update { $0 += 1 } }
                }
            }
        }
        #expect(subject.value == 2_000)
        // The initial 0, then every intermediate value exactly once, in order.
        #expect(try await recorder.next(2_001) == Array(0...2_000))
    }

    @Test func aThrowingUpdateChangesNothingAndPublishesNothing() async throws {
        let subject = CurrentValueSubject(0)
        let earlier = StreamRecorder(subject.values)
        #expect(throws: Boom.self) {
            try subject.update { value in
                value = 5
                throw Boom()
            }
        }
        #expect(subject.value == 0)
        let later = StreamRecorder(subject.values)
        subject.send(1)
        subject.finish()
        #expect(try await earlier.waitForFinish() == [0, 1])
        #expect(try await later.waitForFinish() == [0, 1])
    }

    @Test func finishedSubjectStillHoldsItsValueButDeliversNothing() async throws {
        let subject = CurrentValueSubject(1)
        let recorder = StreamRecorder(subject.values)
        subject.finish()
        subject.send(2)
        #expect(try await recorder.waitForFinish() == [1])
        #expect(subject.value == 2)
    }
}

@Suite(.suiteLimit) struct ObservableStateTests {
    /// The census counts a subscription's buffer from the stream's creation until the
    /// buffer is deallocated, however the subscription ended.
    @Test func theBufferCensusCountsBuffersUntilTheyAreGone() async throws {
        let state = ObservableState<Int, Int>(0)
        var stream: SubjectStream<Int>? = state.subscribe()
        var iterator = stream?.makeAsyncIterator()
        #expect(state.liveBufferCount == 1)
        stream = nil
        #expect(state.liveBufferCount == 1, "the iterator keeps the buffer")
        iterator = nil
        #expect(state.liveBufferCount == 0)
        withExtendedLifetime(iterator) {}

        let consumed = state.subscribe(bufferingPolicy: .bufferingNewest(1))
        let consumer = Task { for await _ in consumed {} }
        #expect(state.liveBufferCount == 1)
        consumer.cancel()
        await consumer.value
        #expect(state.subscriberCount == 0, "cancelling unsubscribes at once")
        #expect(state.liveBufferCount == 1, "the stream value still holds its buffer")
        withExtendedLifetime(consumed) {}
    }

    @Test func initialElementsAndEventsAreAtomicWithSubscription() async throws {
        let counter = ObservableState<Int, Int>(0)
        let recorders = await withTaskGroup(of: StreamRecorder<Int>.self) { group in
            group.addTask {
                for _ in 0..<500 {
                    counter.update { value, publish in
                        value += 1
                        publish(value)
                    }
                }
                return StreamRecorder(counter.subscribe(initial: { [$0] }, transform: { $0 }))
            }
            group.addTask {
                StreamRecorder(counter.subscribe(initial: { [$0] }, transform: { $0 }))
            }
            var recorders: [StreamRecorder<Int>] = []
            for await recorder in group { recorders.append(recorder) }
            return recorders
        }
        for _ in 0..<10 {
            counter.update { value, publish in
                value += 1
                publish(value)
            }
        }
        for recorder in recorders {
            try await recorder.wait { $0.last == 510 }
            let values = recorder.values
            // Whatever the state was at subscription, the values then count up by one.
            #expect(zip(values, values.dropFirst()).allSatisfy { $1 == $0 + 1 })
        }
    }

    @Test func transformCanSkipEvents() async throws {
        let state = ObservableState<Void, Int>(())
        let recorder = StreamRecorder(state.subscribe(transform: { $0.isMultiple(of: 2) ? "\($0)" : nil }))
        for value in 1...6 { state.update { _, publish in publish(value) } }
        #expect(try await recorder.next(3) == ["2", "4", "6"])
    }

    /// A relay gets every event but is not a subscription: the count of subscriptions
    /// leaves it out, and stays right after a stream came and went.
    @Test func aRelayIsNotASubscriptionButGetsEveryEvent() async throws {
        let source = ObservableState<Void, Int>(())
        let target = ObservableState<[Int], Int>([])
        let record: @Sendable (Int, inout [Int], Bool, (Int) -> Void) -> Void = { event, received, _, publish in
            received.append(event)
            publish(event)
        }
        source.relay(to: target, changesState: { _ in true }, record)
        #expect(source.subscriberCount == 0)
        do {
            let stream = source.subscribe()
            #expect(source.subscriberCount == 1)
            withExtendedLifetime(stream) {}
        }
        #expect(source.subscriberCount == 0)
        let plain = ObservableState<Void, Int>(())
        do {
            let stream = plain.subscribe()
            withExtendedLifetime(stream) {}
        }
        #expect(!plain.hasSubscribers, "a stream that left reaches nobody")

        let relayed = StreamRecorder(target.subscribe())
        source.update { _, publish in publish(1) }
        #expect(try await relayed.next(1) == [1])
        #expect(target.state == [1])
    }

    /// A publisher that relays onward passes events on while nobody subscribes to it.
    @Test func eventsRelayOnThroughAPublisherNobodySubscribesTo() async throws {
        let source = ObservableState<Void, Int>(())
        let middle = ObservableState<Void, Int>(())
        let target = ObservableState<Void, Int>(())
        // Neither relay changes state: each passes an event on only while it reaches anyone.
        let passOn: @Sendable (Int, inout Void, Bool, (Int) -> Void) -> Void = { event, _, isObserved, publish in
            if isObserved { publish(event) }
        }
        source.relay(to: middle, changesState: { _ in false }, passOn)
        middle.relay(to: target, changesState: { _ in false }, passOn)
        let recorder = StreamRecorder(target.subscribe())
        source.update { _, publish in publish(1) }
        #expect(try await recorder.next(1, timeout: .seconds(5)) == [1])
    }
}
