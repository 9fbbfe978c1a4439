import Foundation
import StreamRouterTesting
import Testing

@testable import StreamRouter

/// A served `apple-app-site-association` file is input the app does not control: reading it
/// never crashes and takes bounded stack and memory (component paths of a million
/// characters, on the calling thread and in a task), a file or a path over its limit or a
/// value of the wrong type makes it unreadable with a typed error (never a wildcard), and the coverage
/// and intersection checks agree with a plain recursive reference.
@Suite(.suiteLimit) struct HostileAssociationFileTests {
    static let group = AssociationFileTests.group
    static let limit = ServedAssociationFileError.maximumPathLength

    static func served(_ components: [Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: [
            "applinks": ["details": [["appIDs": AssociationFileTests.appIDs, "components": components]]]
        ])
    }

    /// The served file's one component path: `/` and `count` times `character`.
    static func longComponent(_ character: Character, count: Int) throws -> Data {
        try served([["/": "/" + String(repeating: character, count: count)]])
    }

    /// The coverage, computed on the calling thread and in a detached task (whose stack is
    /// the cooperative pool's): both must answer, the same.
    static func coverage(of data: Data) async -> AppleAppSiteAssociationCoverage {
        let here = group.uncoveredMappings(inAppleAppSiteAssociation: data)
        let inTask = await Task.detached { group.uncoveredMappings(inAppleAppSiteAssociation: data) }.value
        #expect(here == inTask)
        return here
    }

    static let expressible = AssociationFileTests.expectedComponents.count

