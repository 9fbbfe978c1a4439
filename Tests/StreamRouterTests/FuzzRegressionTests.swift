import Foundation
import Testing

@testable import StreamRouter

/// Inputs found by the libFuzzer targets in `Fuzz/` (see `Fuzz/README.md`), kept so that
/// what was fixed stays fixed. Each case names the target and the crashing input.
@Suite(.suiteLimit) struct FuzzRegressionTests {
    // MARK: - patterns

    /// `patterns`, crash-48138fe3 (`\xff` x7 `/*\u{301}.`): the glob compiler read tokens by
    /// grapheme cluster, so `*` followed by a combining mark was a literal, not an error,
    /// while a segment with `*` in it is an error everywhere else.
    @Test func wildcardFollowedByCombiningMarkIsRejected() {
        let glob = String(
            decoding: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x2F, 0x2A, 0xCC, 0x81, 0x2E], as: UTF8.self)
        #expect(throws: PathPatternError.self) { try PathPattern(glob) }
        #expect(throws: PathPatternError.self) { try PathPattern("/files/*\u{301}") }
        #expect(throws: PathPatternError.self) { try PathPattern("/a*\u{301}/b") }
    }

    /// Same root cause: a `/` followed by a combining mark is one grapheme cluster, so the
    /// compiler did not split there and made a literal holding `/`, which no path (split on
    /// the byte `/`) could ever match, not even the pattern's own text.
    @Test func slashFollowedByCombiningMarkSeparatesSegments() throws {
        let pattern = try PathPattern("/user/\u{301}x/:id")
        #expect(pattern.segments == [.literal("user"), .literal("\u{301}x"), .parameter("id")])
        #expect(pattern.match("/user/\u{301}x/5")?.parameters == ["id": "5"])
        #expect(try PathPattern(pattern.description) == pattern)
    }

    /// Guards around the byte-level reading of the fix: only a final byte `?` makes a
    /// parameter optional, and what precedes it must still be a valid name.
    @Test func optionalMarkerIsTheLastByte() throws {
        #expect(throws: PathPatternError.self) { try PathPattern("/:id?\u{301}") }
        #expect(throws: PathPatternError.self) { try PathPattern("/:id\u{600}?") }
        #expect(try PathPattern("/:id?").segments == [.optionalParameter("id")])
    }

    // MARK: - urls

    /// `urls`, crash-28f6287c (`{a}/\u{301}` NUL `b}{a/b`): the URL pattern compiler split on
    /// grapheme clusters too, so `{a}/\u{301}` was one malformed segment `{a}/\u{301}` and
    /// the mapping was dropped, where it is the parameter `a` then the literal `\u{301}`.
    @Test func urlPatternSplitsOnTheSlashByte() throws {
        let group = URLMatcherGroup<String>.group("fuzz.example.com") {
            $0.map("{a}/\u{301}") { try $0.param("a") }
        }
        #expect(group.patternErrors.isEmpty)
        let url = try #require(URL(string: "https://fuzz.example.com/x/%CC%81"))
        #expect(try group.match(url).get() == "x")
    }

    /// Same root cause: `{` followed by a combining mark is still a `{`, so the segment is a
    /// malformed parameter, not a literal.
    @Test func urlPatternBraceFollowedByCombiningMarkIsMalformed() {
        let group = URLMatcherGroup<String>.group("fuzz.example.com") {
            $0.map("x{\u{301}") { "x" }
            $0.map("*\u{301}/{id}") { "any" }
        }
        #expect(group.patternErrors.map(\.reason) == [.malformedParameter(segment: "x{\u{301}")])
        #expect(group.groups[0].patterns == ["*\u{301}/{id}"])
    }
}
