import StreamRouter

/// `navigate(to:)` then `navigateBack()` on a `Router` with a screen-view subscriber
/// (`screenViews()`), against a plain `Router` with none.
///
/// - The target row: a consumer that reads the views in batches, after each timed run of
///   ``PlainPushBack/chunk`` navigations (an analytics queue that uploads later): what the
///   navigation pays for the subscriber, its view made under the router's lock (the screens
///   compared by ids, the clock read) and buffered. Target: at most 1.2x the time, so
///   **ratio = time(off) / time(on) ≥ 0.83**.
/// - A reported row: a consumer that awaits every view as it comes, so each view also hands
///   the consumer's task to another thread (a wake-up the navigating task pays).
enum ScreenViewsScenario {
    static let name = "screen-views"

    static func comparisons() throws -> [Comparison] {
        [
            Comparison(
                scenario: name,
                name: "navigate + back, screen-view subscriber vs none",
                unit: "push + back",
                libraryLabel: "Router, screen views read after each run",
                baselineLabel: "Router, no subscriber",
                kind: .timed(
                    library: { operations in await runWithBatchedConsumer(operations) },
                    baseline: { operations in await PlainPushBack.run(operations) }
                ),
                target: .time(atMost: 1.2)
            ),
            Comparison(
                scenario: name,
                name: "navigate + back, a consumer awaiting each view vs none",
                unit: "push + back",
                libraryLabel: "Router, screen views awaited one by one",
                baselineLabel: "Router, no subscriber",
                kind: .timed(
                    library: { operations in await runWithLiveConsumer(operations) },
                    baseline: { operations in await PlainPushBack.run(operations) }
                ),
                target: nil
            ),
        ]
    }

    /// The views are read between the timed runs: the consumer waits for a batch's count,
    /// then reads that many.
    static func runWithBatchedConsumer(_ operations: Int) async -> Sample {
        let router = Router<PlainPushBack.Screen>(urlMatchers: nil)
        let views = router.screenViews()
        let (batches, batch) = AsyncStream<Int>.makeStream()
        let (reads, read) = AsyncStream<Int>.makeStream()
        let consumer = Task {
            var iterator = views.makeAsyncIterator()
            for await count in batches {
                var names = 0
                for _ in 0..<count {
                    names += await iterator.next()?.screen.analyticsName?.utf8.count ?? 1
                }
                read.yield(names)
            }
            read.finish()
        }
        var readsIterator = reads.makeAsyncIterator()
        batch.yield(1)  // the view of the screen on show when subscribed
        _ = await readsIterator.next()
        let sample = await PlainPushBack.timed(
            operations,
            afterEachChunk: { count in
                batch.yield(2 * count)
                blackhole(await readsIterator.next() ?? 0)
            },
            body: {
                try await router.navigate(to: .item(1))
                try await router.navigateBack()
            })
        batch.finish()
        await consumer.value
        return sample
    }

    /// A task awaits every view as it comes.
    static func runWithLiveConsumer(_ operations: Int) async -> Sample {
        let router = Router<PlainPushBack.Screen>(urlMatchers: nil)
        let views = router.screenViews()
        let consumer = Task {
            for await view in views {
                blackhole(view.screen.analyticsName?.utf8.count ?? 0)
            }
        }
        let sample = await PlainPushBack.timed(operations) {
            try await router.navigate(to: .item(1))
            try await router.navigateBack()
        }
        consumer.cancel()
        await consumer.value
        return sample
    }
}