    @Test(arguments: [1_000, 8_191, 8_192, 50_000, 1_000_000], ["*", "?", "a"] as [Character])
    func longComponentPathsAreCheckedOrRefused(count: Int, character: Character) async throws {
        let data = try Self.longComponent(character, count: count)
        let coverage = await Self.coverage(of: data)
        let path = "/" + String(repeating: character, count: count)
        guard path.utf8.count <= Self.limit else {
            let fileLimit = ServedAssociationFileError.maximumFileSize
            #expect(
                coverage.unreadable
                    == (data.count > fileLimit
                        ? .fileTooLarge(size: data.count, limit: fileLimit)
                        : .pathTooLong(
                            at: #"applinks.details[0].components[0]["/"]"#, length: count + 1, limit: Self.limit)))
            #expect(coverage.mappings.count == Self.expressible, "an unreadable file covers nothing")
            #expect(throws: AppleAppSiteAssociationMismatch.self) {
                try checkAppleAppSiteAssociation(data, covers: Self.group)
            }
            let inTask = await Task.detached {
                Result { () throws(AppleAppSiteAssociationMismatch) in
                    try checkAppleAppSiteAssociation(data, covers: Self.group)
                }
            }.value
            #expect(throws: AppleAppSiteAssociationMismatch.self) { try inTask.get() }
            return
        }
        #expect(coverage.unreadable == nil)
        switch character {
        case "*":
            // `/` then any run: every path.
            #expect(coverage.isComplete, "\(coverage)")
            try checkAppleAppSiteAssociation(data, covers: Self.group)
        case "?":
            // Paths of exactly `count + 1` characters: no mapping has only such paths, but the
            // parameter of `/orders/*` (and others) can be that long.
            #expect(coverage.mappings.count == Self.expressible)
            #expect(coverage.unmatchedComponents.isEmpty)
        default:
            // `/aaa…`: no mapping has such a path.
            #expect(coverage.mappings.count == Self.expressible)
            #expect(coverage.unmatchedComponents == [path])
        }
    }

    /// Long paths under the limit that a mapping's path decides, character by character.
    @Test func longPathsUnderTheLimitAreAnsweredExactly() async throws {
        let filler = Self.limit - 20
        let cases: [(component: String, covers: [String], matchesAMapping: Bool)] = [
            // `/orders/` then a `?` run: the parameter can be that long; it covers nothing.
            ("/orders/" + String(repeating: "?", count: filler), [], true),
            // `/` then many `*`: every path, whatever the number of stars.
            ("/" + String(repeating: "*", count: filler), AssociationFileTests.expectedComponents, true),
            // `/orders/` then a `*?` run: takes any id of at least `filler / 2` characters.
            ("/orders/" + String(repeating: "*?", count: filler / 2), [], true),
            // A literal run then `*`: no mapping starts so.
            ("/" + String(repeating: "x", count: filler) + "*", [], false),
        ]
        for (component, covers, matchesAMapping) in cases {
            let coverage = await Self.coverage(of: try Self.served([["/": component]]))
            #expect(coverage.unreadable == nil)
            let covered = Set(AssociationFileTests.expectedComponents).subtracting(coverage.mappings.map(\.component))
            #expect(Set(covers).isSubset(of: covered), "\(component.prefix(20))…: covered \(covered.sorted())")
            if covers.isEmpty { #expect(covered.isEmpty) }
            #expect(coverage.unmatchedComponents.isEmpty == matchesAMapping)
        }
    }

    /// A mapping with a long path (registered by the app) against a long component: the
    /// check holds two rows of booleans, not a table of glob × tokens entries.
    @Test func aLongMappingAgainstALongComponentIsAnswered() async throws {
        let literal = String(repeating: "ab", count: 500)
        let group = URLMatcherGroup<String>.group("shop.example.com") {
            $0.map("\(literal)/{id}") { "long" }
        }
        let exact = try Self.served([["/": "/\(literal)/*"]])
        #expect(group.uncoveredMappings(inAppleAppSiteAssociation: exact).isComplete)
        let stars = try Self.served([["/": "/" + String(repeating: "*?", count: 2_000)]])
        let coverage = group.uncoveredMappings(inAppleAppSiteAssociation: stars)
        #expect(coverage.mappings.count == 1, "a hole is covered only by a star")
        #expect(coverage.unmatchedComponents.isEmpty, "the star run meets the literal")
        let miss = try Self.served([["/": "/\(literal)b/*"]])
        let missed = group.uncoveredMappings(inAppleAppSiteAssociation: miss)
        #expect(missed.mappings.count == 1 && missed.unmatchedComponents.count == 1)
    }

    @Test func deeplyNestedJSONIsUnreadableNotACrash() async throws {
        let nested = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        let coverage = await Self.coverage(of: nested)
        #expect(coverage.unreadable != nil)
        #expect(coverage.mappings.count == Self.expressible)
    }

    // MARK: - Wrong types

    @Test func aValueOfTheWrongTypeMakesTheFileUnreadable() throws {
        let location = "applinks.details[0].components"
        let cases: [(components: Any, error: ServedAssociationFileError)] = [
            ([["/": 5]], .wrongType(at: location + #"[0]["/"]"#, expected: "a string")),
            ([["/": NSNull()]], .wrongType(at: location + #"[0]["/"]"#, expected: "a string")),
            ([["/": ["*"]]], .wrongType(at: location + #"[0]["/"]"#, expected: "a string")),
            (
                [["/": "/products"], ["/": "/orders/*", "exclude": "yes"]],
                .wrongType(at: location + #"[1]["exclude"]"#, expected: "a boolean")
            ),
            ([["/": "/products"], "/orders/*"], .wrongType(at: location + "[1]", expected: "an object")),
            (["/": "*"], .wrongType(at: location, expected: "an array")),
        ]
        for (components, error) in cases {
            let data = try JSONSerialization.data(withJSONObject: [
                "applinks": ["details": [["appIDs": AssociationFileTests.appIDs, "components": components]]]
            ])
            let coverage = Self.group.uncoveredMappings(inAppleAppSiteAssociation: data)
            #expect(coverage.unreadable == error)
            #expect(!coverage.isComplete && coverage.mappings.count == Self.expressible, "never read as a wildcard")
            #expect("\(coverage)".contains("unreadable: \(error)"))
        }
        let paths = try JSONSerialization.data(withJSONObject: [
            "applinks": ["details": [["appID": AssociationFileTests.appIDs[0], "paths": ["/*", 5]]]]
        ])
        #expect(
            Self.group.uncoveredMappings(inAppleAppSiteAssociation: paths).unreadable
                == .wrongType(at: "applinks.details[0].paths[1]", expected: "a string"))
        let longPath = try JSONSerialization.data(withJSONObject: [
            "applinks": ["details": [["paths": ["NOT " + String(repeating: "?", count: Self.limit + 1)]]]]
        ])
        #expect(
            Self.group.uncoveredMappings(inAppleAppSiteAssociation: longPath).unreadable
                == .pathTooLong(at: "applinks.details[0].paths[0]", length: Self.limit + 1, limit: Self.limit))
        let detail = Data(#"{"applinks":{"details":[5]}}"#.utf8)
        #expect(
            Self.group.uncoveredMappings(inAppleAppSiteAssociation: detail).unreadable
                == .wrongType(at: "applinks.details[0]", expected: "an object"))
        // Right types still read: `exclude` a boolean, no `/` any path.
        let fine = try Self.served([["/": "/orders/*", "exclude": true], ["exclude": false]])
        let coverage = Self.group.uncoveredMappings(inAppleAppSiteAssociation: fine)
        #expect(coverage.unreadable == nil && coverage.mappings.map(\.component) == ["/orders/*"])
    }

    /// A file the system would ignore (over 128 KB) is refused before it is parsed, by every
    /// check of a served file; one at the limit is read.
    @Test func filesOverTheSystemsSizeLimitAreRefused() throws {
        let limit = ServedAssociationFileError.maximumFileSize
        let file = try Self.served([["/": "*"]])
        /// `file` padded with spaces after its JSON (still valid) to `size` bytes.
        func padded(to size: Int) -> Data {
            file + Data(repeating: UInt8(ascii: " "), count: size - file.count)
        }
        let atLimit = Self.group.uncoveredMappings(inAppleAppSiteAssociation: padded(to: limit))
        #expect(atLimit.unreadable == nil && atLimit.isComplete)

        let over = padded(to: limit + 1)
        let error = ServedAssociationFileError.fileTooLarge(size: limit + 1, limit: limit)
        let coverage = Self.group.uncoveredMappings(inAppleAppSiteAssociation: over)
        #expect(coverage.unreadable == error)
        #expect(coverage.mappings.count == Self.expressible, "an unreadable file covers nothing")
        #expect("\(error)" == "the file is \(limit + 1) bytes; the system reads at most \(limit)")
        #expect(throws: error) {
            try Self.group.overclaimedPaths(inAppleAppSiteAssociation: over, host: "shop.example.com")
        }
        #expect(throws: error) {
            try Self.group.unclaimedLinks(for: ["home"], inAppleAppSiteAssociation: over)
        }
    }

    // MARK: - Control characters in URL patterns

    @Test(
        arguments: [
            ("a\u{0}b", 0, 1), ("orders/{id}\n", 0x0A, 11), ("\u{1F}", 0x1F, 0), ("x/\u{7F}", 0x7F, 2),
            ("caf\u{E9}/\u{85}", 0x85, 5), ("{id}\t/x", 0x09, 4),
        ] as [(String, UInt32, Int)])
    func aURLPatternHoldingAControlCharacterIsRefused(pattern: String, scalar: UInt32, offset: Int) throws {
        let group = URLMatcherGroup<String>.group("shop.example.com") {
            $0.map(pattern) { "bad" }
            $0.map("fine/{id}") { "fine" }
        }
        let error = URLPatternError(pattern: pattern, reason: .controlCharacter(scalar: scalar, offset: offset))
        #expect(group.patternErrors == [error])
        #expect(group.groups[0].patterns == ["fine/{id}"], "the mapping is skipped")
        #expect("\(error)".contains("control character U+\(String(scalar, radix: 16, uppercase: true))"))
        #expect(!"\(error)".contains(where: { $0.unicodeScalars.first.map { $0.value < 0x20 } ?? false }))
        let url = try #require(URL(string: "https://shop.example.com/fine/7"))
        #expect((try? group.match(url).get()) == "fine")
    }

    @Test func printablePatternsStillRegister() {
        let group = URLMatcherGroup<String>.group("shop.example.com") {
            $0.map("caf\u{E9}/\u{A0}x/@{handle}/\u{1F600}") { "ok" }
        }
        #expect(group.patternErrors.isEmpty)
    }

    // MARK: - Scalars, not grapheme clusters

    /// Found by the `association` fuzz target: a `/` or `*` followed by a combining mark is
    /// one grapheme cluster, which equals neither; the generated file then failed to cover its
    /// own mapping (`a/\u{301}x`, `{a}\u{301}`). Patterns are compared by Unicode scalar.
    @Test(arguments: ["a/\u{301}x", "{a}\u{301}", "x.\u{301}/{id}", "@{who}\u{301}/*"])
    func aCombiningMarkAfterASeparatorOrAWildcardKeepsItsMeaning(pattern: String) throws {
        let group = URLMatcherGroup<String>.group("shop.example.com") { $0.map(pattern) { "p" } }
        #expect(group.patternErrors.isEmpty)
        let generated = try group.appleAppSiteAssociation(appIDs: AssociationFileTests.appIDs)
        let coverage = group.uncoveredMappings(inAppleAppSiteAssociation: generated)
        #expect(coverage.isComplete, "\(coverage)")
        // A `*` before the mark is still a wildcard in a served component.
        let wide = try Self.served([["/": "/*\u{301}*"]])
        #expect(group.uncoveredMappings(inAppleAppSiteAssociation: wide).unmatchedComponents.isEmpty)
    }

    /// In the intent filters, a `"`, `&` or `.` followed by a combining mark is escaped all
    /// the same: the XML stays well-formed and the dot literal.
    @Test func intentFiltersEscapeByScalar() throws {
        let group = URLMatcherGroup<String>.group("shop.example.com") {
            $0.map("q\"\u{301}/a&\u{301}b/f.\u{301}json") { "p" }
        }
        let filters = group.androidIntentFilters()
        let parsed = try ParsedXML(
            #"<manifest xmlns:android="http://schemas.android.com/apk/res/android">"# + filters + "</manifest>")
        let patterns = parsed.elements.compactMap { $0.attributes["android:pathPattern"] }
        #expect(patterns == Array(repeating: "/q\"\u{301}/a&\u{301}b/f\\\\.\u{301}json", count: 2))
    }

    // MARK: - Reference model

    typealias Token = AssociationPath.Token

    /// Whether `glob` covers every path of `tokens`: the plain recursion the checks had.
    static func referenceCovers(_ glob: ArraySlice<Unicode.Scalar>, _ tokens: ArraySlice<Token>) -> Bool {
        guard let first = glob.first else { return tokens.isEmpty }
        if first == "*" {
            return referenceCovers(glob.dropFirst(), tokens)
                || (!tokens.isEmpty && referenceCovers(glob, tokens.dropFirst()))
        }
        guard case .scalar(let scalar)? = tokens.first else { return false }
        return (first == "?" || first == scalar) && referenceCovers(glob.dropFirst(), tokens.dropFirst())
    }

    /// Every path of `tokens`, each hole a run of 1 to `holeLength` characters from `a`, `b`:
    /// enough to meet any glob of fewer than `holeLength` characters that meets one.
    static func instances(of tokens: [Token], holeLength: Int) -> [String] {
        var fills: [String] = [""]
        for length in 1...holeLength {
            fills += fills.filter { $0.count == length - 1 }.flatMap { [$0 + "a", $0 + "b"] }
        }
        fills.removeAll { $0.isEmpty }
        var paths = [""]
        for token in tokens {
            switch token {
            case .scalar(let scalar): paths = paths.map { $0 + String(scalar) }
            case .segment: paths = paths.flatMap { path in fills.map { path + $0 } }
            }
        }
        return paths
    }

    /// Random short globs and paths: `isCovered` equals the plain recursion and is sound (a
    /// covered path's every instance matches the glob); `intersects` holds exactly when an
    /// instance matches the glob (the instances are enough for such short globs).
    @Test func theChecksAgreeWithAReferenceOnRandomShortCases() {
        var generator = SeededGenerator(seed: 0xA5A5)
        let globAlphabet: [Character] = ["a", "b", "/", "*", "?"]
        var covered = 0
        var met = 0
        let scale = isThreadSanitized() ? 5 : 1
        for _ in 0..<(1_500 / scale) {
            let tokenCount = Int(generator.next(below: 6))
            var holes = 0
            let tokens: [Token] = (0..<tokenCount).map { _ in
                switch generator.next(below: 5) {
                case 0 where holes < 2:
                    holes += 1
                    return .segment
                case 0, 1: return .scalar("a")
                case 2: return .scalar("b")
                default: return .scalar("/")
                }
            }
            let glob = String(
                (0..<Int(generator.next(below: 5))).map { _ in globAlphabet.randomElement(using: &generator)! })
            let path = AssociationPath(tokens: tokens)
            let covers = path.isCovered(byGlob: glob)
            #expect(
                covers == Self.referenceCovers(Array(glob.unicodeScalars)[...], tokens[...]), "\(glob) over \(tokens)")
            let instances = Self.instances(of: tokens, holeLength: glob.count + 1)
            let matching = instances.filter { ReferenceComponentMatcher.matches(glob, $0) }
            if covers {
                covered += 1
                #expect(
                    matching.count == instances.count,
                    "\(glob) covers \(tokens), not \(Set(instances).subtracting(matching))")
            }
            let meets = path.intersects(glob: glob)
            #expect(meets == !matching.isEmpty, "\(glob) meets \(tokens): \(meets), instances \(matching.prefix(3))")
            if meets { met += 1 }
        }
        #expect(covered > 50 / scale && met > 150 / scale, "both sides exercised: \(covered) covered, \(met) met")
    }

    /// A component's glob matched against a concrete path equals the reference on random
    /// short cases, with `*` and `?` in the path too (there they are plain characters).
    @Test func aGlobMatchesAPathAsTheReferenceDoes() {
        var generator = SeededGenerator(seed: 0x5A5A)
        let alphabet: [Character] = ["a", "/", "*", "?"]
        func text(_ longest: UInt64) -> String {
            String((0..<Int(generator.next(below: longest))).map { _ in alphabet.randomElement(using: &generator)! })
        }
        var matched = 0
        for _ in 0..<3_000 {
            let (glob, path) = (text(6), text(7))
            let matches = AssociationPath.glob(Array(glob.unicodeScalars), matches: path)
            #expect(matches == ReferenceComponentMatcher.matches(glob, path), "\(glob) on \(path)")
            if matches { matched += 1 }
        }
        #expect(AssociationPath.glob(Array("/*".unicodeScalars), matches: "/*x"))
        #expect(matched > 300, "both answers exercised: \(matched) matched")
    }

    /// The first component claiming a path, found by looking plain paths up, is the first
    /// whose glob matches it in the file's order, on random files with repeated paths,
    /// wildcards and exclusions.
    @Test func theFirstClaimerIsTheFirstMatchingComponent() {
        var generator = SeededGenerator(seed: 0xC1A1)
        let alphabet: [Character] = ["a", "/", "*", "?"]
        func text(_ longest: UInt64) -> String {
            "/"
                + String(
                    (0..<Int(generator.next(below: longest))).map { _ in alphabet.randomElement(using: &generator)! })
        }
        var found = 0
        for _ in 0..<300 {
            let components = (0..<Int(generator.next(below: 8))).map { _ in
                ServedComponent(path: text(4), exclude: generator.next(below: 3) == 0, hasConditions: false)
            }
            let claimers = ServedComponent.FirstClaimer(components)
            for _ in 0..<8 {
                let path = text(5)
                let expected = components.firstIndex { AssociationPath.glob($0.glob, matches: path) }
                var steps = Int.max
                let claimer = try? claimers.first(claiming: path, steps: &steps)
                #expect(
                    claimer?.path == expected.map { components[$0].path }, "\(path) in \(components.map { $0.path })")
                #expect(claimer?.exclude == expected.map { components[$0].exclude }, "\(path)")
                if expected != nil { found += 1 }
            }
        }
        #expect(found > 200, "claimed paths exercised: \(found)")
    }

    /// Components written so that comparing them with the paths made from the file would
    /// take billions of steps: the check stops with a typed error instead.
    @Test func aFileWrittenToMakeTheOverclaimCheckSlowIsRefused() throws {
        let slow = "/*" + String(repeating: "x/y", count: 2_600) + "z"
        var components: [[String: Any]] = Array(repeating: ["/": slow], count: 6)
        for index in 0..<6 {
            components.append(["/": "/" + String(repeating: "*", count: 7_800 - index)])
        }
        let data = try Self.served(components)
        #expect(data.count <= ServedAssociationFileError.maximumFileSize)
        #expect(
            throws: ServedAssociationFileError.tooCostlyToCheck(steps: ServedAssociationFileError.maximumCheckSteps)
        ) {
            try AssociationFileTests.group.overclaimedPaths(inAppleAppSiteAssociation: data, host: "shop.example.com")
        }
    }
}
