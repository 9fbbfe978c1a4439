import StreamRouter

/// `SplitRouter.navigate(to:)` then `navigateBack()` with a sidebar selected, against the
/// same on a plain `Router`: what a split view pays for its columns. Target: at most 1.2x the
/// router's time, so **ratio = time(router) / time(split router) ≥ 0.83**.
enum SplitRouterScenario {
    static let name = "split-router"

    static func comparisons() throws -> [Comparison] {
        [
            Comparison(
                scenario: name,
                name: "navigate + back, split router vs router",
                unit: "push + back",
                libraryLabel: "SplitRouter, double columns, a sidebar selection",
                baselineLabel: "Router",
                kind: .timed(
                    library: { operations in await runSplit(operations) },
                    baseline: { operations in await PlainPushBack.run(operations) }
                ),
                target: .time(atMost: 1.2)
            )
        ]
    }

    static func runSplit(_ operations: Int) async -> Sample {
        let split = SplitRouter<PlainPushBack.Screen>(columns: .double, urlMatchers: nil)
        do {
            try await split.select(.item(0))
        } catch {
            print("split-router: selecting failed: \(error)")
            return Sample(elapsed: .zero, operations: 0)
        }
        return await PlainPushBack.timed(operations) {
            try await split.navigate(to: .item(1))
            try await split.navigateBack()
        }
    }
}
