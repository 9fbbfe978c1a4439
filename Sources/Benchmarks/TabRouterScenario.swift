import StreamRouter

/// `TabRouter.navigate(to:)` then a pop on the selected tab's router, against the same on a
/// plain `Router`: what a tab app pays for its tabs (finding the selected tab's router, and
/// relaying every event into the tab router's one total order). Target: the tab router at
/// most 1.2x the router's cost, so **ratio = time(router) / time(tab router) ≥ 0.83**.
enum TabRouterScenario {
    static let name = "tab-router"
    /// The most operations timed in one run.
    static let chunk = 100

    enum Tab: Hashable, Codable, Sendable {
        case first, second, third
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
                name: "navigate + back, tab router vs router",
                unit: "push + back",
                libraryLabel: "TabRouter, 3 tabs",
                baselineLabel: "Router",
                kind: .timed(
                    library: { operations in await runTabs(operations) },
                    baseline: { operations in await runRouter(operations) }
                ),
                target: .ratio(atLeast: 1 / 1.2, "tabs ≤ 1.2x router")
            )
        ]
    }

    static func runRouter(_ operations: Int) async -> Sample {
        let router = Router<Screen>(urlMatchers: nil)
        return await timed(operations) {
            try await router.navigate(to: .item(1))
            try await router.navigateBack()
        }
    }

    static func runTabs(_ operations: Int) async -> Sample {
        let app = TabRouter<Tab, Screen>(tabs: [.first, .second, .third], selected: .second, urlMatchers: nil) { _ in
            nil
        }
        let selected = app.selectedRouter
        return await timed(operations) {
            try await app.navigate(to: .item(1))
            try await selected.navigateBack()
        }
    }

    /// Times about `operations` runs of `body`, in chunks.
    static func timed(_ operations: Int, _ body: () async throws -> Void) async -> Sample {
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
                print("a navigation failed: \(error)")
                return Sample(elapsed: elapsed, operations: done)
            }
            elapsed += start.duration(to: clock.now)
            done += count
        }
        return Sample(elapsed: elapsed, operations: done)
    }
}
