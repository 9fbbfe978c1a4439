import StreamRouter

/// `navigate(to:)` then `navigateBack()` on a `Router` with a leave condition registered for
/// the pushed route but not met (the form has no unsaved changes), against a plain `Router`.
/// The back reads the condition of the entry that leaves, on the navigating task, and asks
/// nothing. Target: at most 1.2x the time, so **ratio = time(off) / time(on) ≥ 0.83**.
enum LeaveConditionScenario {
    static let name = "leave-condition"

    static func comparisons() throws -> [Comparison] {
        [
            Comparison(
                scenario: name,
                name: "navigate + back, a leave condition not met vs none",
                unit: "push + back",
                libraryLabel: "Router, one leave condition, clean",
                baselineLabel: "Router, no leave condition",
                kind: .timed(
                    library: { operations in await runWithCleanCondition(operations) },
                    baseline: { operations in await PlainPushBack.run(operations) }
                ),
                target: .time(atMost: 1.2)
            )
        ]
    }

    static func runWithCleanCondition(_ operations: Int) async -> Sample {
        let router = Router<PlainPushBack.Screen>(urlMatchers: nil)
        router.addLeaveCondition(for: .item(1), prompt: "Discard your changes?") { false }
        return await PlainPushBack.timed(operations) {
            try await router.navigate(to: .item(1))
            try await router.navigateBack()
        }
    }
}
