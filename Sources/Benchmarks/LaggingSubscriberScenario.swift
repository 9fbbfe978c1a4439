import StreamRouter

/// `Navigator.navigate` (a push, alternating between two paths) on a long history while a
/// `states()` subscriber never reads: each push hands that subscriber a snapshot of the
/// whole history, which must cost O(1) because snapshots share the history's storage.
///
/// Both sides of each row run the same operation; the baseline side is the cheaper
/// configuration, so **ratio = time(baseline) / time(library)**, 1.0 is the goal and
/// ≥ 0.5 means "at most 2x":
/// - lagging subscriber against no subscriber, both at 10,000 entries;
/// - a lagging subscriber at 10 entries against one at 10,000 entries (cost independent of
///   the history's length).
///
/// The navigator's policy allows 20,000 entries, so no push drops an entry. Pushes are timed
/// in runs of ``chunk``: before each run a fresh unread subscriber is made (its first
/// buffered snapshot is the current state), after it the subscriber is dropped (freeing
/// its buffer) and the history is cut back to its pre-filled length (``HistoryWorkload``);
/// so the small side measures 10 to 110 entries, the large one 10,000 to 10,100, and
/// memory stays bounded. Setup and reset are not timed.
enum LaggingSubscriberScenario {
    static let name = "history-navigator"
    static let smallSize = 10
    static let largeSize = 10_000
    static let policy = InputPolicy(maximumHistoryEntries: 20_000)

    static func comparisons() throws -> [Comparison] {
        let (small, large) = (smallSize, largeSize)
        try HistoryWorkload.check(size: small, policy: policy)
        try HistoryWorkload.check(size: large, policy: policy)
        return [
            Comparison(
                scenario: name,
                name: "10,000 entries, lagging vs none",
                unit: "push",
                libraryLabel: "lagging states() subscriber, 10,000 entries",
                baselineLabel: "no subscriber, 10,000 entries",
                kind: .timed(
                    library: { operations in
                        HistoryWorkload(size: large, policy: policy, subscriber: .laggingSnapshots).run(operations)
                    },
                    baseline: { operations in
                        HistoryWorkload(size: large, policy: policy, subscriber: .none).run(operations)
                    }
                ),
                target: .time(atMost: 2)
            ),
            Comparison(
                scenario: name,
                name: "lagging, 10 vs 10,000 entries",
                unit: "push",
                libraryLabel: "lagging states() subscriber, 10,000 entries",
                baselineLabel: "lagging states() subscriber, 10 entries",
                kind: .timed(
                    library: { operations in
                        HistoryWorkload(size: large, policy: policy, subscriber: .laggingSnapshots).run(operations)
                    },
                    baseline: { operations in
                        HistoryWorkload(size: small, policy: policy, subscriber: .laggingSnapshots).run(operations)
                    }
                ),
                target: .time(atMost: 2)
            ),
        ]
    }
}
