import Foundation
import StreamRouter

/// `Router.navigate(to:)` then `navigateBack()` (one operation: a push and a pop, so the
/// stack keeps its length) on a stack of 10 and of 10,000 routes, and at 10,000 routes with
/// an `events` subscriber that never reads, against none. The router's state shares its
/// storage between copies, so neither the stack's length nor a lagging subscriber (which
/// keeps every published state) should change the cost.
///
/// Both sides of each row run the same operation; the baseline side is the cheaper
/// configuration (a plain push + back), so **ratio = time(baseline) / time(library)**:
/// - 10 routes against 10,000 routes, no subscriber, at most 2x;
/// - no subscriber against an unread `events` subscriber, both at 10,000 routes, at most 2x;
/// - on the base stack against inside a sheet presented over it (the push and the pop act
///   on the sheet's own stack), both at 10 routes, at most 1.2x;
/// - inside one sheet against inside the topmost of 1,000 sheets presented one over the
///   other, at most 2x (the tree's depth must not cost);
/// - `NavigationOptions` `.latestWins` against `.queue`, `.ignore` against `.push` (the
///   push is never a repeat: what the check costs), each at most 1.2x;
/// - a loader that returns at once against none, at most 3x (a loader stands for I/O, which
///   costs far more than the navigation).
///
/// The routes have an explicit `path` (`/item/<n>`), so reflection does not dominate. The
/// policy allows 20,000 routes, so no push drops one. Operations are timed in runs of
/// ``chunk``; with a subscriber, a fresh one is made before each run and dropped after it
/// (freeing its buffer), untimed.
enum RouterStackScenario {
    static let name = "history-router"
    static let smallSize = 10
    static let largeSize = 10_000
    static let policy = InputPolicy(maximumHistoryEntries: 20_000)
    /// The most operations timed in one run.
    static let chunk = 100

    /// A route with a cheap, explicit path.
    enum Screen: RouteProvider {
        case item(Int)
        case detail
        case sheet

        var path: String {
            switch self {
            case .item(let number): "/item/\(number)"
            case .detail: "/detail"
            case .sheet: "/sheet"
            }
        }

        var transition: RouteTransition {
            self == .sheet ? .sheet : .push
        }
    }

    static func comparisons() throws -> [Comparison] {
        let (small, large) = (smallSize, largeSize)
        return [
            Comparison(
                scenario: name,
                name: "push + back, 10 vs 10,000 routes",
                unit: "push + back",
                libraryLabel: "Router, 10,000 routes",
                baselineLabel: "Router, 10 routes",
                kind: .timed(
                    library: { operations in await run(operations, size: large, lagging: false) },
                    baseline: { operations in await run(operations, size: small, lagging: false) }
                ),
                target: .time(atMost: 2)
            ),
            Comparison(
                scenario: name,
                name: "10,000 routes, unread events vs none",
                unit: "push + back",
                libraryLabel: "Router, 10,000 routes, unread events subscriber",
                baselineLabel: "Router, 10,000 routes, no subscriber",
                kind: .timed(
                    library: { operations in await run(operations, size: large, lagging: true) },
                    baseline: { operations in await run(operations, size: large, lagging: false) }
                ),
                target: .time(atMost: 2)
            ),
            Comparison(
                scenario: name,
                name: "push + back inside a sheet vs on the base stack",
                unit: "push + back",
                libraryLabel: "Router, 10 routes, inside a sheet",
                baselineLabel: "Router, 10 routes, on the base stack",
                kind: .timed(
                    library: { operations in await run(operations, size: small, lagging: false, sheets: 1) },
                    baseline: { operations in await run(operations, size: small, lagging: false) }
                ),
                target: .time(atMost: 1.2)
            ),
            Comparison(
                scenario: name,
                name: "push + back inside 1,000 sheets vs inside one",
                unit: "push + back",
                libraryLabel: "Router, 10 routes, 1,000 sheets",
                baselineLabel: "Router, 10 routes, one sheet",
                kind: .timed(
                    library: { operations in await run(operations, size: small, lagging: false, sheets: 1_000) },
                    baseline: { operations in await run(operations, size: small, lagging: false, sheets: 1) }
                ),
                target: .time(atMost: 2)
            ),
            Comparison(
                scenario: name,
                name: "push + back, latestWins vs queue",
                unit: "push + back",
                libraryLabel: "Router, 10 routes, .latestWins",
                baselineLabel: "Router, 10 routes, .queue",
                kind: .timed(
                    library: { operations in
                        await run(
                            operations, size: small, lagging: false,
                            options: NavigationOptions(concurrency: .latestWins))
                    },
                    baseline: { operations in await run(operations, size: small, lagging: false) }
                ),
                target: .time(atMost: 1.2)
            ),
            Comparison(
                scenario: name,
                name: "push + back, repeatedPush ignore vs push",
                unit: "push + back",
                libraryLabel: "Router, 10 routes, .ignore",
                baselineLabel: "Router, 10 routes, .push",
                kind: .timed(
                    library: { operations in
                        await run(
                            operations, size: small, lagging: false, options: NavigationOptions(repeatedPush: .ignore))
                    },
                    baseline: { operations in await run(operations, size: small, lagging: false) }
                ),
                target: .time(atMost: 1.2)
            ),
            Comparison(
                scenario: name,
                name: "push + back, one loader returning at once vs none",
                unit: "push + back",
                libraryLabel: "Router, 10 routes, a loader",
                baselineLabel: "Router, 10 routes, no loader",
                kind: .timed(
                    library: { operations in await run(operations, size: small, lagging: false, loader: true) },
                    baseline: { operations in await run(operations, size: small, lagging: false) }
                ),
                target: .time(atMost: 3)
            ),
        ]
    }

    /// Runs about `operations` push-and-back pairs on a router whose stack holds `size`
    /// routes, with an unread `events` subscriber when `lagging`, inside the topmost of
    /// `sheets` sheets presented over that stack one over the other.
    static func run(
        _ operations: Int, size: Int, lagging: Bool, sheets: Int = 0,
        options: NavigationOptions = NavigationOptions(), loader: Bool = false
    ) async -> Sample {
        let router = Router<Screen>(urlMatchers: nil, policy: policy, options: options)
        if loader {
            router.addLoader(named: "detail") { route in route == .detail ? route : nil }
        }
        do {
            try await router.replace(with: (0..<size).map { .item($0) } + Array(repeating: .sheet, count: sheets))
        } catch {
            abandon("filling the stack failed: \(error)")
        }
        let clock = ContinuousClock()
        var elapsed = Duration.zero
        var done = 0
        while done < operations {
            let count = min(chunk, operations - done)
            let events = lagging ? router.events : nil
            let start = clock.now
            do {
                for _ in 0..<count {
                    try await router.navigate(to: .detail)
                    try await router.navigateBack()
                }
            } catch {
                abandon("a navigation failed: \(error)")
            }
            elapsed += start.duration(to: clock.now)
            withExtendedLifetime(events) {}
            done += count
        }
        let stack = router.stack
        guard stack.count == size, stack.last == .item(size - 1), router.presentations.count == sheets
        else {
            abandon("expected \(size) routes after the run, found \(stack.count)")
        }
        return Sample(elapsed: elapsed, operations: done)
    }

    /// Stops the run with a message: a benchmark whose setup broke measures nothing.
    private static func abandon(_ reason: String) -> Never {
        FileHandle.standardError.write(Data("history-router: \(reason)\n".utf8))
        exit(1)
    }
}
