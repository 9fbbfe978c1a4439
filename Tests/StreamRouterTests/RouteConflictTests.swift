import Foundation
import Testing

@testable import StreamRouter

@Suite(.suiteLimit) struct RouteConflictTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let globs: [String]
        let validated: Set<Int>
        let expected: [RouteConflict]
        var testDescription: String { globs.joined(separator: " ") }

        init(_ globs: [String], validated: Set<Int> = [], _ expected: [RouteConflict]) {
            self.globs = globs
            self.validated = validated
            self.expected = expected
        }
    }

    static func table(_ globs: [String], validated: Set<Int> = []) throws -> RouteTable<Int> {
        RouteTable(
            try globs.enumerated().map { index, glob in
                let pattern = try PathPattern(glob)
                return validated.contains(index) ? .validated(pattern) { _ in index } : .init(pattern, index)
            }
        )
    }

    @Test(arguments: [
        Case(["/a/:x", "/a/b"], [RouteConflict(entry: 1, shadowedBy: [0], kind: .unreachable)]),
        Case(["/a", "/a/:y", "/a/:x?"], [RouteConflict(entry: 2, shadowedBy: [0, 1], kind: .unreachable)]),
        Case(["/a/:x", "/a/*"], []),
        Case(["/user/:id", "/user/:name"], [RouteConflict(entry: 1, shadowedBy: [0], kind: .duplicate)]),
        Case(
            ["/a", "/a", "/a"],
            [
                RouteConflict(entry: 1, shadowedBy: [0], kind: .duplicate),
                RouteConflict(entry: 2, shadowedBy: [0, 1], kind: .duplicate),
            ]),
        Case(["/*", "/a/:x?/b"], [RouteConflict(entry: 1, shadowedBy: [0], kind: .unreachable)]),
        Case(["/:x?/*", "/*"], [RouteConflict(entry: 1, shadowedBy: [0], kind: .unreachable)]),
        Case(["/a/:x", "/b/:x", "/:y/c"], []),
        Case(["/a/c", "/:y/c"], []),
        // Validators never shadow.
        Case(["/a/:x", "/a/b"], validated: [0], []),
        Case(["/user/:id", "/user/:name"], validated: [0], []),
        Case(["/a", "/a/:y", "/a/:x?"], validated: [1], []),
        // A validated entry is itself reported.
        Case(["/a/:x", "/a/b"], validated: [1], [RouteConflict(entry: 1, shadowedBy: [0], kind: .unreachable)]),
    ])
    func examples(_ testCase: Case) throws {
        let table = try Self.table(testCase.globs, validated: testCase.validated)
        #expect(table.conflicts == testCase.expected, "\(table.debugDescription)")
    }

    @Test func builderReportsBeforeBuilding() throws {
        var builder = RouteTable<String>.Builder()
        try builder.add("/a/:x", "any")
        #expect(builder.conflicts.isEmpty)
        try builder.add("/a/b", "b")
        #expect(builder.conflicts == [RouteConflict(entry: 1, shadowedBy: [0], kind: .unreachable)])
        #expect(builder.build().conflicts == builder.conflicts)
    }

    @Test func debugDescriptionListsEntriesAndConflicts() throws {
        let table = try Self.table(["/a/:x", "/a/b", "/c/:id"], validated: [2])
        #expect(
            table.debugDescription == """
                RouteTable, 3 entries, 1 conflict
                  0: /a/:x
                  1: /a/b  (unreachable, shadowed by 0)
                  2: /c/:id  [validator]
                """)
        #expect(RouteConflict(entry: 1, shadowedBy: [0], kind: .unreachable).description.contains("unreachable"))
    }

    // MARK: - URL groups

    @Test func urlGroupsCountHostsAndSchemes() throws {
        let group = URLMatcherGroup<String>(matchers: [
            .group("example.com") {
                $0.map("user/{id}") { "user" }  // 0
                $0.map("user/me") { "me" }  // 1: unreachable
            },
            .group("other.com") { $0.map("user/me") { "other" } },  // 2: another host
            .group(["example.com", "other.com"]) {
                $0.map("user/me") { "both" }  // 3: unreachable: 0 and 2 take both hosts
                $0.map("user/{name}/x") { "x" }  // 4
            },
            .group(["example.com"]) { $0.map("user/{n}/x") { "dup?" } },  // 5: fewer hosts: unreachable
            .group(scheme: "myapp", hosts: ["example.com"]) { $0.map("user/me") { "custom" } },  // 6: other scheme
            .group(scheme: "myapp") { $0.map("{host}/user/{id}") { "nohost" } },  // 7
            .group(scheme: "myapp", hosts: ["a"]) { $0.map("user/{id}") { "taken by 7" } },  // 8: unreachable
            .group(scheme: "myapp") { $0.map("user/{id}") { "reachable" } },  // 9: myapp:///user/5 is not 6
            .group(scheme: "myapp") { $0.map("user/{x}") { "dup" } },  // 10: duplicate of 9
        ])
        #expect(
            group.conflicts == [
                RouteConflict(entry: 1, shadowedBy: [0], kind: .unreachable),
                RouteConflict(entry: 3, shadowedBy: [0, 1, 2], kind: .unreachable),
                RouteConflict(entry: 5, shadowedBy: [4], kind: .unreachable),
                RouteConflict(entry: 8, shadowedBy: [7], kind: .unreachable),
                RouteConflict(entry: 10, shadowedBy: [9], kind: .duplicate),
            ])
        // What the report claims, the matcher does.
        #expect(try group.match(#require(URL(string: "https://other.com/user/me"))).get() == "other")
        #expect(try group.match(#require(URL(string: "myapp://a/user/5"))).get() == "nohost")
        #expect(try group.match(#require(URL(string: "myapp:///user/5"))).get() == "reachable")
        #expect(try group.match(#require(URL(string: "myapp://user/5"))).get() == "reachable")
    }

    // MARK: - Against brute force

    /// Generated tables over the literals `a`, `b`, `c`: the report equals what enumerating
    /// every path over those literals and one other segment, up to the longest pattern plus
    /// one segment, finds.
    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func matchesBruteForce(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let literals = ["a", "b", "c"]
        let alphabet = literals + ["zz"]
        var words: [[[String]]] = [[[]]]
        for length in 1...4 {
            words.append(words[length - 1].flatMap { word in alphabet.map { word + [$0] } })
        }
        var kinds: [RouteConflict.Kind: Int] = [:]
        // Under Thread Sanitizer (10x slower, and looking for races, not for coverage) a tenth.
        for _ in 0..<(isThreadSanitized() ? 50 : 500) {
            await Task.yield()  // a long CPU-bound loop: let the other tests' tasks run
            var globs: [String] = []
            var validated: Set<Int> = []
            for index in 0..<(1 + random.below(6)) {
                var segments: [String] = []
                for position in 0..<random.below(4) {
                    switch random.below(5) {
                    case 0, 1: segments.append(literals[random.below(3)])
                    case 2: segments.append(":p_\(position)")
                    case 3: segments.append(":p_\(position)?")
                    default: segments.append(position == 0 ? "b" : "a")
                    }
                }
                if random.below(4) == 0 { segments.append("*") }
                globs.append("/" + segments.joined(separator: "/"))
                if random.below(4) == 0 { validated.insert(index) }
            }
            let patterns = try globs.map { try PathPattern($0) }
            let longest = patterns.map { $0.segments.filter { $0 != .wildcard }.count }.max() ?? 0
            let paths = words[0...(longest + 1)].joined().map { "/" + $0.joined(separator: "/") }
            let matched = patterns.map { pattern in Set(paths.filter { pattern.match($0) != nil }) }
            let shape = patterns.map {
                $0.segments.map(\.text).map { $0.hasPrefix(":") ? ($0.hasSuffix("?") ? "?" : ":") : $0 }
            }
            var expected: [RouteConflict] = []
            for entry in patterns.indices {
                let earlier = (0..<entry).filter { !validated.contains($0) }
                let shadowedBy = earlier.filter { !matched[$0].isDisjoint(with: matched[entry]) }
                if earlier.contains(where: { shape[$0] == shape[entry] }) {
                    expected.append(RouteConflict(entry: entry, shadowedBy: shadowedBy, kind: .duplicate))
                } else if matched[entry].isSubset(of: earlier.reduce(into: Set()) { $0.formUnion(matched[$1]) }) {
                    expected.append(RouteConflict(entry: entry, shadowedBy: shadowedBy, kind: .unreachable))
                }
            }
            let table = try Self.table(globs, validated: validated)
            #expect(table.conflicts == expected, "\(table.debugDescription)\nvalidated: \(validated.sorted())")
            for conflict in expected {
                kinds[conflict.kind, default: 0] += 1
            }
        }
        // The generated tables exercise both kinds, often.
        let scale = isThreadSanitized() ? 10 : 1
        #expect(kinds[.duplicate, default: 0] > 50 / scale)
        #expect(kinds[.unreachable, default: 0] > 100 / scale)
    }
}

