@_spi(Testing) import AsyncObservables
import StreamRouterTesting
import Testing

/// A finite sequence of the given values, as a subject stream.
private func stream<Element: Sendable>(_ values: [Element]) -> SubjectStream<Element> {
    let subject = MulticastSubject<Element>()
    let stream = subject.values
    for value in values { subject.send(value) }
    subject.finish()
    return stream
}

private func collect<S: AsyncSequence>(_ sequence: S) async throws -> [S.Element] {
    var values: [S.Element] = []
    for try await value in sequence { values.append(value) }
    return values
}

private struct Boom: Error, Equatable {}

@Suite(.suiteLimit) struct OperatorTests {
    @Test(arguments: [
        ([1, 1, 2, 2, 1], [1, 2, 1]),
        ([], []),
        ([3], [3]),
        ([5, 5, 5], [5]),
    ])
    func removeDuplicates(input: [Int], expected: [Int]) async throws {
        #expect(try await collect(stream(input).removeDuplicates()) == expected)
    }

    @Test func removeDuplicatesByPredicate() async throws {
        let values = try await collect(
            stream(["a", "A", "b", "B", "a"]).removeDuplicates { $0.lowercased() == $1.lowercased() })
        #expect(values == ["a", "b", "a"])
    }

    @Test func pairwise() async throws {
        let pairs = try await collect(stream([1, 2, 3, 4]).pairwise())
        #expect(pairs.map(\.previous) == [1, 2, 3])
        #expect(pairs.map(\.current) == [2, 3, 4])
        #expect(try await collect(stream([1]).pairwise()).isEmpty)
    }

    @Test func scan() async throws {
        #expect(try await collect(stream([1, 2, 3, 4]).scan(0, +)) == [1, 3, 6, 10])
        #expect(try await collect(stream([String]()).scan("", +)).isEmpty)
    }

    @Test func mergeDeliversEveryElementAndFinishesAfterAllBases() async throws {
        let merged = merge(stream([1, 2, 3]), stream([10, 20]), stream([]))
        let values = try await collect(merged)
        #expect(values.sorted() == [1, 2, 3, 10, 20])
        // Each base's own order is kept.
        #expect(values.filter { $0 < 10 } == [1, 2, 3])
        #expect(values.filter { $0 >= 10 } == [10, 20])
    }

    @Test func mergeIsLive() async throws {
        let left = MulticastSubject<String>()
        let right = MulticastSubject<String>()
        let recorder = StreamRecorder(merge(left.values, right.values))
        left.send("l1")
        #expect(try await recorder.next(1) == ["l1"])
        right.send("r1")
        #expect(try await recorder.next(1) == ["r1"])
        left.finish()
        right.send("r2")
        #expect(try await recorder.next(1) == ["r2"])
        #expect(!recorder.isFinished)
        right.finish()
        try await recorder.waitForFinish()
    }

    @Test func mergeThrowsTheFirstErrorAndCancelsTheOthers() async throws {
        let failing = AsyncThrowingStream<Int, any Error> { continuation in
            continuation.finish(throwing: Boom())
        }
        let neverEnding = MulticastSubject<Int>()
        let endless = neverEnding.values.map { $0 }
        let endlessThrowing = AsyncThrowingStream<Int, any Error> { continuation in
            let task = Task {
                for await value in endless { continuation.yield(value) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
        await #expect(throws: Boom.self) {
            _ = try await collect(merge(failing, endlessThrowing))
        }
        try await eventually { neverEnding.subscriberCount == 0 }
    }

    @Test func cancellingTheMergeConsumerCancelsTheBases() async throws {
        let subject = MulticastSubject<Int>()
        let merged = merge(subject.values, subject.values)
        let recorder = StreamRecorder(merged)
        subject.send(1)
        _ = try await recorder.next(2)
        #expect(subject.subscriberCount == 2)
        recorder.cancel()
        try await eventually { subject.subscriberCount == 0 }
    }

    @Test func operatorsCompose() async throws {
        let values = try await collect(stream([1, 1, 2, 3, 3, 3, 4]).removeDuplicates().scan(0, +).pairwise())
        #expect(values.map { $0.current - $0.previous } == [2, 3, 4])
    }
}
