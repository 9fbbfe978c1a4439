import StreamRouter

/// `navigate(to:)` then `navigateBack()` on the router of one of 10 connected scenes of a
/// `SceneRouters` registry, against a lone `Router`: the registry stays out of a window's
/// navigations (it forwards events only once its merged events are asked for). Target: at
/// most 1.2x the time, so **ratio = time(lone) / time(scene) ≥ 0.83**.
enum SceneRoutersScenario {
    static let name = "scene-routers"

    static func comparisons() throws -> [Comparison] {
        [
            Comparison(
                scenario: name,
                name: "navigate + back, one of 10 scenes vs a lone router",
                unit: "push + back",
                libraryLabel: "Router of one of 10 scenes",
                baselineLabel: "a lone Router",
                kind: .timed(
                    library: { operations in await runInOneOfTenScenes(operations) },
                    baseline: { operations in await PlainPushBack.run(operations) }
                ),
                target: .time(atMost: 1.2)
            )
        ]
    }

    static func runInOneOfTenScenes(_ operations: Int) async -> Sample {
        let scenes = SceneRouters<Router<PlainPushBack.Screen>>(urlMatchers: nil) { _, _ in
            Router<PlainPushBack.Screen>(urlMatchers: nil)
        }
        let routers = (0..<10).map { scenes.router(for: "scene-\($0)") }
        let router = routers[5]
        return await PlainPushBack.timed(operations) {
            try await router.navigate(to: .item(1))
            try await router.navigateBack()
        }
    }
}
