import StreamRouter

/// `TabRouter.navigate(to:)` then a pop on the selected tab's router, against the same on a
/// plain `Router`: what a tab app pays for its tabs (finding the selected tab's router, and
/// relaying every event into the tab router's one total order). Target: the tab router at
/// most 1.2x the router's time, so **ratio = time(router) / time(tab router) ≥ 0.83**.
enum TabRouterScenario {
    static let name = "tab-router"

    enum Tab: Hashable, Codable, Sendable {
        case first, second, third
    }

    static func comparisons() throws -> [Comparison] {
        [
            Comparison(
                scenario: name,
                name: "navigate + back, tab router vs router",
                unit: "push + back",
                libraryLabel: "TabRouter, 3 tabs",
                baselineLabel: "Router",
                kind: .timed(
                    library: { operations in await runTabs(operations) },
                    baseline: { operations in await PlainPushBack.run(operations) }
                ),
                target: .time(atMost: 1.2)
            )
        ]
    }

    static func runTabs(_ operations: Int) async -> Sample {
        let app = TabRouter<Tab, PlainPushBack.Screen>(
            tabs: [.first, .second, .third], selected: .second, urlMatchers: nil
        ) { _ in nil }
        let selected = app.selectedRouter
        return await PlainPushBack.timed(operations) {
            try await app.navigate(to: .item(1))
            try await selected.navigateBack()
        }
    }
}
