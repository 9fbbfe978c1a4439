import StreamRouter

/// `navigate(to:)` then `navigateBack()` on a `Router` that records a navigation journal
/// (`startRecording(keepingNewest: 1_000)`, so the journal is full and drops an entry per
/// navigation during most of the run) against the same router not recording; and the same
/// on a `TabRouter` recording every tab against one that does not. Recording appends one
/// entry to a ring under the router's lock; not recording costs one check of a `nil`.
/// Target: recording at most 1.2x the cost, so **ratio = time(off) / time(on) ≥ 0.83**.
enum JournalRecordingScenario {
    static let name = "journal-recording"
    /// The most operations timed in one run.
    static let chunk = 100

    enum Tab: Hashable, Codable, Sendable {
        case first, second
    }

    /// A route with a cheap, explicit path.
    enum Screen: RouteProvider {
        case item(Int)

        var path: String {
            switch self {
            case .item(let number): "/item/\(number)"
            }
        }
    }

    static func comparisons() throws -> [Comparison] {
        [
            Comparison(
                scenario: name,
                name: "navigate + back, recording vs not",
                unit: "push + back",
                libraryLabel: "Router, recording (1,000 kept)",
                baselineLabel: "Router, not recording",
                kind: .timed(
                    library: { operations in await runRouter(operations, recording: true) },
                    baseline: { operations in await runRouter(operations, recording: false) }
                ),
                target: .ratio(atLeast: 1 / 1.2, "recording ≤ 1.2x not")
            ),
            Comparison(
                scenario: name,
                name: "tab router navigate + back, recording vs not",
                unit: "push + back",
                libraryLabel: "TabRouter, recording (1,000 kept)",
                baselineLabel: "TabRouter, not recording",
                kind: .timed(
                    library: { operations in await runTabs(operations, recording: true) },
                    baseline: { operations in await runTabs(operations, recording: false) }
                ),
                target: .ratio(atLeast: 1 / 1.2, "recording ≤ 1.2x not")
            ),
        ]
    }

    static func runRouter(_ operations: Int, recording: Bool) async -> Sample {
        let router = Router<Screen>(urlMatchers: nil)
        if recording {
            router.startRecording(keepingNewest: 1_000)
        }
        let sample = await timed(operations) {
            try await router.navigate(to: .item(1))
            try await router.navigateBack()
        }
        if recording, router.journal?.stepCount != 2 * sample.operations {
            print("journal-recording: the journal missed navigations")
        }
        return sample
    }

    static func runTabs(_ operations: Int, recording: Bool) async -> Sample {
        let app = TabRouter<Tab, Screen>(tabs: [.first, .second], selected: .first, urlMatchers: nil) { _ in nil }
        if recording {
            app.startRecording(keepingNewest: 1_000)
        }
        return await timed(operations) {
            try await app.navigate(to: .item(1))
            try await app.selectedRouter.navigateBack()
        }
    }

    /// Times about `operations` runs of `body`, in chunks.
    private static func timed(_ operations: Int, _ body: () async throws -> Void) async -> Sample {
        let clock = ContinuousClock()
        var elapsed = Duration.zero
        var done = 0
        while done < operations {
            let count = min(chunk, operations - done)
            let start = clock.now
            do {
                for _ in 0..<count {
                    try await body()
                }
            } catch {
                print("journal-recording: a navigation failed: \(error)")
                return Sample(elapsed: elapsed, operations: done)
            }
            elapsed += start.duration(to: clock.now)
            done += count
        }
        return Sample(elapsed: elapsed, operations: done)
    }
}
