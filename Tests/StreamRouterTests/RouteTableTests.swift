import AsyncObservables
import Testing

@testable import StreamRouter

@Suite(.suiteLimit) struct RouteTableTests {
    // MARK: - Table-driven cases

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let globs: [String]
        let path: String
        /// The index of the winning entry, or nil for a miss.
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
        Case("parameter declared before wildcard wins", ["/news/:id", "/news/*"], "/news/5", winner: 0),
        Case("wildcard declared before parameter wins", ["/news/*", "/news/:id"], "/news/5", winner: 0),
        Case("falls through to wildcard on deeper path", ["/news/:id", "/news/*"], "/news/5/comments", winner: 1),
        Case("wildcard matches zero segments", ["/news/:id", "/news/*"], "/news", winner: 1),
        Case("literal declared first beats parameter", ["/user/me", "/user/:id"], "/user/me", winner: 0),
        Case("parameter declared first beats literal", ["/user/:id", "/user/me"], "/user/me", winner: 0),
        Case("parameter catches other values", ["/user/me", "/user/:id"], "/user/7", winner: 1),
        Case("parameter is exactly one segment", ["/user/:id"], "/user", winner: nil),
        Case("no match across segment boundary", ["/user/:id", "/movie/*"], "/username", winner: nil),
        Case("wildcard needs the whole segment", ["/movie/*"], "/movies", winner: nil),
        Case("optional parameter present", ["/user/:id?", "/*"], "/user/5", winner: 0),
        Case("optional parameter absent", ["/user/:id?", "/*"], "/user", winner: 0),
        Case("optional parameter never takes two", ["/user/:id?", "/x"], "/user/5/6", winner: nil),
        Case("optional skipped for later literal", ["/:lang?/about"], "/about", winner: 0),
        Case("optional taken before literal", ["/:lang?/about"], "/en/about", winner: 0),
        Case("two optionals and a wildcard", ["/a/:x?/:y?/b", "/a/*"], "/a/1/b", winner: 0),
        Case("root pattern matches root only", ["/", "/*"], "/", winner: 0),
        Case("root wildcard catches the rest", ["/", "/*"], "/anything/else", winner: 1),
        Case("path is normalised first", ["/a/b"], "//a/./x/../b/", winner: 0),
        Case("literals are case-sensitive", ["/About"], "/about", winner: nil),
        Case("empty table misses", [], "/", winner: nil),
        Case("miss returns nil", ["/a", "/b/:id", "/c/*"], "/d", winner: nil),
        Case("later entry wins when earlier ones miss", ["/a/b", "/a/:x/c", "/:y/b/:z?"], "/a/b/c", winner: 1),
        Case("literal bytes, not canonical equivalence", ["/caf\u{E9}", "/*"], "/cafe\u{301}", winner: 1),
        Case("non-ASCII literal matches its bytes", ["/caf\u{E9}", "/*"], "/caf\u{E9}", winner: 0),
    ]

    @Test(arguments: cases)
    func matchesFirstEntryInDeclarationOrder(_ testCase: Case) throws {
        let patterns = try testCase.globs.map { try PathPattern($0) }
        let table = RouteTable(patterns.enumerated().map { ($0.element, $0.offset) })
        let result = table.match(testCase.path)
        #expect(result?.value == testCase.winner)
        if let winner = testCase.winner {
            // Exactly what the winning pattern itself reports.
            #expect(result?.information == patterns[winner].match(testCase.path))
        }
    }

    @Test func returnsTheWinningPatternsInformation() throws {
        let table = RouteTable<String>([
            (try PathPattern("/news/:id"), "article"),
            (try PathPattern("/news/*"), "news"),
            (try PathPattern("/user/:id?/*"), "user"),
        ])
        let article = try #require(table.match("/news/5"))
        #expect(article.value == "article")
        #expect(article.information == RouteInformation(path: "/news/5", parameters: ["id": "5"]))

        let news = try #require(table.match("/news/5/comments"))
        #expect(news.value == "news")
        #expect(news.information == RouteInformation(path: "/news", parameters: [:]))

        let user = try #require(table.match("/user/7/settings/privacy"))
        #expect(user.value == "user")
        #expect(user.information == RouteInformation(path: "/user/7", parameters: ["id": "7"]))

        let bareUser = try #require(table.match("/user"))
        #expect(bareUser.information == RouteInformation(path: "/user", parameters: [:]))
        #expect(bareUser.information.parameters["id"] == nil)
    }

    @Test func countsEntries() throws {
        let table = RouteTable<Int>([(try PathPattern("/a"), 1), (try PathPattern("/a"), 2)])
        #expect(table.count == 2)
        #expect(!table.isEmpty)
        #expect(table.patterns == [try PathPattern("/a"), try PathPattern("/a")])
        #expect(table.match("/a")?.value == 1)
        #expect(RouteTable<Int>([] as [(PathPattern, Int)]).isEmpty)
        let empty = RouteTable<Int>([])  // unambiguous: the entries' initialiser
        #expect(empty.isEmpty && empty.match("/a") == nil)
    }

    // MARK: - Validators

    @Test func rejectingValidatorFallsThroughToNextEntry() throws {
        let table = RouteTable<String>([
            .validated(try PathPattern("/user/:id")) { info in
                info.parameters["id"].flatMap(Int.init).map { "user \($0)" }
            },
            .validated(try PathPattern("/user/:name")) { info in
                info.parameters["name"] == "nobody" ? nil : "named \(info.parameters["name"] ?? "")"
            },
            .init(try PathPattern("/user/*"), "fallback"),
        ])
        #expect(table.match("/user/42")?.value == "user 42")
        #expect(table.match("/user/me")?.value == "named me")
        #expect(table.match("/user/me")?.information.parameters == ["name": "me"])
        #expect(table.match("/user/nobody")?.value == "fallback")
        #expect(table.match("/user/nobody")?.information == RouteInformation(path: "/user"))
    }

    @Test func everyValidatorRejectingIsAMiss() throws {
        let table = RouteTable<Int>([
            .validated(try PathPattern("/:a")) { _ in nil },
            .validated(try PathPattern("/*")) { _ in nil },
        ])
        #expect(table.match("/x") == nil)
    }

    @Test func validatorRunsOnlyForMatchingEntriesInOrder() throws {
        let calls = CallLog()
        let table = RouteTable<String>([
            .validated(try PathPattern("/a/:x")) { _ in
                calls.record("a/:x")
                return nil
            },
            .validated(try PathPattern("/b/*")) { _ in
                calls.record("b/*")
                return "b"
            },
            .validated(try PathPattern("/*")) { _ in
                calls.record("*")
                return nil
            },
            .validated(try PathPattern("/a/*")) { _ in
                calls.record("a/*")
                return "a"
            },
        ])
        #expect(table.match("/a/1")?.value == "a")
        #expect(calls.entries == ["a/:x", "*", "a/*"])
    }

    // MARK: - Builder

    @Test func builderBuildsTheSameTable() throws {
        var builder = RouteTable<String>.Builder()
        try builder.add("/news/:id", "article")
        builder.add(try PathPattern("/news/*"), "news")
        builder.add(try PathPattern("/user/:id"), validator: { $0.parameters["id"] == "0" ? nil : "user" })
        builder.add(.init(try PathPattern("/*"), "other"))
        let table = builder.build()
        #expect(table.count == 4)
        #expect(builder.entries.count == 4)
        #expect(table.match("/news/1")?.value == "article")
        #expect(table.match("/news")?.value == "news")
        #expect(table.match("/user/1")?.value == "user")
        #expect(table.match("/user/0")?.value == "other")
    }

    @Test func builderRejectsABadGlobAndAddsNothing() {
        var builder = RouteTable<Int>.Builder()
        #expect(throws: PathPatternError.self) { try builder.add("/user/:1d", 1) }
        #expect(builder.entries.isEmpty)
    }

    // MARK: - Worst cases stay fast

    @Test func manyOptionalParametersDoNotExplode() throws {
        let optionals = (1...40).map { "/:o\($0)?" }.joined()
        let table = RouteTable<Int>([
            (try PathPattern(optionals + "/end"), 0),
            (try PathPattern(optionals + "/:last"), 1),
        ])
        let parts = Array(repeating: "x", count: 30)
        #expect(table.match("/" + parts.joined(separator: "/") + "/stop")?.value == 1)
        #expect(table.match("/" + (parts + ["end"]).joined(separator: "/"))?.value == 0)
        #expect(table.match("/" + Array(repeating: "x", count: 45).joined(separator: "/")) == nil)
    }

    @Test func manyEntriesSharingPrefixes() throws {
        var entries: [(PathPattern, Int)] = []
        for index in 0..<500 {
            entries.append((try PathPattern("/api/v\(index % 5)/r\(index)/:id"), index))
        }
        entries.append((try PathPattern("/api/*"), 500))
        let table = RouteTable(entries)
        #expect(table.match("/api/v3/r123/9")?.value == 123)
        #expect(table.match("/api/v3/r123/9")?.information.parameters == ["id": "9"])
        #expect(table.match("/api/v2/r123/9")?.value == 500)
        #expect(table.match("/other") == nil)
    }

    // MARK: - Property test against a naive first-match scan

    struct Hit: Equatable, CustomStringConvertible {
        let index: Int
        let information: RouteInformation
        var description: String { "#\(index) \(information)" }
    }

    struct RandomEntry {
        let pattern: PathPattern
        /// When set, the entry rejects matches whose path length modulo 3 equals it.
        let rejectedRemainder: Int?

        func value(for information: RouteInformation, index: Int) -> Int? {
            guard let rejectedRemainder else { return index }
            return information.path.utf8.count % 3 == rejectedRemainder ? nil : index
        }
    }

    static func naiveMatch(_ entries: [RandomEntry], _ path: String) -> Hit? {
        for (index, entry) in entries.enumerated() {
            if let information = ReferencePatternMatcher(pattern: entry.pattern).match(path),
                let value = entry.value(for: information, index: index)
            {
                return Hit(index: value, information: information)
            }
        }
        return nil
    }

    private static func randomGlob(_ random: inout SeededGenerator) -> String {
        let count = random.below(5)
        var segments: [String] = []
        for position in 0..<count {
            switch random.below(10) {
            case 0..<5: segments.append(["a", "b", "c"][random.below(3)])
            case 5..<7: segments.append(":p\(position)")
            default: segments.append(":o\(position)?")
            }
        }
        if random.below(4) == 0 {
            segments.append("*")
        }
        return "/" + segments.joined(separator: "/")
    }

    private static func randomPath(_ random: inout SeededGenerator) -> String {
        let count = random.below(6)
        var path = random.below(8) == 0 ? "" : "/"
        for index in 0..<count {
            if index > 0 {
                path += random.below(8) == 0 ? "//" : "/"
            }
            switch random.below(20) {
            case 0: path += "."
            case 1: path += ".."
            default: path += ["a", "b", "c", "d"][random.below(4)]
            }
        }
        if random.below(6) == 0 {
            path += "/"
        }
        return path
    }

    @Test(arguments: [0x5EED_0001, 0x5EED_0002, 0x5EED_0003, 0x5EED_0004] as [UInt64])
    func agreesWithNaiveFirstMatchScan(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        for tableNumber in 0..<750 {
            if tableNumber.isMultiple(of: 50) { await Task.yield() }  // let other tests' tasks run
            let entryCount = 1 + random.below(8)
            var entries: [RandomEntry] = []
            for _ in 0..<entryCount {
                let glob = Self.randomGlob(&random)
                let rejected = random.below(5) == 0 ? random.below(3) : nil
                entries.append(RandomEntry(pattern: try PathPattern(glob), rejectedRemainder: rejected))
            }
            let table = RouteTable<Int>(
                entries.enumerated().map { index, entry in
                    RouteTable<Int>.Entry.validated(entry.pattern) { entry.value(for: $0, index: index) }
                }
            )
            for _ in 0..<24 {
                let path = Self.randomPath(&random)
                let expected = Self.naiveMatch(entries, path)
                let actual = table.match(path).map { Hit(index: $0.value, information: $0.information) }
                guard actual == expected else {
                    let described = entries.map { entry in
                        "\(entry.pattern)" + (entry.rejectedRemainder.map { " (rejects len%3==\($0))" } ?? "")
                    }
                    Issue.record(
                        """
                        seed \(seed) table \(tableNumber): patterns \(described), path "\(path)": \
                        table gave \(actual.map(\.description) ?? "nil"), \
                        naive scan gave \(expected.map(\.description) ?? "nil")
                        """
                    )
                    return
                }
            }
        }
    }
}

/// Records validator calls across the `@Sendable` boundary.
private final class CallLog: Sendable {
    private let storage = _Locked<[String]>([])

    func record(_ entry: String) {
        storage.withLock { $0.append(entry) }
    }

    var entries: [String] {
        storage.withLock { $0 }
    }
}
