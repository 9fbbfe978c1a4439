import StreamRouter

/// `SplitRouter.navigate(to:)` then `navigateBack()` with a sidebar selected, against the
/// same on a plain `Router` (``TabRouterScenario/runRouter(_:)``): what a split view pays
/// for its columns. Target: at most 1.2x the router's cost, so
/// **ratio = time(router) / time(split router) ≥ 0.83**.
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
                    baseline: { operations in await TabRouterScenario.runRouter(operations) }
                ),
                target: .ratio(atLeast: 1 / 1.2, "split ≤ 1.2x router")
            )
        ]
    }

    static func runSplit(_ operations: Int) async -> Sample {
        let split = SplitRouter<TabRouterScenario.Screen>(columns: .double, urlMatchers: nil)
        do {
            try await split.select(.item(0))
        } catch {
            print("split-router: selecting failed: \(error)")
            return Sample(elapsed: .zero, operations: 0)
        }
        return await TabRouterScenario.timed(operations) {
            try await split.navigate(to: .item(1))
            try await split.navigateBack()
        }
    }
}
