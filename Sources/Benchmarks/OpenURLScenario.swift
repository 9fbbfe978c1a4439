import Foundation
import StreamRouter
import Synchronization

/// Deep links on a URL group of 100 mappings (`section<i>/{id}/view` under one host), against
/// a linear scan of the same mappings (each pattern a segment array tested in order against
/// the URL's path components):
/// - matching alone (`URLMatcherGroup.match`, what `openURL` runs before it navigates), a hit
///   on the last mapping and a miss: at least 5x the scan;
/// - matching at 1,000 mappings against 10: at most 1.5x the time;
/// - the whole `Router.openURL` (matching, the navigation pipeline with its events, and the
///   commit) onto a route with an explicit `path`: at least as fast as the scan plus a stack
///   update;
/// - a cold start, once per launch: a router made with the 100 mappings and its first URL,
///   against the scan made and its first match: a budget of 20x the time;
/// - a link held, then released: a budget of 1.5x a link the app parks itself, then opens
///   directly;
/// - a flood of links held at once, then released: 100,000 against 10,000, at most 1.5x the
///   time per link (the whole release at most 15x for 10x the links: linear, not
///   quadratic).
enum OpenURLScenario {
    static let name = "open-url"
    static let mappingCount = 100

    /// A route per mapping; `.replace`, so the stack stays one route deep however many
    /// URLs a run opens.
    enum Section: RouteProvider {
        case section(index: Int, id: Int)

        var transition: RouteTransition { .replace }

        var path: String {
            switch self {
            case .section(let index, let id): "/section/\(index)/\(id)"
            }
        }

        static func registerURLs() -> URLMatcherGroup<Section>? {
            group(mappings: OpenURLScenario.mappingCount) { .section(index: $0, id: $1) }
        }
    }

    /// `count` mappings `section<i>/{id}/view` under one host.
    static func group<Route>(
        mappings count: Int, _ route: @escaping @Sendable (Int, Int) -> Route
    ) -> URLMatcherGroup<Route> {
        .group("bench.example.com") { mapper in
            for index in 0..<count {
                let pattern: String = "section\(index)/{id}/view"
                mapper.map(pattern) { route(index, try $0.param("id")) }
            }
        }
    }

    /// The baseline: the same mappings as segment arrays, scanned in order.
    struct LinearScan: Sendable {
        let patterns: [[String]] = (0..<OpenURLScenario.mappingCount).map { ["section\($0)", "{id}", "view"] }

        func match(_ url: URL) -> Section? {
            guard url.host?.lowercased() == "bench.example.com" else { return nil }
            let components = url.pathComponents.filter { $0 != "/" }
            for (index, pattern) in patterns.enumerated() where pattern.count == components.count {
                var id: Int?
                var matches = true
                for (segment, component) in zip(pattern, components) {
                    if segment == "{id}" {
                        id = Int(component)
                        matches = id != nil
                    } else {
                        matches = segment == component
                    }
                    if !matches { break }
                }
                if matches, let id {
                    return .section(index: index, id: id)
                }
            }
            return nil
        }
    }

