import Foundation
import StreamRouter

/// One `PathPattern.match` against one path, against one regex match of the same glob
/// (parameters extracted, matched part computed, as the library does).
enum PathPatternScenario {
    static let name = "pattern-match"

    static let cases: [(name: String, glob: String, path: String)] = [
        ("two parameters", "/user/:id/posts/:postId", "/user/42/posts/7"),
        ("optional + wildcard", "/:lang?/news/*", "/en/news/2024/05"),
        ("literal miss", "/user/:id/posts/:postId", "/user/42/comments/7"),
        ("partial segments", "/users/@:handle/posts/:id.json", "/users/@ada/posts/7.json"),
    ]

    static func comparisons() throws -> [Comparison] {
        try cases.map { testCase in
            let pattern = try PathPattern(testCase.glob)
            let route = try RegexScanBaseline<Int>.Route(glob: testCase.glob, value: 0)
            let path = opaque(testCase.path)
            let library = pattern.match(path)
            let regex = route.match(path, range: NSRange(location: 0, length: path.utf16.count))
            guard library == regex else {
                throw BenchmarkError(
                    "pattern-match: \(testCase.glob) on \(path) gives \(String(describing: library)) in the library, "
                        + "\(String(describing: regex)) with the regex"
                )
            }
            return Comparison(
                scenario: name,
                name: testCase.name,
                unit: "match",
                libraryLabel: "PathPattern.match",
                baselineLabel: "one regex match",
                kind: .timed(
                    library: { operations in
                        timeLoop(operations) { _ in fold(pattern.match(path)) }
                    },
                    baseline: { operations in
                        timeLoop(operations) { _ in
                            fold(route.match(path, range: NSRange(location: 0, length: path.utf16.count)))
                        }
                    }
                ),
                target: .ratio(atLeast: 4, "≥ 4x")
            )
        }
    }

    @inline(__always)
    static func fold(_ information: RouteInformation?) -> Int {
        guard let information else { return -1 }
        return information.path.utf8.count &+ information.parameters.count
    }
}
