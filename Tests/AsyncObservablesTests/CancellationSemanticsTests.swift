@_spi(Testing) import AsyncObservables
import Foundation
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

    /// A consumer cancelled while another thread holds the publisher's lock (a publisher in
    /// the middle of an update; a burst of navigations re-takes it over and over, and a
    /// `pthread` mutex is not fair) ends at once: neither `Task.cancel` nor the consumer
    /// waits for that lock. The publisher drops the subscription the next time it takes it.
    @Test func cancellingNeverWaitsForThePublishersLock() async throws {
        let subject = CurrentValueSubject(0)
        let stream = subject.values
        let received = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        let consumer = Task {
            for await _ in stream { received.signal() }
            ended.signal()
        }
        // The waits block: they run on a thread of their own, never on the tasks' pool,
        // which the consumer needs to end.
        let (cancelReturned, consumerEnded) = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                received.wait()  // the current value: the consumer now waits for the next one
                let holding = DispatchSemaphore(value: 0)
                let release = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    subject.update { value in
                        holding.signal()
                        release.wait()
                        value += 1
                    }
                }
                holding.wait()
                let cancelled = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    consumer.cancel()
                    cancelled.signal()
                }
                // Generous bounds: a cancellation that waited for the lock would wait until
                // `release` below, however long; a busy pool (Thread Sanitizer, the whole
                // suite) may take seconds to run the consumer's end.
                let cancelReturned = cancelled.wait(timeout: .now() + .seconds(60)) == .success
                let consumerEnded = ended.wait(timeout: .now() + .seconds(60)) == .success
                release.signal()  // unblocks the cancellation too, when it waited for the lock
                if !cancelReturned { cancelled.wait() }
                if !consumerEnded { ended.wait() }
                continuation.resume(returning: (cancelReturned, consumerEnded))
            }
        }
        #expect(cancelReturned, "Task.cancel waited for the publisher's lock")
        #expect(consumerEnded, "the consumer waited for the publisher's lock")
        try await eventually { subject.subscriberCount == 0 }
        subject.send(2)  // delivers to nobody
        #expect(subject.value == 2)
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

    @Test func aCancelledMergeConsumerGetsNilEvenAfterABaseFailed() async throws {
        struct Boom: Error {}
        let failing = AsyncThrowingStream<Int, any Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: Boom())
        }
        // The merge cancels the other bases once it has recorded a base's error.
        let (othersCancelled, cancellation) = AsyncStream<Void>.makeStream()
        let endless = AsyncThrowingStream<Int, any Error> { continuation in
            continuation.onTermination = { _ in cancellation.finish() }
        }
        let consumer = Task {
            var iterator = merge(failing, endless).makeAsyncIterator()
            let first = try await iterator.next()
            for await _ in othersCancelled {}  // the error is recorded
            withUnsafeCurrentTask { $0?.cancel() }
            return [first, try await iterator.next(), try await iterator.next()]
        }
        #expect(try await consumer.value == [1, nil, nil])
    }

    /// A consumer of a timed operator cancelled while the operator holds an element for it
    /// (debounce: waiting for its quiet interval; throttle: for its interval's end; timeout:
    /// with its timer asleep) ends at once: the base is no longer read and the timer's sleep
    /// is cancelled.
    @Test(arguments: TimedOperator.allCases)
    func cancellingATimedOperatorsConsumerMidDeliveryEndsIt(_ timed: TimedOperator) async throws {
        let clock = TestClock()
        let subject = MulticastSubject<Int>()
        let recorder = timed.record(subject.values, clock: clock)
        subject.send(1)
        if timed == .debounce {
            try await clock.waitForSleepers(scheduled: 1)
            clock.advance(by: .seconds(1))
        }
        #expect(try await recorder.next(1) == [1])
        let scheduled = clock.scheduledCount
        subject.send(2)
        if timed == .debounce {
            try await clock.waitForSleepers(scheduled: scheduled + 1)  // 2 waits, its timer asleep
        }
        recorder.cancel()
        try await eventually { subject.subscriberCount == 0 && clock.sleeperCount == 0 }
        // Throttle and debounce still held 2; a timeout may have passed it on before the cancellation.
        #expect(timed == .timeout ? recorder.values.starts(with: [1]) : recorder.values == [1])
    }

    /// A timed operator's consumer whose task is already cancelled gets nothing, even with
    /// elements ready for it.
    @Test(arguments: TimedOperator.allCases)
    func aCancelledTimedOperatorsConsumerGetsNil(_ timed: TimedOperator) async throws {
        let subject = CurrentValueSubject(0)
        let clock = TestClock()
        let values = subject.values
        let received = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await timed.collect(values, clock: clock)
        }
        #expect(await received.value == [])
        try await eventually { subject.subscriberCount == 0 && clock.sleeperCount == 0 }
    }
}

/// The clock-driven operators, for tests that run the same steps on each.
enum TimedOperator: CaseIterable, Sendable, CustomTestStringConvertible {
    case debounce
    case throttle
    case timeout

    var testDescription: String { "\(self)" }

    /// What the calling task receives of `base` through this operator, until it ends.
    func collect(_ base: SubjectStream<Int>, clock: TestClock) async -> [Int] {
        switch self {
        case .debounce: await Self.collect(base.debounce(for: .seconds(1), clock: clock))
        case .throttle: await Self.collect(base.throttle(for: .seconds(1), clock: clock))
        case .timeout: await Self.collect(base.timeout(after: .seconds(1), clock: clock))
        }
    }

    private static func collect(_ sequence: some AsyncSequence<Int, some Error>) async -> [Int] {
        var received: [Int] = []
        do {
            for try await value in sequence { received.append(value) }
        } catch {}
        return received
    }

    /// A recorder of `base` through this operator.
    func record(_ base: SubjectStream<Int>, clock: TestClock) -> StreamRecorder<Int> {
        switch self {
        case .debounce: StreamRecorder(base.debounce(for: .seconds(1), clock: clock))
        case .throttle: StreamRecorder(base.throttle(for: .seconds(1), clock: clock))
        case .timeout: StreamRecorder(base.timeout(after: .seconds(1), clock: clock))
        }
    }
}
