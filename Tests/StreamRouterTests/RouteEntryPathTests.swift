import Foundation
import StreamRouter
import Synchronization
import Testing

/// The default `RouteProvider.path` gives the same strings as it always did, and a router
/// computes a route's path once per entry, taking it from the entry a route replaces or is
/// pushed onto when that entry holds the same route (same bytes, for a trivial route type).
@Suite(.suiteLimit, .serialized) struct RouteEntryPathTests {
    /// Routes with the default path: cases without payloads, with one, with several, with
    /// labels or without.
    enum Reflected: RouteProvider {
        case home
        case profile(id: Int)
        case products(category: String)
        case pair(Int, String)
        case point(x: Double, y: Double)
        case nested(Inner)
        case value(Double)

        var transition: RouteTransition {
            if case .value = self { .replace } else { .push }
        }
    }

    struct Inner: Hashable, Codable, Sendable, CustomStringConvertible {
        var name: String
        var description: String { "inner:\(name)" }
    }

    /// A payload-free route type whose description is its own.
    enum Described: RouteProvider, CustomStringConvertible {
        case start
        var description: String { "first page" }
    }

    @Test(arguments: [
        (Reflected.home, "/home"),
        (.profile(id: 3), "/profile/3"),
        (.products(category: "a b"), "/products/a%20b"),
        (.products(category: "x/../y"), "/products/x%2F%2E%2E%2Fy"),
        (.pair(7, "é"), "/pair/7/%C3%A9"),
        (.point(x: 1.5, y: -0.0), "/point/1%2E5/-0%2E0"),
        (.nested(Inner(name: "n")), "/nested/inner%3An"),
    ])
    func defaultPathStrings(route: Reflected, expected: String) async throws {
        #expect(route.path == expected)
        let router = Router<Reflected>()
        try await router.navigate(to: [.home, route])
        #expect(router.path == "/home" + expected)
    }

    /// Payloads the default path writes without reflecting over them (an `Int`, a `String`,
    /// a pair of them) and ones it reflects over, next to each other: the same strings the
    /// reflected default always gave (these were taken from it).
    enum Shapes: RouteProvider {
        case nested(Leaf)
        case labels(first: String, second: Int)
        case unlabeled(String, String)
        case intString(Int, String)
        case triple(Int, Int, Int)
        case optional(Int?)
        case optionalPair(Int?, Int)
        case text(String)
        case number(Int)
        case zero(Double)
        case flag(Bool)
        case list([Int])
    }

    enum Leaf: Hashable, Codable, Sendable {
        case leaf(id: Int)
        case plain
    }

    @Test(arguments: [
        (Shapes.nested(.leaf(id: 4)), "/nested/leaf%28id%3A%204%29"),
        (.nested(.plain), "/nested/plain"),
        (.labels(first: "a/b", second: -12), "/labels/a%2Fb/-12"),
        (.unlabeled("100%", "two words"), "/unlabeled/100%25/two%20words"),
        (.intString(Int.min, "日本"), "/intString/-9223372036854775808/%E6%97%A5%E6%9C%AC"),
        (.triple(1, 2, 3), "/triple/1/2/3"),
        (.optional(7), "/optional/Optional%287%29"),
        (.optional(nil), "/optional/nil"),
        (.optionalPair(8, 9), "/optionalPair/Optional%288%29/9"),
        (.optionalPair(nil, 9), "/optionalPair/nil/9"),
        (.text(""), "/text/"),
        (.text(".."), "/text/%2E%2E"),
        (.text("e\u{301} 🙂"), "/text/e%CC%81%20%F0%9F%99%82"),
        (.number(0), "/number/0"),
        (.number(-7), "/number/-7"),
        (.number(Int.max), "/number/9223372036854775807"),
        (.zero(-0.0), "/zero/-0%2E0"),
        (.flag(true), "/flag/true"),
        (.list([1, 2]), "/list/%5B1%2C%202%5D"),
    ])
    func defaultPathOfEachPayloadShape(route: Shapes, expected: String) {
        #expect(route.path == expected)
    }

    /// A payload type's shape is learned from its first value and holds for every later one:
    /// a pair with an optional element is not taken for a pair of integers because its
    /// first value held one.
    @Test func payloadShapeDependsOnTheTypeNotTheFirstValue() {
        #expect(Shapes.optionalPair(1, 2).path == "/optionalPair/Optional%281%29/2")
        #expect(Shapes.optionalPair(nil, 2).path == "/optionalPair/nil/2")
        for id in [0, 1, -1, 1_000_000] {
            #expect(Shapes.intString(id, "x").path == "/intString/\(id)/x")
            #expect(Shapes.labels(first: "\(id)", second: id).path == "/labels/\(id)/\(id)")
        }
    }

    @Test func defaultPathOfACaseWithoutPayloadIsItsDescription() {
        #expect(Described.start.path == "/first%20page")
        #expect(RouterState<Described>(stack: [.start, .start]).path == "/first%20page/first%20page")
    }