extension RouteConflictTests {
    /// Generated URL groups (web and custom schemes, with hosts or reading the host as a
    /// path segment): the report equals what matching every URL over the named schemes,
    /// hosts and segments (plus one other of each) mapping by mapping finds.
    @Test(arguments: [21, 22, 23, 24] as [UInt64])
    func urlGroupsMatchBruteForce(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let segments = ["a", "h1", "h2", "zz"]
        var paths: [[String]] = [[]]
        var last: [[String]] = [[]]
        for _ in 1...3 {
            last = last.flatMap { path in segments.map { path + [$0] } }
            paths += last
        }
        var urls: [URL] = []
        for scheme in ["http", "https", "myapp", "other"] {
            for host in ["", "h1", "h2", "zz"] {
                for path in paths {
                    urls.append(try #require(URL(string: "\(scheme)://\(host)/" + path.joined(separator: "/"))))
                }
            }
        }
        var kinds: [RouteConflict.Kind: Int] = [:]
        for _ in 0..<(isThreadSanitized() ? 6 : 60) {  // a tenth under Thread Sanitizer
            await Task.yield()  // a long CPU-bound loop: let the other tests' tasks run
            typealias Group = (schemes: [String], hosts: [String]?, patterns: [String])
            var groups: [Group] = []
            for _ in 0..<(1 + random.below(3)) {
                let schemes = [["http", "https"], ["https"], ["myapp"]][random.below(3)]
                let hosts = [nil, ["h1"], ["h1", "h2"], ["h2"]][random.below(4)]
                let patterns = (0..<(1 + random.below(3))).map { _ in
                    (0..<random.below(3)).map { _ in ["a", "h1", "{p}", "*"][random.below(4)] }
                        .enumerated().map { $0.element == "{p}" ? "{p\($0.offset)}" : $0.element }
                        .joined(separator: "/")
                }
                groups.append((schemes, hosts, patterns))
            }
            func group(_ groups: [Group]) -> URLMatcherGroup<Int> {
                var index = 0
                return URLMatcherGroup(
                    matchers: groups.map { group in
                        .group(schemes: group.schemes, hosts: group.hosts) { mapper in
                            for pattern in group.patterns {
                                let value = index
                                mapper.map(pattern) { value }
                                index += 1
                            }
                        }
                    })
            }
            // Each mapping alone, with its group's schemes and hosts.
            var matched: [Set<URL>] = []
            var shapes: [String] = []
            for group in groups {
                for pattern in group.patterns {
                    let single = URLMatcherGroup<Int>.group(schemes: group.schemes, hosts: group.hosts) {
                        $0.map(pattern) { 0 }
                    }
                    matched.append(Set(urls.filter { (try? single.match($0).get()) != nil }))
                    let shape = pattern.split(separator: "/").map { $0.hasPrefix("{") ? "*" : String($0) }
                    shapes.append("\(group.schemes) \(group.hosts?.sorted() ?? []) \(group.hosts == nil) \(shape)")
                }
            }
            var expected: [RouteConflict] = []
            for entry in matched.indices {
                let shadowedBy = (0..<entry).filter { !matched[$0].isDisjoint(with: matched[entry]) }
                if (0..<entry).contains(where: { shapes[$0] == shapes[entry] }) {
                    expected.append(RouteConflict(entry: entry, shadowedBy: shadowedBy, kind: .duplicate))
                } else if matched[entry].isSubset(of: (0..<entry).reduce(into: Set()) { $0.formUnion(matched[$1]) }) {
                    expected.append(RouteConflict(entry: entry, shadowedBy: shadowedBy, kind: .unreachable))
                }
            }
            #expect(group(groups).conflicts == expected, "\(groups)")
            for conflict in expected {
                kinds[conflict.kind, default: 0] += 1
            }
        }
        if !isThreadSanitized() {  // a tenth of the groups may not reach these counts
            #expect(kinds[.duplicate, default: 0] > 3)
            #expect(kinds[.unreachable, default: 0] > 5)
        }
    }
}
