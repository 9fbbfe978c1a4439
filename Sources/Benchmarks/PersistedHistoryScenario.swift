import StreamRouter
import StreamRouterTesting

/// `Navigator.navigate` (a push, alternating between two paths) on a navigator that saves
/// its history to a store (an `InMemoryStateStore`), at 10 and at 100,000 entries: a push
/// records the latest history in O(1) and a background task encodes and writes it,
/// coalesced, so the push itself should cost the same however long the history is.
///
/// Both sides run the same operation; the baseline side is the small history, so
/// **ratio = time(10 entries) / time(100,000 entries)**, 1.0 is the goal and ≥ 0.5 means
/// "at most 2x".
///
/// The policy allows 200,000 entries, so no push drops an entry. The background writer
/// runs during the timed pushes, as it does in an app (on this machine's other core, it
/// encodes the whole history on every write). Each repetition starts from a navigator
/// filled to its size and flushed, and flushes again after its pushes, outside the timed
/// region, so writes do not pile up from one repetition to the next. Pushes are timed in
/// runs of 100, the history cut back to its size between runs (``HistoryWorkload``): the
/// small side measures 10 to 110 entries.
enum PersistedHistoryScenario {
    static let name = "history-persisted"
    static let smallSize = 10
    static let largeSize = 100_000
    static let policy = InputPolicy(maximumHistoryEntries: 200_000)

    static func comparisons() throws -> [Comparison] {
        let (small, large) = (smallSize, largeSize)
        try check(size: small)
        return [
            Comparison(
                scenario: name,
                name: "push, 10 vs 100,000 entries",
                unit: "push",
                libraryLabel: "persisted navigator, 100,000 entries",
                baselineLabel: "persisted navigator, 10 entries",
                kind: .timed(
                    library: { operations in run(operations, size: large) },
                    baseline: { operations in run(operations, size: small) }
                ),
                target: .time(atMost: 2)
            )
        ]
    }

    /// Runs about `operations` pushes on a persisted navigator filled to `size` entries.
    static func run(_ operations: Int, size: Int) -> Sample {
        let workload = HistoryWorkload(size: size, policy: policy, subscriber: .none)
        let navigator = Navigator(initialPath: HistoryWorkload.paths[1], store: InMemoryStateStore(), policy: policy)
        workload.fill(navigator)
        navigator.flush()
        let sample = workload.run(operations, on: navigator)
        navigator.flush()
        return sample
    }

    /// Checks that the pushes are saved: after a run and a flush, the store holds the history.
    private static func check(size: Int) throws {
        let store = InMemoryStateStore()
        let workload = HistoryWorkload(size: size, policy: policy, subscriber: .none)
        let navigator = Navigator(initialPath: HistoryWorkload.paths[1], store: store, policy: policy)
        workload.fill(navigator)
        _ = workload.run(HistoryWorkload.chunk + 1, on: navigator)
        navigator.flush()
        let restored = Navigator(initialPath: "/", store: store, policy: policy)
        guard restored.history == navigator.history, navigator.history.count == size else {
            throw BenchmarkError(
                "history-persisted: the store holds \(restored.history.count) entries, expected \(size)"
            )
        }
    }
}
