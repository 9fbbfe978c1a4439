import Foundation
import Testing

@testable import StreamRouter

/// Partial segments: a literal prefix and/or suffix around one parameter, in URL patterns
/// (`@{handle}`, `{id}.json`) and path patterns (`@:handle`, `:id.json`), matched,
/// generated, rejected when malformed and checked for conflicts.
@Suite(.suiteLimit) struct PartialSegmentTests {
    // MARK: - Matching

    @Test(
        arguments: [
            ("@{handle}", "@bob", ["handle": "bob"]),
            ("@{handle}", "%40bob", ["handle": "bob"]),
            ("@{handle}", "@b%20c", ["handle": "b c"]),
            ("@{handle}", "@", nil),
            ("@{handle}", "bob", nil),
            ("@{handle}", "@bob/x", nil),
            ("{id}.json", "7.json", ["id": "7"]),
            ("{id}.json", ".json", nil),
            ("{id}.json", "7.JSON", nil),
            ("{id}.json", "7.json.json", ["id": "7.json"]),
            ("v{major}-beta", "v2-beta", ["major": "2"]),
            ("v{major}-beta", "v-beta", nil),
            ("a{x}a", "aa", nil),
            ("a{x}a", "aaa", ["x": "a"]),
            ("users/@{handle}/posts/{id}.json", "users/@ada/posts/3.json", ["handle": "ada", "id": "3"]),
            ("caf\u{E9}{x}", "caf%C3%A9s", ["x": "s"]),
        ] as [(String, String, [String: String]?)])
    func urlPatternsMatchPartialSegments(pattern: String, path: String, expected: [String: String]?) throws {
        let group = URLMatcherGroup<[String: String]>.group("h.com") { $0.map(pattern) { $0.parameters } }
        #expect(group.patternErrors == [])
        let url = try #require(URL(string: "https://h.com/" + path))
        #expect((try? group.match(url).get()) == expected, "\(pattern) \(path)")
    }

    @Test(
        arguments: [
            ("/@:handle", "/@bob", ["handle": "bob"]),
            ("/@:handle", "/@", nil),
            ("/@:handle", "/bob", nil),
            ("/:id.json", "/7.json", ["id": "7"]),
            ("/:id.json", "/.json", nil),
            ("/v:major-beta", "/v10-beta", ["major": "10"]),
            ("/user/@:handle/:tab?", "/user/@ada", ["handle": "ada"]),
            ("/user/@:handle/:tab?", "/user/@ada/posts", ["handle": "ada", "tab": "posts"]),
            ("/files/:name.tar.gz/*", "/files/x.tar.gz/a/b", ["name": "x"]),
        ] as [(String, String, [String: String]?)])
    func pathPatternsMatchPartialSegments(glob: String, path: String, expected: [String: String]?) throws {
        let pattern = try PathPattern(glob)
        #expect(pattern.match(path)?.parameters == expected)
        #expect(pattern.match(path) == ReferencePatternMatcher(pattern: pattern).match(path))
        let table = RouteTable([(pattern, 1), (try PathPattern("/:other/x"), 2)])
        #expect(table.match(path)?.information == pattern.match(path))
    }

