import StreamRouter

/// `navigate(to:)` then `navigateBack()` on a `Router` that records a navigation journal
/// (`startRecording(keepingNewest: 1_000)`, so the journal is full and drops an entry per
/// navigation during most of the run) against a plain `Router`, not recording. Recording
/// appends one entry to a ring under the router's lock; not recording costs one check of a
/// `nil`. Target: recording at most 1.2x the time, so **ratio = time(off) / time(on) ≥ 0.83**.
enum JournalRecordingScenario {
    static let name = "journal-recording"

    static func comparisons() throws -> [Comparison] {
        [
            Comparison(
                scenario: name,
                name: "navigate + back, recording vs not",
                unit: "push + back",
                libraryLabel: "Router, recording (1,000 kept)",
                baselineLabel: "Router, not recording",
                kind: .timed(
                    library: { operations in await runRecording(operations) },
                    baseline: { operations in await PlainPushBack.run(operations) }
                ),
                target: .time(atMost: 1.2)
            )
        ]
    }

    static func runRecording(_ operations: Int) async -> Sample {
        let router = Router<PlainPushBack.Screen>(urlMatchers: nil)
        router.startRecording(keepingNewest: 1_000)
        let sample = await PlainPushBack.timed(operations) {
            try await router.navigate(to: .item(1))
            try await router.navigateBack()
        }
        if router.journal?.stepCount != 2 * sample.operations {
            print("journal-recording: the journal missed navigations")
        }
        return sample
    }
}
