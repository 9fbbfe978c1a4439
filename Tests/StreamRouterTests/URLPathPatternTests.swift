import Foundation
import Testing

@testable import StreamRouter

/// ``URLPathPattern``: a literal or interpolated pattern spells the text a `String` would,
/// short and long, with integers, strings and other values interpolated; it maps, matches and
/// is refused exactly as the same text held in a `String`.
@Suite struct URLPathPatternTests {
    private enum Kind: String { case post }
    private struct Named: CustomStringConvertible { var description: String { "named" } }

    @Test func interpolationsSpellWhatAStringInterpolationSpells() {
        let section = "news"
        let cases: [(URLPathPattern, String)] = [
            ("products", "products"),
            ("", ""),
            ("caf\u{E9}/{x}", "caf\u{E9}/{x}"),
            ("section\(7)/{id}/view", "section\(7)/{id}/view"),
            ("section\(0)/{id}", "section\(0)/{id}"),
            ("n\(-42)", "n\(-42)"),
            ("\(Int.min)/\(Int.max)", "\(Int.min)/\(Int.max)"),
            ("\(section)/{id}", "\(section)/{id}"),
            ("\(Kind.post)/{id}", "\(Kind.post)/{id}"),
            ("\(Named())/\(3.5)", "\(Named())/\(3.5)"),
            // Past the 63 bytes kept in the value: the rest goes to a string, in order.
            (
                "\(String(repeating: "a", count: 60))/\(12_345)/{id}/\(section)",
                "\(String(repeating: "a", count: 60))/\(12_345)/{id}/\(section)"
            ),
            ("\(String(repeating: "b", count: 63))", String(repeating: "b", count: 63)),
            ("\(String(repeating: "b", count: 62))\(123)", String(repeating: "b", count: 62) + "123"),
            (URLPathPattern("held/{in}/a/string"), "held/{in}/a/string"),
        ]
        for (pattern, expected) in cases {
            #expect(pattern.text == expected)
            #expect(pattern.description == expected)
        }
    }

    @Test(arguments: [0, 9, 99, 1_000])
    func anInterpolatedMappingMatchesLikeItsText(index: Int) throws {
        let group = URLMatcherGroup<Int>.group("h.com") { mapper in
            mapper.map("section\(index)/{id}/view") { try $0.param("id") }
            mapper.map("held\(index)") { -1 }
        }
        #expect(group.patternErrors == [])
        #expect(group.groups.first?.patterns == ["section\(index)/{id}/view", "held\(index)"])
        let url = try #require(URL(string: "https://h.com/section\(index)/42/view"))
        // Scanned before the group compiles its patterns, then walked in the trie: the same answers.
        for _ in 0..<(_URLLookup.scansBeforeCompiling + 2) {
            #expect(try group.match(url).get() == 42)
            let found = try group._lookup.find(url)
            #expect(found.match.pattern == "section\(index)/{id}/view")
            #expect(try group.match(#require(URL(string: "https://h.com/held\(index)"))).get() == -1)
        }
    }

    @Test func aPatternHeldInAStringMapsAsALiteralDoes() throws {
        let texts = ["user/{id}/profile", "orders/{id}"]
        let group = URLMatcherGroup<String>.group("h.com") { mapper in
            mapper.map(texts[0]) { try "user " + $0.param("id") }
            mapper.mapStack(texts[1]) { try ["orders", "order " + $0.param("id")] }
        }
        #expect(group.patternErrors == [])
        #expect(try group.match(#require(URL(string: "https://h.com/user/5/profile"))).get() == "user 5")
        #expect(try group.match(#require(URL(string: "https://h.com/orders/9"))).get() == "order 9")
    }

    @Test func aMalformedInterpolatedPatternIsRefusedWithItsText() throws {
        let name = "a b"
        let group = URLMatcherGroup<Int>.group("h.com") { mapper in
            mapper.map("x/{\(name)}") { 1 }
            mapper.map("y\(2)/{id}/{id}") { 2 }
            mapper.map("fine\(3)") { 3 }
        }
        #expect(
            group.patternErrors == [
                URLPatternError(pattern: "x/{a b}", reason: .malformedParameter(segment: "{a b}")),
                URLPatternError(pattern: "y2/{id}/{id}", reason: .duplicateParameterName("id")),
            ])
        // The refused mappings are skipped: the one left is mapping 0.
        #expect(group.groups.first?.patterns == ["fine3"])
        #expect(try group.match(#require(URL(string: "https://h.com/fine3"))).get() == 3)
    }
}
