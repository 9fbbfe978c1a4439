import StreamRouter

/// Path resolution as `navigate` does it: `"../article/42"` from `/news/latest`, against
/// the seed's `NSString.standardizingPath`.
enum PathResolutionScenario {
    static let name = "resolve"
    static let base = "/news/latest"
    static let relative = "../article/42"
    static let expected = "/news/article/42"

    static func comparisons() throws -> [Comparison] {
        let base = opaque(base)
        let relative = opaque(relative)
        let navigator = Navigator(initialPath: base)
        let results = [
            PathResolver.resolve(relative, against: base),
            navigator.resolve(relative),
            NSStringResolveBaseline.resolve(relative, against: base),
        ]
        guard results.allSatisfy({ $0 == expected }) else {
            throw BenchmarkError("resolve: expected \(expected), got \(results)")
        }
        let baseline: Workload = { operations in
            timeLoop(operations) { _ in NSStringResolveBaseline.resolve(relative, against: base).utf8.count }
        }
        return [
            Comparison(
                scenario: name,
                name: "PathResolver.resolve",
                unit: "resolution",
                libraryLabel: "PathResolver.resolve",
                baselineLabel: "NSString standardizingPath",
                kind: .timed(
                    library: { operations in
                        timeLoop(operations) { _ in PathResolver.resolve(relative, against: base).utf8.count }
                    },
                    baseline: baseline
                ),
                target: .ratio(atLeast: 20, "≥ 20x")
            ),
            Comparison(
                scenario: name,
                name: "Navigator.resolve (locked)",
                unit: "resolution",
                libraryLabel: "Navigator.resolve",
                baselineLabel: "NSString standardizingPath",
                kind: .timed(
                    library: { operations in
                        timeLoop(operations) { _ in navigator.resolve(relative).utf8.count }
                    },
                    baseline: baseline
                ),
                target: .ratio(atLeast: 20, "≥ 20x")
            ),
        ]
    }
}