    /// Equal routes (`0.0 == -0.0`) with different paths: replacing one with the other
    /// changes the path, and publishes it. The bytes differ, so the path is computed.
    @Test func equalRoutesWithDifferentPathsStayDifferent() async throws {
        #expect(Reflected.value(0.0) == Reflected.value(-0.0))
        let router = Router<Reflected>()
        try await router.navigate(to: .value(0.0))
        #expect(router.path == "/value/0%2E0")
        let actions = router.actions
        try await router.navigate(to: .value(-0.0))
        #expect(router.path == "/value/-0%2E0")
        var iterator = actions.makeAsyncIterator()
        let action = await iterator.next()
        #expect(action?.previousPath == "/value/0%2E0")
        #expect(action?.currentPath == "/value/-0%2E0")
    }

    // MARK: - Computed once per entry

    /// Counts each computation of a route's path, per route type (the suite is serialised).
    static let computations = Mutex<[String: Int]>([:])

    static func count(_ name: String) -> Int {
        computations.withLock { $0[name, default: 0] }
    }

    static func counted(_ name: String, _ path: String) -> String {
        computations.withLock { $0[name, default: 0] += 1 }
        return path
    }

    /// A trivial route type (integers only) with a counting path.
    enum Trivial: RouteProvider {
        case item(Int)
        case swap(Int)
        case sheet(Int)

        var transition: RouteTransition {
            switch self {
            case .item: .push
            case .swap: .replace
            case .sheet: .modal
            }
        }

        var path: String {
            switch self {
            case .item(let id): RouteEntryPathTests.counted("trivial", "/item/\(id)")
            case .swap(let id): RouteEntryPathTests.counted("trivial", "/swap/\(id)")
            case .sheet(let id): RouteEntryPathTests.counted("trivial", "/sheet/\(id)")
            }
        }

        static func registerURLs() -> URLMatcherGroup<Trivial>? {
            .group("example.com") {
                $0.map("swap/{id}") { try .swap($0.param("id")) }
            }
        }
    }

    /// A route type holding a string (not trivial) with a counting path.
    enum Named: RouteProvider {
        case swap(String)
        var transition: RouteTransition { .replace }
        var path: String {
            guard case .swap(let name) = self else { return "/" }
            return RouteEntryPathTests.counted("named", "/swap/\(name)")
        }
    }

    @Test func eachEntryComputesItsPathOnceWhenMade() async throws {
        let before = Self.count("trivial")
        let router = Router<Trivial>()
        let url = try #require(URL(string: "https://example.com/swap/4"))
        for _ in 0..<5 {
            #expect(await router.openURL(url))
        }
        try await router.navigate(to: .swap(4))
        #expect(router.stack == [.swap(4)])
        #expect(router.path == "/swap/4")
        #expect(router.state.displayedPath == "/swap/4")
        #expect(Self.count("trivial") - before == 6, "one computation per entry made, none per read")
        try await router.navigate(to: .swap(5))
        #expect(router.path == "/swap/5")
        #expect(Self.count("trivial") - before == 7)
    }

    @Test func theSameRoutePushedAgainIsANewEntry() async throws {
        let before = Self.count("trivial")
        let router = Router<Trivial>()
        try await router.navigate(to: [.item(1), .item(1), .item(2), .item(1)])
        #expect(router.path == "/item/1/item/1/item/2/item/1")
        #expect(Self.count("trivial") - before == 4)
        try await router.navigate(to: .sheet(9))
        try await router.navigate(to: .sheet(9))  // the same route presented over it
        #expect(router.state.displayedPath == "/item/1/item/1/item/2/item/1/sheet/9/sheet/9")
        #expect(Self.count("trivial") - before == 6)
    }

    @Test func aRouteHoldingReferencesIsComputedForEachEntry() async throws {
        let before = Self.count("named")
        let router = Router<Named>()
        for _ in 0..<3 {
            try await router.navigate(to: .swap("a"))
        }
        #expect(router.path == "/swap/a")
        #expect(Self.count("named") - before == 3)
    }

    @Test func aLongerStateThanThePolicyAllowsKeepsItsTopRoutesInNewEntries() async throws {
        let state = RouterState<Trivial>(stack: [.item(1), .item(2), .item(3)], modal: .sheet(4))
        let before = Self.count("trivial")
        // A longer state than the policy allows keeps its top routes in fresh entries.
        let router = Router<Trivial>(state: state, policy: InputPolicy(maximumHistoryEntries: 2))
        #expect(router.stack == [.item(2), .item(3)])
        #expect(router.state.displayedPath == "/item/2/item/3/sheet/4")
        #expect(Self.count("trivial") - before == 3)
    }

    /// Concurrent navigations onto one router, reading paths as they go: every path read is
    /// one the stack could show, and the final one matches the stack.
    @Test func concurrentNavigationsReadConsistentPaths() async throws {
        let router = Router<Trivial>()
        let valid = Set((0..<4).map { "/swap/\($0)" } + ["/"])
        let paths = await withTaskGroup(of: [String].self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var seen: [String] = []
                    for step in 0..<50 {
                        try? await router.navigate(to: .swap((worker + step) % 4))
                        seen.append(router.path)
                        seen.append(router.state.path)
                    }
                    return seen
                }
            }
            var all: [String] = []
            for await seen in group {
                all += seen
            }
            return all
        }
        #expect(paths.count == 400)
        #expect(paths.allSatisfy { valid.contains($0) })
        let top = try #require(router.stack.last)
        #expect(router.stack.count == 1)
        #expect(router.path == top.path)
    }
}
