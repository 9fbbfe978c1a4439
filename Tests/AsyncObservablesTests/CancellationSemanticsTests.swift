@_spi(Testing) import AsyncObservables
import StreamRouterTesting
import Testing

/// What a cancelled consumer sees: the subscription ends at once, buffered values included,
/// as the concurrency-contract article says.
@Suite(.suiteLimit) struct CancellationSemanticsTests {
    @Test func aCancelledConsumerGetsNilEvenWithValuesBuffered() async {
        let subject = MulticastSubject<Int>()
        let stream = subject.values
        subject.send(1)
        subject.send(2)
        let consumer = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var received: [Int] = []
            for await value in stream { received.append(value) }
            return received
        }
        #expect(await consumer.value == [])
        #expect(subject.subscriberCount == 0)
    }

    @Test func cancellingWhileWaitingEndsTheSubscription() async throws {
        let subject = CurrentValueSubject(0)
        let received = StreamRecorder(subject.values)
        #expect(try await received.next(1) == [0])  // the consumer now waits for the next value
        received.cancel()
        try await eventually { subject.subscriberCount == 0 }
        subject.send(1)
        try await received.expectNoNewValues()
    }

    @Test func aCancelledMergeConsumerGetsNil() async throws {
        let first = MulticastSubject<Int>()
        let second = MulticastSubject<Int>()
        let merged = merge(first.values, second.values)
        first.send(1)
        second.send(2)
        let consumer = Task {
            var iterator = merged.makeAsyncIterator()
            withUnsafeCurrentTask { $0?.cancel() }
            return await iterator.next()
        }
        #expect(await consumer.value == nil)
        try await eventually { first.subscriberCount == 0 && second.subscriberCount == 0 }
    }
}
