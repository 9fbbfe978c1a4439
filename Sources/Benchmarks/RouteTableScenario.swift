import StreamRouter

/// `RouteTable` first match against the regex scan at 1,000 patterns (the path hits the last
/// entry, or misses), and the table at 1,000 patterns against itself at 10 (hit first, hit
/// last, miss): lookup cost must not grow with the table.
///
/// The table looks like an app's: entry `i` lives under `/area<i/10>/page<i%10>` and has one
/// of five shapes of 3 to 5 segments (parameters, an optional parameter, a trailing `*`).
/// The paths hit only the entry they name; the miss is a near miss that walks three
/// segments deep before it fails.
enum RouteTableScenario {
    static let name = "route-table"

    /// The glob of entry `index`.
    static func glob(_ index: Int) -> String {
        let prefix = "/area\(index / 10)/page\(index % 10)"
        switch index % 5 {
        case 0: return prefix + "/:id"
        case 1: return prefix + "/:userId/posts/:postId"
        case 2: return prefix + "/:lang?/about"
        case 3: return prefix + "/files/*"
        default: return prefix + "/:section/items/:item"
        }
    }

    /// A path that only entry `index` matches.
    static func path(matching index: Int) -> String {
        let prefix = "/area\(index / 10)/page\(index % 10)"
        switch index % 5 {
        case 0: return prefix + "/42"
        case 1: return prefix + "/7/posts/12"
        case 2: return prefix + "/en/about"
        case 3: return prefix + "/files/docs/readme"
        default: return prefix + "/tools/items/9"
        }
    }

    struct Case {
        let name: String
        let path: String
        let expected: Int?
    }

    static func cases(size: Int) -> [Case] {
        let last = size - 1
        return [
            Case(name: "hit first", path: path(matching: 0), expected: 0),
            Case(name: "hit last", path: path(matching: last), expected: last),
            // Shares the last entry's first three segments, then fails on `items`.
            Case(name: "miss", path: "/area\(last / 10)/page\(last % 10)/tools/things/9", expected: nil),
        ]
    }

    static func table(size: Int) throws -> RouteTable<Int> {
        RouteTable(try (0..<size).map { (try PathPattern(glob($0)), $0) })
    }

    static func comparisons() throws -> [Comparison] {
        let small = try table(size: 10)
        let large = try table(size: 1_000)
        let regex = try RegexScanBaseline((0..<1_000).map { (glob: glob($0), value: $0) })
        let largeCases = cases(size: 1_000)
        for testCase in largeCases {
            try verify(testCase, table: large, baseline: regex)
        }
        let againstRegex = largeCases.filter { $0.expected != 0 }.map { testCase in
            let path = opaque(testCase.path)
            return Comparison(
                scenario: name,
                name: "1000 patterns, \(testCase.name)",
                unit: "lookup",
                libraryLabel: "RouteTable.match",
                baselineLabel: "regex scan",
                kind: .timed(
                    library: { operations in timeLoop(operations) { _ in fold(large.match(path)) } },
                    baseline: { operations in timeLoop(operations) { _ in fold(regex.match(path)) } }
                ),
                target: .ratio(atLeast: 300, "≥ 300x")
            )
        }
        // The library at 1,000 patterns against itself at 10, interleaved like any comparison
        // (so a busy machine slows both alike).
        let flat = try zip(cases(size: 10), largeCases).map { smallCase, largeCase in
            guard small.match(smallCase.path)?.value == smallCase.expected else {
                throw BenchmarkError(
                    "route-table: \(smallCase.path) does not find entry \(String(describing: smallCase.expected))")
            }
            let smallPath = opaque(smallCase.path)
            let largePath = opaque(largeCase.path)
            return Comparison(
                scenario: name,
                name: "1000 vs 10 patterns, \(largeCase.name)",
                unit: "lookup",
                libraryLabel: "RouteTable, 1000 patterns",
                baselineLabel: "RouteTable, 10 patterns",
                kind: .timed(
                    library: { operations in timeLoop(operations) { _ in fold(large.match(largePath)) } },
                    baseline: { operations in timeLoop(operations) { _ in fold(small.match(smallPath)) } }
                ),
                target: .time(atMost: 1.5)
            )
        }
        return againstRegex + flat
    }

    /// Both sides must find the expected entry and the same route information.
    private static func verify(_ testCase: Case, table: RouteTable<Int>, baseline: RegexScanBaseline<Int>) throws {
        let library = table.match(testCase.path)
        let regex = baseline.match(testCase.path)
        guard library?.value == testCase.expected, regex?.value == testCase.expected,
            library?.information == regex?.information
        else {
            throw BenchmarkError(
                "route-table: \(testCase.path) gives \(String(describing: library)) in the library, "
                    + "\(String(describing: regex)) in the regex scan, expected entry \(String(describing: testCase.expected))"
            )
        }
    }

    @inline(__always)
    static func fold(_ match: (value: Int, information: RouteInformation)?) -> Int {
        guard let match else { return -1 }
        return match.value &+ match.information.path.utf8.count &+ match.information.parameters.count
    }
}

/// A benchmark that cannot run as written (its two sides disagree, or setup failed).
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Returns `value` through a call the optimiser cannot see into, so inputs are not
/// constant-folded into the measured code.
@inline(never)
func opaque<T>(_ value: T) -> T {
    value
}
