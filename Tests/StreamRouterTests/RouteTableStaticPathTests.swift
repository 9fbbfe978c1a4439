import StreamRouterTesting
import Testing

@testable import StreamRouter

/// A table's static paths (patterns of literals only) are looked up whole, and the answer is
/// the one the trie walk and each pattern's own match give: first match in declaration
/// order, validators consulted in order, bytes compared exactly.
@Suite(.suiteLimit) struct RouteTableStaticPathTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let globs: [String]
        let path: String
        let winner: Int?
        var testDescription: String { name }

        init(_ name: String, _ globs: [String], _ path: String, winner: Int?) {
            self.name = name
            self.globs = globs
            self.path = path
            self.winner = winner
        }
    }

    static let cases: [Case] = [
        Case("static hit", ["/user/:id", "/users/starred", "/events"], "/users/starred", winner: 1),
        Case(
            "an earlier parameter wins over the static path", ["/user/:id", "/user/starred"], "/user/starred", winner: 0
        ),
        Case("an earlier wildcard wins", ["/files/*", "/files/readme"], "/files/readme", winner: 0),
        Case("an earlier optional wins", ["/a/:b?", "/a"], "/a", winner: 0),
        Case("the first of two equal static paths", ["/a/b", "/a/b"], "/a/b", winner: 0),
        Case("the root", ["/:x", "/"], "/", winner: 1),
        Case("a path needing normalisation", ["/a/:x/c", "/a/b"], "/a//b/", winner: 1),
        Case("dot segments", ["/a/b"], "/a/x/../b", winner: 0),
        Case("a static prefix is no hit", ["/a/b"], "/a", winner: nil),
        Case("a longer path is no hit", ["/a/b"], "/a/b/c", winner: nil),
        Case("literals compare by bytes", ["/caf\u{E9}"], "/cafe\u{301}", winner: nil),
        Case("case-sensitive", ["/About"], "/about", winner: nil),
    ]

    @Test(arguments: cases)
    func staticPathsMatchLikeTheirPatterns(_ testCase: Case) throws {
        let patterns = try testCase.globs.map { try PathPattern($0) }
        let table = RouteTable(patterns.enumerated().map { ($0.element, $0.offset) })
        let match = table.match(testCase.path)
        #expect(match?.value == testCase.winner)
        let first = patterns.firstIndex { $0.match(testCase.path) != nil }
        #expect(first == testCase.winner)
        if let winner = testCase.winner {
            #expect(match?.information == patterns[winner].match(testCase.path))
        }
    }

    /// Canonically equivalent literals (a precomposed and a decomposed `é`) are different
    /// bytes, so different routes: as patterns, as conflicts, and as a navigator's paths.
    @Test func canonicallyEquivalentLiteralsAreDifferentRoutes() throws {
        let precomposed = try PathPattern("/caf\u{E9}")
        let decomposed = try PathPattern("/cafe\u{301}")
        #expect(precomposed != decomposed)
        #expect(Set([precomposed, decomposed]).count == 2)
        let table = RouteTable([(precomposed, 1), (decomposed, 2)])
        #expect(table.match("/cafe\u{301}")?.value == 2)
        #expect(table.conflicts.isEmpty)
        let navigator = Navigator(initialPath: "/caf\u{E9}")
        #expect(navigator.navigate("/cafe\u{301}") != nil)
        #expect(decomposed.match(navigator.path) != nil)
    }

    @Test func aNavigatorsStreamsSeeACanonicallyEquivalentPath() async throws {
        let navigator = Navigator(initialPath: "/caf\u{E9}")
        let paths = StreamRecorder(navigator.paths)
        let matches = StreamRecorder(navigator.matches(try PathPattern("/cafe\u{301}")))
        #expect(navigator.navigate("/cafe\u{301}") != nil)
        let seen = try await paths.next(2)
        #expect(seen.map { Array($0.utf8) } == [Array("/caf\u{E9}".utf8), Array("/cafe\u{301}".utf8)])
        #expect(try await matches.next(2).map { $0 != nil } == [false, true])
    }

    @Test func aRefusingValidatorFallsThroughToTheNextMatch() throws {
        let table = RouteTable<String>([
            .validated(try PathPattern("/account")) { _ in nil },
            .init(try PathPattern("/account"), "second static"),
            .init(try PathPattern("/:name"), "parameter"),
        ])
        #expect(table.match("/account")?.value == "second static")
        let refusingAll = RouteTable<String>([
            .validated(try PathPattern("/account")) { _ in nil },
            .init(try PathPattern("/:name"), "parameter"),
        ])
        let match = refusingAll.match("/account")
        #expect(match?.value == "parameter")
        #expect(match?.information.parameters == ["name": "account"])
    }

    @Test func aStaticValidatorRunsOncePerLookup() throws {
        let calls = _Locked(0)
        let table = RouteTable<Int>([
            .validated(try PathPattern("/count")) { _ in
                calls.withLock { $0 += 1 }
                return nil
            },
            .init(try PathPattern("/*"), 7),
        ])
        #expect(table.match("/count")?.value == 7)
        #expect(calls.withLock { $0 } == 1)
    }
}
