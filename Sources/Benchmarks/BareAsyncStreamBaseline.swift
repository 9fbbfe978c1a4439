/// The floor of an `AsyncStream`-based layer, written for the benchmarks: one
/// `AsyncStream<Int>` with one consumer task, nothing else.
enum BareAsyncStreamBaseline {
    /// Yields `operations` integers into one stream consumed by one task; times from the
    /// first yield to the consumer having taken the last value.
    ///
    /// The consumer is started, and given time to reach its first `next()`, before the
    /// clock starts. `Sample.phase` is the time of the yield loop alone.
    static func deliver(operations: Int) async -> Sample {
        let events = max(1, operations)
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let consumer = Task.detached {
            var received = 0
            var checksum = 0
            for await value in stream {
                checksum &+= value
                received += 1
                if received == events { break }
            }
            return checksum
        }
        await FanOutScenario.letConsumersStart()
        let clock = ContinuousClock()
        let start = clock.now
        for event in 0..<events {
            continuation.yield(event)
        }
        let published = clock.now
        blackhole(await consumer.value)
        let end = clock.now
        continuation.finish()
        return Sample(elapsed: start.duration(to: end), operations: events, phase: start.duration(to: published))
    }

    /// One idle stream as the memory scenario keeps it: the stream and its continuation,
    /// never consumed.
    static func idleStream() -> (AsyncStream<Int>, AsyncStream<Int>.Continuation) {
        AsyncStream.makeStream(of: Int.self)
    }
}
