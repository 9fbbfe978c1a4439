import Foundation
import Testing

@testable import StreamRouter

/// The library's checks of its own invariants: they hold after every operation on many
/// random sequences, and they report a tree that breaks them.
@Suite(.suiteLimit) struct InternalChecksTests {
    enum Screen: RouteProvider {
        case home, list
        case detail(Int)
        case settings, player, root

        var transition: RouteTransition {
            switch self {
            case .settings: .sheet
            case .player: .fullScreen
            case .root: .replace
            default: .push
            }
        }

        var path: String {
            switch self {
            case .home: "/"
            case .detail(let id): "/detail/\(id)"
            default: "/\(self)"
            }
        }
    }

    /// A small deterministic generator, so that a failing sequence is the same every run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
    }

    static let routes: [Screen] = [.home, .list, .detail(1), .detail(2), .settings, .player, .root]

    static func randomOperation(_ generator: inout Generator) -> NavigationOperation<Screen> {
        let route = routes.randomElement(using: &generator) ?? .home
        switch Int.random(in: 0..<9, using: &generator) {
        case 0, 1, 2: return .navigate(to: [route])
        case 3: return .navigate(to: [route, routes.randomElement(using: &generator) ?? .list])
        case 4: return .back(count: Int.random(in: 0..<3, using: &generator))
        case 5: return .backTo(route)
        case 6: return .dismiss
        case 7: return Bool.random(using: &generator) ? .dismissAll : .toRoot
        default: return .replace(with: [route])
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func theTreeHoldsItsInvariantsAfterEveryOperation(seed: UInt64) {
        var generator = Generator(state: seed)
        var state = RouterState<Screen>()
        for _ in 0..<400 {
            let previous = state
            state._apply(Self.randomOperation(&generator), limit: 4)
            #expect(state._invariantViolations().isEmpty, "\(state._invariantViolations())")
            #expect(state.count <= 4 && state.presentations.count <= 4)
            // The public views rebuild an equal tree, and the fast comparison of displayed
            // paths agrees with comparing the strings.
            #expect(RouterState(stack: state.stack, presentations: state.presentations) == state)
            #expect(state._hasSameDisplayedPath(as: previous) == (state.displayedPath == previous.displayedPath))
        }
    }

    @Test func aTreeBreakingItsInvariantsIsReported() throws {
        var state = RouterState<Screen>(stack: [.list, .detail(1)], modal: .settings)
        #expect(state._invariantViolations().isEmpty)
        let top = try #require(state._entries.last)
        state._entries.push(top)  // the same entry linked twice, at the wrong level
        let violations = state._invariantViolations()
        #expect(violations.contains { $0.contains("appears twice") })
        #expect(violations.contains { $0.contains("linked as if elsewhere") })
    }

    /// On a large tree, the entries made since the previous state are what is checked.
    @Test func aLargeTreeIsCheckedWhereItChanged() throws {
        var previous = RouterState<Screen>(stack: (0..<300).map { .detail($0) })
        #expect(previous._invariantViolations().isEmpty)
        var state = previous
        state._apply(.navigate(to: [.settings, .list]), limit: 1_000)
        #expect(state._invariantViolations(since: previous).isEmpty)
        previous = state
        let top = try #require(state._entries.last)
        state._entries.push(top)  // linked twice: on top of itself
        #expect(!state._invariantViolations(since: previous).isEmpty)
    }

    @Test(arguments: [7, 8, 9] as [UInt64])
    func theQueueHoldsItsInvariants(seed: UInt64) {
        var generator = Generator(state: seed)
        var queue = _NavigationQueue()
        var issued: [UInt64] = []
        for _ in 0..<400 {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0, 1:
                issued.append(queue.enqueue())
            case 2:
                if let ticket = issued.randomElement(using: &generator) {
                    _ = queue.leave(ticket)
                    issued.removeAll { $0 == ticket }
                }
            default:
                if let ticket = issued.last {
                    _ = queue.supersede(before: ticket)
                    issued.removeAll { $0 < ticket }
                }
            }
            #expect(queue._invariantViolations().isEmpty, "\(queue._invariantViolations())")
        }
    }

    @Test func everyEntryOfATrieIsReachable() throws {
        let patterns = try [
            "/", "/users", "/users/:id", "/users/:id/posts/:post?", "/files/*", "/:lang?/about", "/@:handle",
            "/@:handle/followers", "/:id.json", "/v:major", "/users/me", "/*", "/a/:b?/:c?/d",
        ].map { try PathPattern($0) }
        let trie = _RouteTrie(patterns, indexingStaticPaths: true)
        #expect(trie._invariantViolations().isEmpty, "\(trie._invariantViolations())")
        // Every prefix of the list too: entries sharing nodes, and lone ones.
        for count in 1..<patterns.count {
            #expect(_RouteTrie(Array(patterns.prefix(count)))._invariantViolations().isEmpty)
        }
    }

    /// CI runs the suite once with the checks compiled in: this says whether they are.
    @Test func theChecksAreCompiledInWhenAsked() {
        let asked = ProcessInfo.processInfo.environment["STREAMROUTER_INTERNAL_CHECKS"] != nil
        #expect(_InternalChecks.isEnabled == asked)
    }
}