    static func comparisons() throws -> [Comparison] {
        guard let hit = URL(string: "https://bench.example.com/section\(mappingCount - 1)/42/view"),
            let miss = URL(string: "https://bench.example.com/section7/42/edit")
        else { throw BenchmarkError("open-url: bad URL literal") }
        let group = try groupOrThrow()
        let scan = LinearScan()
        guard case .success(let expected) = group.match(hit), scan.match(hit) == expected,
            case .failure = group.match(miss), scan.match(miss) == nil
        else { throw BenchmarkError("open-url: the URL group and the linear scan disagree") }

        func matching(_ caseName: String, _ url: URL) -> Comparison {
            Comparison(
                scenario: name,
                name: "100 mappings, \(caseName), matching",
                unit: "URL",
                libraryLabel: "URLMatcherGroup.match",
                baselineLabel: "linear scan",
                kind: .timed(
                    library: { operations in
                        timeLoop(operations) { _ in (try? group.match(url).get()) == nil ? 0 : 1 }
                    },
                    baseline: { operations in
                        timeLoop(operations) { _ in scan.match(url) == nil ? 0 : 1 }
                    }
                ),
                target: .ratio(atLeast: 5, "≥ 5x")
            )
        }

        // The hit on the last mapping of a group of 10 and of 1,000: the time must not grow
        // with the group (interleaved like any comparison, so a busy machine slows both).
        let small = Self.group(mappings: 10) { Section.section(index: $0, id: $1) }
        let large = Self.group(mappings: 1_000) { Section.section(index: $0, id: $1) }
        guard let smallHit = URL(string: "https://bench.example.com/section9/42/view"),
            let largeHit = URL(string: "https://bench.example.com/section999/42/view"),
            (try? small.match(smallHit).get()) == .section(index: 9, id: 42),
            (try? large.match(largeHit).get()) == .section(index: 999, id: 42)
        else { throw BenchmarkError("open-url: the 10 and 1000 mapping groups do not match their last mapping") }
        let scale = Comparison(
            scenario: name,
            name: "1000 vs 10 mappings, hit, matching",
            unit: "URL",
            libraryLabel: "URLMatcherGroup, 1000",
            baselineLabel: "URLMatcherGroup, 10",
            kind: .timed(
                library: { operations in
                    timeLoop(operations) { _ in (try? large.match(largeHit).get()) == nil ? 0 : 1 }
                },
                baseline: { operations in
                    timeLoop(operations) { _ in (try? small.match(smallHit).get()) == nil ? 0 : 1 }
                }
            ),
            target: .time(atMost: 1.5)
        )

        let openURL = Comparison(
            scenario: name,
            name: "100 mappings, hit, Router.openURL",
            unit: "openURL",
            libraryLabel: "Router.openURL",
            baselineLabel: "linear scan + stack update",
            kind: .timed(
                library: { operations in await timeOpening(hit, on: Router<Section>(urlMatchers: group), operations) },
                baseline: { operations in
                    var stack: [Section] = []
                    return timeLoop(operations) { _ in
                        guard let route = scan.match(hit) else { return 0 }
                        stack = [route]
                        return stack.count
                    }
                }
            ),
            target: .ratio(atLeast: 1, "≥ 1.0x")
        )
        // Cold start, once per launch: each operation creates a router whose route type
        // registers the 100 mappings (`registerURLs()`) and opens its first URL; the baseline creates the scan (its 100 segment arrays) and makes
        // its first call. Process-wide first-use costs (metadata, conformance caches) are
        // paid once, in the harness's warm-up, on both sides.
        let coldStart = Comparison(
            scenario: name,
            name: "cold start: Router with 100 mappings + first openURL",
            unit: "router",
            libraryLabel: "Router() + openURL",
            baselineLabel: "LinearScan() + first match",
            kind: .timed(
                library: { operations in
                    let clock = ContinuousClock()
                    var handled = 0
                    let start = clock.now
                    for _ in 0..<operations where await Router<Section>().openURL(hit) {
                        handled += 1
                    }
                    let elapsed = clock.now - start
                    blackhole(handled)
                    return Sample(elapsed: elapsed, operations: operations)
                },
                baseline: { operations in
                    timeLoop(operations) { _ in
                        guard let route = LinearScan().match(hit) else { return 0 }
                        let stack = [route]
                        return stack.count
                    }
                }
            ),
            target: .time(atMost: 20)
        )
        // A held-then-released link against what an app writes by hand without a hold: the
        // link's task checks it with `canOpen` (as the hold does before it waits), parks on a
        // latch of its own until the app is ready, then calls `openURL` directly. The library
        // side holds, starts the call, waits (a hand-off, not polling) until it is held, then
        // releases; the baseline starts the task, waits until it is parked, then opens the
        // latch. So the ratio is what the hold adds to a link over parking it yourself.
        let heldThenReleased = Comparison(
            scenario: name,
            name: "100 mappings, hit, Router.openURL on a held-then-released link",
            unit: "openURL",
            libraryLabel: "held, then released",
            baselineLabel: "checked, parked by the app, then a direct openURL",
            kind: .timed(
                library: { operations in await openHeld(operations, hit, group, holding: true) },
                baseline: { operations in await openHeld(operations, hit, group, holding: false) }
            ),
            target: .time(atMost: 1.5)
        )
        // Ending a flood: `floodSize` links held at once (a hold's limit raised to fit), then
        // released, against a tenth as many; what is timed is the release, until every call
        // has returned (holding them is not). Each operation is one link, so the ratio is of
        // the time per link: 1 when the release is linear in the links.
        let heldFlood = Comparison(
            scenario: name,
            name: "release 100,000 vs 10,000 held links",
            unit: "held link",
            libraryLabel: "100,000 held, released",
            baselineLabel: "10,000 held, released",
            kind: .timed(
                library: { operations in await releaseHeldFlood(operations, size: floodSize, hit, group) },
                baseline: { operations in await releaseHeldFlood(operations, size: floodSize / 10, hit, group) }
            ),
            target: .ratio(atLeast: 1 / 1.5, "≤ 15x in all")
        )
        return [matching("hit", hit), matching("miss", miss), scale, openURL, coldStart, heldThenReleased, heldFlood]
    }

