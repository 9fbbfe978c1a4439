import StreamRouter

/// A navigator delivering actions to 1, 10 and 100 subscribers, each consumed by its own
/// task, against one bare `AsyncStream<Int>` with one consumer.
///
/// One operation is one *delivered* event: an action published to `k` subscribers counts
/// `k` times. The figure is the time from the first publish to the last consumer having
/// taken its last action, over the events delivered. The phase row is the publish loop
/// alone over the same count: the publisher's cost per subscriber per event.
///
/// The navigator alternates `navigate(_:replace: true)` between two absolute paths, so its
/// history does not grow while it is measured.
enum FanOutScenario {
    static let name = "fan-out"
    static let subscriberCounts = [1, 10, 100]
    static let paths = ["/news/archive", "/news/latest"]

    static func comparisons() throws -> [Comparison] {
        subscriberCounts.map { subscribers in
            Comparison(
                scenario: name,
                name: "\(subscribers) subscriber\(subscribers == 1 ? "" : "s")",
                unit: "delivered event",
                libraryLabel: "Navigator.actions",
                baselineLabel: "bare AsyncStream",
                kind: .timed(
                    library: { operations in await deliver(subscribers: subscribers, operations: operations) },
                    baseline: { operations in await BareAsyncStreamBaseline.deliver(operations: operations) }
                ),
                target: target(subscribers: subscribers),
                phaseLabel: "publish / subscriber"
            )
        }
    }

    /// With one subscriber at least 0.9x one bare stream; with 10 at least as fast (one
    /// navigation feeds 10 consumers); with 100 within 1.1x.
    static func target(subscribers: Int) -> Target {
        switch subscribers {
        case 1: .ratio(atLeast: 0.9, "≥ 0.9x")
        case 10: .ratio(atLeast: 1.0, "≥ 1.0x")
        default: .time(atMost: 1.1)
        }
    }

    static func deliver(subscribers: Int, operations: Int) async -> Sample {
        let events = max(1, operations / subscribers)
        let navigator = Navigator(initialPath: paths[1])
        var consumers: [Task<Int, Never>] = []
        consumers.reserveCapacity(subscribers)
        for _ in 0..<subscribers {
            let stream = navigator.actions
            consumers.append(
                Task.detached {
                    var received = 0
                    var checksum = 0
                    for await action in stream {
                        checksum &+= action.currentPath.utf8.count
                        received += 1
                        if received == events { break }
                    }
                    return checksum
                }
            )
        }
        await letConsumersStart()
        let clock = ContinuousClock()
        let start = clock.now
        for event in 0..<events {
            navigator.navigate(paths[event & 1], replace: true)
        }
        let published = clock.now
        for consumer in consumers {
            blackhole(await consumer.value)
        }
        let end = clock.now
        return Sample(
            elapsed: start.duration(to: end),
            operations: events * subscribers,
            phase: start.duration(to: published)
        )
    }

    /// Gives freshly started consumer tasks time to reach their first `next()` before the
    /// clock starts (outside the measured time).
    static func letConsumersStart() async {
        try? await Task.sleep(for: .milliseconds(5))
    }
}