    @Test func partialSegmentsCompileToTheirParts() throws {
        #expect(
            try PathPattern("/@:handle/:id.json/v:major-beta/:plain").segments == [
                .partialParameter(prefix: "@", name: "handle", suffix: ""),
                .partialParameter(prefix: "", name: "id", suffix: ".json"),
                .partialParameter(prefix: "v", name: "major", suffix: "-beta"),
                .parameter("plain"),
            ])
        #expect(try PathPattern("/@:handle/:id.json").description == "/@:handle/:id.json")
        #expect(try _URLPattern("*/{id}").segments == [.skip, .capture("id")], "one segment vocabulary with the trie")
        #expect(
            try PathPattern("/:a/:b?/*").conflictForm == [.capture(""), .optionalCapture(""), .rest],
            "conflicts read the names erased")
        #expect(
            try _URLPattern("{a}/*").conflictForm == [.capture(""), .capture("")], "`*` of a URL takes one segment")
        #expect(
            try _URLPattern("@{handle}/{id}.json/{plain}").segments == [
                .partialCapture(prefix: "@", name: "handle", suffix: ""),
                .partialCapture(prefix: "", name: "id", suffix: ".json"), .capture("plain"),
            ])
    }

    /// A group on `h.com` mapping each pattern, in order, to its text and its parameter values.
    static func group(_ patterns: [String]) -> URLMatcherGroup<String> {
        .group("h.com") { mapper in
            for pattern in patterns {
                mapper.map(pattern) { match in ([pattern] + match.parameters.values.sorted()).joined(separator: " ") }
            }
        }
    }

    // MARK: - Priority: declaration order, with conflicts reported

    /// Declared from the most specific (static, then partial, then plain), each wins its own
    /// links; declared the other way, the plain parameter takes them all and the analysis says so.
    @Test func aStaticSegmentThenAPartialOneThenAParameter() throws {
        func route(_ group: URLMatcherGroup<String>, _ path: String) throws -> String? {
            try? group.match(#require(URL(string: "https://h.com/" + path))).get()
        }
        let specificFirst = Self.group(["@me", "@{handle}", "{name}"])
        #expect(try route(specificFirst, "@me") == "@me")
        #expect(try route(specificFirst, "@bob") == "@{handle} bob")
        #expect(try route(specificFirst, "bob") == "{name} bob")
        #expect(try route(specificFirst, "@") == "{name} @")
        #expect(specificFirst.conflicts == [])

        let plainFirst = Self.group(["{name}", "@{handle}", "@me"])
        #expect(try route(plainFirst, "@bob") == "{name} @bob")
        #expect(
            plainFirst.conflicts == [
                RouteConflict(entry: 1, shadowedBy: [0], kind: .unreachable),
                RouteConflict(entry: 2, shadowedBy: [0, 1], kind: .unreachable),
            ])

        let table = RouteTable<String>([
            (try PathPattern("/@me"), "me"), (try PathPattern("/@:handle"), "handle"),
            (try PathPattern("/:name"), "name"),
        ])
        #expect(table.match("/@me")?.value == "me")
        #expect(table.match("/@bob")?.value == "handle")
        #expect(table.match("/bob")?.value == "name")
        #expect(table.conflicts == [])
    }

    // MARK: - Conflicts

    struct ConflictCase: Sendable, CustomTestStringConvertible {
        let globs: [String]
        let expected: [RouteConflict]
        var testDescription: String { globs.joined(separator: " ") }

        init(_ globs: [String], _ expected: [RouteConflict] = []) {
            self.globs = globs
            self.expected = expected
        }
    }

    @Test(arguments: [
        ConflictCase(["/@:a", "/#:b"]),
        ConflictCase(["/:id.json", "/:id.xml"]),
        ConflictCase(["/@:handle", "/:name"]),
        ConflictCase(["/:name", "/@:handle"], [RouteConflict(entry: 1, shadowedBy: [0], kind: .unreachable)]),
        ConflictCase(["/@:a", "/@:b"], [RouteConflict(entry: 1, shadowedBy: [0], kind: .duplicate)]),
        ConflictCase(["/@:a", "/@x:b"], [RouteConflict(entry: 1, shadowedBy: [0], kind: .unreachable)]),
        ConflictCase(["/@:a", "/@me"], [RouteConflict(entry: 1, shadowedBy: [0], kind: .unreachable)]),
        ConflictCase(["/@me", "/@:a"]),
        ConflictCase(["/@", "/@:a"]),
        ConflictCase(
            ["/@:a", "/:b.json", "/@:c.json"], [RouteConflict(entry: 2, shadowedBy: [0, 1], kind: .unreachable)]),
        // `@.json` is taken by `@:a` and `:b.json` but not by `@:c.json`: no conflict.
        ConflictCase(["/@:c.json", "/@:a"]),
        ConflictCase(
            ["/@:a", "/:b.json", "/@.json"], [RouteConflict(entry: 2, shadowedBy: [0, 1], kind: .unreachable)]),
        ConflictCase(["/a:x", "/:y", "/ab"], [RouteConflict(entry: 2, shadowedBy: [0, 1], kind: .unreachable)]),
        ConflictCase(["/v:a/x", "/:b-beta/:c"]),
        ConflictCase(
            ["/v:a/x", "/:b-beta/*", "/v:c-beta/x"], [RouteConflict(entry: 2, shadowedBy: [0, 1], kind: .unreachable)]),
    ])
    func conflictsUnderstandPartialSegments(_ test: ConflictCase) throws {
        let table = RouteTable(try test.globs.enumerated().map { (try PathPattern($0.element), $0.offset) })
        #expect(table.conflicts == test.expected)
    }

    @Test func urlGroupConflictsUnderstandPartialSegments() {
        let group = Self.group(["@{a}", "#{b}", "{id}.json", "{id}.xml", "@{c}", "@ada"])
        #expect(
            group.conflicts == [
                RouteConflict(entry: 4, shadowedBy: [0, 2, 3], kind: .duplicate),
                RouteConflict(entry: 5, shadowedBy: [0, 4], kind: .unreachable),
            ])
    }

    /// The analysis against brute force: every segment of up to five bytes over `@`, `a`,
    /// `.` and `z` (enough: with these affixes, a segment's class depends on its first
    /// byte, last byte and length up to 3), on random tables of one- and two-segment patterns.
    @Test(arguments: [71, 72, 73] as [UInt64])
    func conflictsAgreeWithBruteForce(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let bytes: [String] = ["@", "a", ".", "z"]
        var short: [String] = []
        var all: [String] = []
        var layer = [""]
        for length in 1...5 {
            layer = layer.flatMap { word in bytes.map { word + $0 } }
            all += layer.filter { $0 != "." && $0 != ".." }
            if length <= 3 { short = all }
        }
        let singles = [":p", "@:p", ":p.", "a:p", ":pa", "@:p.", "a:pa", "@", "a", "@a", "a.", "@.", "z"]
        let firsts = [":p", "@:p", ":p.", "a"]
        var conflictsFound = 0
        for round in 0..<40 {
            let twoSegments = random.coin()
            let globs: [String] = (0..<(2 + random.below(4))).map { index in
                let first = (twoSegments ? firsts : singles)[random.below(twoSegments ? firsts.count : singles.count)]
                let glob = "/" + first.replacingOccurrences(of: ":p", with: ":p\(index)")
                guard twoSegments else { return glob }
                return glob + "/"
                    + [":q", "@:q", "a", "@."][random.below(4)].replacingOccurrences(of: ":q", with: ":q\(index)")
            }
            let patterns = try globs.map { try PathPattern($0) }
            let paths =
                twoSegments ? short.flatMap { one in short.map { "/" + one + "/" + $0 } } : all.map { "/" + $0 }
            let matched = patterns.map { pattern in Set(paths.filter { pattern.match($0) != nil }) }
            var expected: [Int] = []
            for index in patterns.indices.dropFirst() {
                let earlier = matched[..<index].reduce(into: Set<String>()) { $0.formUnion($1) }
                if matched[index].isSubset(of: earlier) { expected.append(index) }
            }
            let table = RouteTable(patterns.enumerated().map { ($0.element, $0.offset) })
            #expect(table.conflicts.map(\.entry) == expected, "round \(round): \(globs)")
            conflictsFound += expected.count
        }
        #expect(conflictsFound > 10, "the tables should have conflicts too")
    }

    // MARK: - Generation

    @Test func pathsAreGeneratedWithTheirPrefixAndSuffix() throws {
        let pattern = try PathPattern("/users/@:handle/posts/:id.json")
        let path = try pattern.path(with: ["handle": "ada", "id": "7"])
        #expect(path == "/users/@ada/posts/7.json")
        #expect(pattern.match(path)?.parameters == ["handle": "ada", "id": "7"])
        #expect(try PathPattern("/@:x").path(with: ["x": ".."]) == "/@..")
    }

    @Test(
        arguments: [
            ("/@:handle", [:], PathGenerationError.Reason.missingParameter("handle")),
            ("/@:handle", ["handle": ""], .emptyValue(name: "handle")),
            ("/@:handle", ["handle": "a/b"], .valueContainsSlash(name: "handle", value: "a/b")),
            ("/.:x", ["x": "."], .dotSegment(name: "x", value: ".")),
        ] as [(String, [String: String], PathGenerationError.Reason)])
    func badValuesForAPartialSegmentThrow(
        glob: String, parameters: [String: String], reason: PathGenerationError.Reason
    ) {
        let error = #expect(throws: PathGenerationError.self) { try PathPattern(glob).path(with: parameters) }
        #expect(error?.reason == reason)
    }

    // MARK: - Association files

    @Test func associationFilesKeepThePrefixAndSuffix() throws {
        let group = URLMatcherGroup<Int>.group("h.com") {
            $0.map("@{handle}") { 0 }
            $0.map("files/{id}.json") { 1 }
        }
        #expect(group.appleAppSiteAssociationGaps == [])
        let aasa = try group.appleAppSiteAssociation(appIDs: ["ABCDE12345.com.example.app"])
        let json = try #require(JSONSerialization.jsonObject(with: aasa) as? [String: Any])
        let applinks = try #require(json["applinks"] as? [String: Any])
        let details = try #require((applinks["details"] as? [[String: Any]])?.first)
        let components = try #require(details["components"] as? [[String: Any]])
        #expect(
            components.filter { $0["exclude"] == nil }.compactMap { $0["/"] as? String } == ["/files/*.json", "/@*"])
        #expect(
            components.filter { $0["exclude"] != nil }.compactMap { $0["/"] as? String } == [
                "/files/*/*.json", "/@*/*",
            ])
        #expect(group.uncoveredMappings(inAppleAppSiteAssociation: aasa).isComplete)
        let filters = group.androidIntentFilters()
        #expect(filters.contains(#"android:pathPattern="/@.*""#))
        #expect(filters.contains(#"android:pathPattern="/files/.*\\.json""#))
        let hostInPath = URLMatcherGroup<Int>.group(scheme: "myapp") { $0.map("@{handle}/x") { 0 } }
        #expect(hostInPath.androidIntentFilterGaps.map(\.reason) == [.wildcardHost])
    }

    // MARK: - Rejected forms

    @Test(arguments: [
        ("/:a:b", PathPatternError.Reason.multipleParameters),
        ("/@:a.:b", .multipleParameters),
        ("/@:id?", .optionalPartialParameter),
        ("/:id?.json", .optionalPartialParameter),
        ("/:id.json?", .optionalPartialParameter),
        ("/@:id*", .wildcardInsideSegment),
        ("/@*", .wildcardInsideSegment),
        ("/@:", .missingParameterName),
        ("/@:1x", .invalidParameterName(name: "1x", character: "1")),
        ("/@:-x", .invalidParameterName(name: "-x", character: "-")),
    ])
    func badPartialPathSegmentsThrowATypedError(glob: String, reason: PathPatternError.Reason) {
        let error = #expect(throws: PathPatternError.self) { try PathPattern(glob) }
        #expect(error?.reason == reason)
        #expect(error?.segmentIndex == 0)
        #expect(error.map { !$0.description.isEmpty } == true)
    }

    @Test func aPartialSegmentsNameCountsForDuplicates() {
        let error = #expect(throws: PathPatternError.self) { try PathPattern("/@:a/:a.json") }
        #expect(error?.reason == .duplicateParameterName("a"))
        #expect(throws: URLPatternError(pattern: "{a}/@{a}", reason: .duplicateParameterName("a"))) {
            try _URLPattern("{a}/@{a}")
        }
    }

    @Test(arguments: [
        ("{a}{b}", URLPatternError.Reason.multipleParameters(segment: "{a}{b}")),
        ("x/v{a}-{b}", .multipleParameters(segment: "v{a}-{b}")),
        ("@{}", .missingParameterName),
        ("@{a-b}", .malformedParameter(segment: "@{a-b}")),
        ("@{a", .malformedParameter(segment: "@{a")),
        ("@{a}}", .malformedParameter(segment: "@{a}}")),
        ("}{a}", .malformedParameter(segment: "}{a}")),
    ])
    func badPartialURLSegmentsAreReported(pattern: String, reason: URLPatternError.Reason) {
        let group = URLMatcherGroup<Int>.group("h.com") { $0.map(pattern) { 0 } }
        #expect(group.patternErrors == [URLPatternError(pattern: pattern, reason: reason)])
        #expect(throws: URLPatternError(pattern: pattern, reason: reason)) { try _URLPattern(pattern) }
    }

    // MARK: - Property tests against references

    /// Random tables with partial segments: the trie's first match equals a naive scan of
    /// the plainly recursive reference matcher.
    @Test(arguments: [81, 82] as [UInt64])
    func tablesMatchLikeTheReference(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let tokens = ["a", "@a", "a.json", ":p", "@:p", ":p.json", "@:p.json", "a:p", ":p?", "*"]
        let words = ["a", "@a", "@", "a.json", ".json", "@.json", "@a.json", "aa", "b"]
        for round in 0..<60 {
            let entries: [RouteTableTests.RandomEntry] = try (0..<(1 + random.below(6))).map { _ in
                var segments: [String] = []
                for position in 0..<random.below(4) {
                    let token = tokens[random.below(tokens.count - 1)]
                    segments.append(token.replacingOccurrences(of: ":p", with: ":p\(position)"))
                }
                if random.below(5) == 0 { segments.append("*") }
                return .init(
                    pattern: try PathPattern("/" + segments.joined(separator: "/")),
                    rejectedRemainder: random.below(4) == 0 ? random.below(3) : nil)
            }
            let table = RouteTable<Int>(
                entries.enumerated().map { index, entry in
                    .validated(entry.pattern) { entry.value(for: $0, index: index) }
                })
            for _ in 0..<40 {
                let path =
                    "/" + (0..<random.below(5)).map { _ in words[random.below(words.count)] }.joined(separator: "/")
                let expected = RouteTableTests.naiveMatch(entries, path)
                let found = table.firstMatch(path).map {
                    RouteTableTests.Hit(index: $0.value, information: $0.information)
                }
                #expect(found == expected, "round \(round): \(entries.map(\.pattern)) \(path)")
            }
        }
    }

    /// Random URL groups with partial segments against a reference written from the rules:
    /// split on `/`, percent-decode each segment, compare prefix and suffix bytes.
    @Test(arguments: [91, 92] as [UInt64])
    func urlGroupsMatchLikeTheReference(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let tokens = ["a", "@a", "{p}", "@{p}", "{p}.json", "@{p}.json", "*", "caf\u{E9}{p}"]
        let words = ["a", "@a", "%40a", "@", "a.json", ".json", "@.json", "@a.json", "caf%C3%A9s", "b%2Fc", "@%2E"]
        for round in 0..<40 {
            let patterns = (0..<(1 + random.below(6))).map { _ in
                (0..<random.below(4)).map { position in
                    tokens[random.below(tokens.count)].replacingOccurrences(of: "{p}", with: "{p\(position)}")
                }.joined(separator: "/")
            }
            let group = URLMatcherGroup<String>.group("h.com") { mapper in
                for (index, pattern) in patterns.enumerated() {
                    mapper.map(pattern) { match in "\(index) \(match.parameters.sorted { $0.key < $1.key })" }
                }
            }
            for _ in 0..<40 {
                let path = (0..<random.below(4)).map { _ in words[random.below(words.count)] }
                let url = try #require(URL(string: "https://h.com/" + path.joined(separator: "/")))
                let expected = Self.referenceMatch(patterns, path.compactMap { $0.removingPercentEncoding })
                #expect((try? group.match(url).get()) == expected, "round \(round): \(patterns) \(path)")
            }
        }
    }

    /// The first of `patterns` that matches the decoded `segments`, as the group's closure
    /// would describe it.
    static func referenceMatch(_ patterns: [String], _ segments: [String]) -> String? {
        for (index, pattern) in patterns.enumerated() {
            let parts = pattern.split(separator: "/").map(String.init)
            guard parts.count == segments.count else { continue }
            var parameters: [String: String] = [:]
            var matches = true
            for (part, segment) in zip(parts, segments) {
                if part == "*" { continue }
                guard let open = part.firstIndex(of: "{"), let close = part.firstIndex(of: "}") else {
                    matches = matches && Array(part.utf8) == Array(segment.utf8)
                    continue
                }
                let prefix = String(part[..<open])
                let suffix = String(part[part.index(after: close)...])
                guard ReferencePatternMatcher.part(Array(segment.utf8), hasPrefix: prefix, suffix: suffix) else {
                    matches = false
                    continue
                }
                let bytes = Array(segment.utf8)
                let name = String(part[part.index(after: open)..<close])
                parameters[name] = String(
                    decoding: bytes[prefix.utf8.count..<(bytes.count - suffix.utf8.count)], as: UTF8.self)
            }
            if matches { return "\(index) \(parameters.sorted { $0.key < $1.key })" }
        }
        return nil
    }
}