    /// The links held at once by the library side of the flood row.
    static let floodSize = 100_000

    /// Holds `size` links at once (each `openURL` in a task of its own), releases them, and
    /// waits until every call has returned, in as many rounds as `operations` links need
    /// (one at least); times the releases only.
    static func releaseHeldFlood(
        _ operations: Int, size: Int, _ url: URL, _ routes: URLMatcherGroup<Section>
    ) async -> Sample {
        let rounds = max(1, (operations + size - 1) / size)
        let clock = ContinuousClock()
        var elapsed = Duration.zero
        var handled = 0
        for _ in 0..<rounds {
            let router = Router<Section>(urlMatchers: routes, policy: InputPolicy(maximumHeldURLs: size))
            router.holdURLs(expiringAfter: .seconds(3_600))
            let links = (0..<size).map { _ in Task { await router.openURL(url) } }
            await router.waitUntilHeld(size)
            let start = clock.now
            router.releaseURLs()
            for link in links where await link.value {
                handled += 1
            }
            elapsed += clock.now - start
        }
        blackhole(handled)
        return Sample(elapsed: elapsed, operations: rounds * size)
    }

    /// Opens `url` `operations` times, each link in a task of its own (a held call waits for
    /// the release, so it needs one): `holding`, each link is held until its call waits, then
    /// released; otherwise the link's task checks it (`canOpen`), parks on a ``Latch`` until
    /// the app opens it, then opens it directly.
    static func openHeld(
        _ operations: Int,
        _ url: URL,
        _ routes: URLMatcherGroup<Section>,
        holding: Bool
    ) async -> Sample {
        let router = Router<Section>(urlMatchers: routes)
        let clock = ContinuousClock()
        var handled = 0
        let start = clock.now
        for _ in 0..<operations {
            let latch = Latch()
            if holding {
                router.holdURLs(expiringAfter: .seconds(600))
            }
            let link = Task {
                if !holding {
                    // What the hold does first: a link that could never open is answered at
                    // once, not when the app is ready.
                    guard router.canOpen(url) else { return false }
                    await latch.wait()
                }
                return await router.openURL(url)
            }
            if holding {
                await router.waitUntilHeld(1)
                router.releaseURLs()
            } else {
                await latch.waitUntilWaiting(1)
                latch.open()
            }
            if await link.value {
                handled += 1
            }
        }
        let elapsed = clock.now - start
        blackhole(handled)
        return Sample(elapsed: elapsed, operations: operations)
    }

    private static func groupOrThrow() throws -> URLMatcherGroup<Section> {
        guard let group = Section.registerURLs(), group.patternErrors.isEmpty else {
            throw BenchmarkError("open-url: the URL group did not compile")
        }
        return group
    }

    /// What an app writes to park links until it is ready: tasks wait, and opening resumes
    /// them all (after the lock is released). ``waitUntilWaiting(_:)`` is the benchmark's
    /// hand-off, as `Router.waitUntilHeld(_:)` is for the hold.
    final class Latch: Sendable {
        private struct State {
            var isOpen = false
            var waiters: [CheckedContinuation<Void, Never>] = []
            var counted: (count: Int, continuation: CheckedContinuation<Void, Never>)?

            mutating func takeCounted() -> CheckedContinuation<Void, Never>? {
                guard let counted, waiters.count >= counted.count else { return nil }
                self.counted = nil
                return counted.continuation
            }
        }

        private let state = Mutex(State())

        func wait() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let (isOpen, counted) = state.withLock { state in
                    if !state.isOpen { state.waiters.append(continuation) }
                    return (state.isOpen, state.takeCounted())
                }
                if isOpen { continuation.resume() }
                counted?.resume()
            }
        }

        /// Waits until at least `count` tasks wait.
        func waitUntilWaiting(_ count: Int) async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state in
                    state.counted = (count, continuation)
                    return state.takeCounted()
                }
                now?.resume()
            }
        }

        func open() {
            let waiters = state.withLock { state in
                state.isOpen = true
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Times `operations` calls of `router.openURL(url)`, the handled ones consumed.
    static func timeOpening<Route: RouteProvider>(
        _ url: URL, on router: Router<Route>, _ operations: Int
    ) async -> Sample {
        let clock = ContinuousClock()
        var handled = 0
        let start = clock.now
        for _ in 0..<operations where await router.openURL(url) {
            handled += 1
        }
        let elapsed = clock.now - start
        blackhole(handled)
        return Sample(elapsed: elapsed, operations: operations)
    }
}
