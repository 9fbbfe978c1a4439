import Foundation
import StreamRouter

/// Deep links on a URL group of 100 mappings (`section<i>/{id}/view` under one host): a hit
/// on the last mapping and a miss, against a linear scan of the same mappings (each pattern
/// a segment array tested in order against the URL's path components).
///
/// Two measures: matching alone (`URLMatcherGroup.match`, what `openURL` runs before it
/// navigates), and the whole `Router.openURL` (matching, the navigation pipeline with its
/// events, and the commit) against the scan plus a stack update. No target in the issue:
/// the ratios are reported.
enum OpenURLScenario {
    static let name = "open-url"
    static let mappingCount = 100

    /// A route per mapping; `.replace`, so the stack stays one route deep however many
    /// URLs a run opens.
    enum Section: RouteProvider {
        case section(index: Int, id: Int)

        var transition: RouteTransition { .replace }

        static func registerURLs() -> URLMatcherGroup<Section>? {
            .group("bench.example.com") { mapper in
                for index in 0..<OpenURLScenario.mappingCount {
                    mapper.map("section\(index)/{id}/view") { try .section(index: index, id: $0.param("id")) }
                }
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
                )
            )
        }

        let openURL = Comparison(
            scenario: name,
            name: "100 mappings, hit, Router.openURL",
            unit: "openURL",
            libraryLabel: "Router.openURL",
            baselineLabel: "linear scan + stack update",
            kind: .timed(
                library: { operations in
                    let router = Router<Section>(urlMatchers: group)
                    let clock = ContinuousClock()
                    var handled = 0
                    let start = clock.now
                    for _ in 0..<operations where await router.openURL(hit) {
                        handled += 1
                    }
                    let elapsed = clock.now - start
                    blackhole(handled)
                    return Sample(elapsed: elapsed, operations: operations)
                },
                baseline: { operations in
                    var stack: [Section] = []
                    return timeLoop(operations) { _ in
                        guard let route = scan.match(hit) else { return 0 }
                        stack = [route]
                        return stack.count
                    }
                }
            )
        )
        return [matching("hit", hit), matching("miss", miss), openURL]
    }

    private static func groupOrThrow() throws -> URLMatcherGroup<Section> {
        guard let group = Section.registerURLs(), group.patternErrors.isEmpty else {
            throw BenchmarkError("open-url: the URL group did not compile")
        }
        return group
    }
}
