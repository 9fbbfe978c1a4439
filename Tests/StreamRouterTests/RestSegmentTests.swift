import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// `{name...}`: a URL pattern's last segment that takes the rest of the path.
@Suite(.suiteLimit) struct RestSegmentTests {
    static let clicks = URLMatcherGroup<String>.init(matchers: [
        .group("click.example.com") {
            $0.map("mpss/c/{token...}") { "click " + (try $0.param("token", as: String.self)) }
        },
        .group("www.example.com") {
            $0.map("mpss/c/{token}") { "one segment " + (try $0.param("token", as: String.self)) }
            $0.map("feed/{path...}") { "feed [" + (try $0.param("path", as: String.self)) + "]" }
        },
    ])

    /// Email click paths of 1 to 12 segments open through one mapping, decoded per segment.
    @Test(arguments: 1...12)
    func clickPathsOfAnyDepthOpen(depth: Int) throws {
        let segments = (0..<depth).map { "s\($0)%2Fx" }
        let url = try #require(URL(string: "https://click.example.com/mpss/c/" + segments.joined(separator: "/")))
        let expected = "click " + (0..<depth).map { "s\($0)/x" }.joined(separator: "/")
        #expect(try Self.clicks.match(url).get() == expected)
    }

    /// A rest segment takes zero segments too, and never reaches hosts it was not given.
    @Test func theRestMayBeEmptyAndStaysOnItsHosts() throws {
        #expect(try Self.clicks.match(#require(URL(string: "https://www.example.com/feed"))).get() == "feed []")
        #expect(try Self.clicks.match(#require(URL(string: "https://www.example.com/feed/a/b/"))).get() == "feed [a/b]")
        #expect(
            try Self.clicks.match(#require(URL(string: "https://www.example.com/mpss/c/a"))).get() == "one segment a")
        #expect((try? Self.clicks.match(#require(URL(string: "https://www.example.com/mpss/c/a/b"))).get()) == nil)
        #expect((try? Self.clicks.match(#require(URL(string: "https://other.example.com/mpss/c/a"))).get()) == nil)
    }

    @Test func aRestSegmentMustBeLast() {
        let group = URLMatcherGroup<Int>.group("h.com") { $0.map("a/{rest...}/b") { 1 } }
        #expect(
            group.patternErrors == [
                URLPatternError(pattern: "a/{rest...}/b", reason: .restNotLast(segment: "{rest...}"))
            ])
        let malformed = URLMatcherGroup<Int>.group("h.com") { $0.map("a/{...}") { 1 } }
        #expect(malformed.patternErrors == [URLPatternError(pattern: "a/{...}", reason: .missingParameterName)])
    }

    /// Conflicts are exact: a rest segment after a literal shadows a later literal path
    /// under it, a one-segment parameter before it does not shadow it.
    @Test func conflictsWithARestSegmentAreExact() {
        let shadowing = URLMatcherGroup<Int>.group("h.com") {
            $0.map("files/{path...}") { 1 }
            $0.map("files/a/b") { 2 }
            $0.map("files/{name}") { 3 }
        }
        #expect(shadowing.conflicts.map(\.description).count == 2)
        let fine = URLMatcherGroup<Int>.group("h.com") {
            $0.map("files/{name}") { 1 }
            $0.map("files/{path...}") { 2 }
        }
        #expect(fine.conflicts.isEmpty)
    }
}
