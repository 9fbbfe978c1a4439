import Foundation
import Testing

@testable import StreamRouter

/// A URL group answers the same before its patterns are compiled (its first lookups scan
/// the checked pattern texts in declaration order) and after (a trie walk), on generated
/// groups and URLs: the same mapping, the same parameters, the same reason for a miss.
@Suite struct URLLookupCompilationTests {
    /// More lookups than any group scans before it compiles its patterns.
    static let warmUpLookups = 64

    /// The segments of generated patterns: literals, parameters and partial segments.
    static let patternWords = ["a", "b c", "café", "h1", "..", "{p}", "*", "@{p}", "{p}.json", "@{p}.json", "a{p}"]

    @Test(arguments: [31, 32, 33] as [UInt64])
    func scanningAndCompiledGroupsAgree(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let words = ["a", "b%20c", "caf%C3%A9", "h1", "%2E%2E", "7", "@a", "%40", "a.json", "@.json", "@x.json"]
        var urls: [URL] = []
        for scheme in ["https", "myapp", "ftp"] {
            for host in ["h1", "h2", ""] {
                for _ in 0..<40 {
                    let path = (0..<random.below(4)).map { _ in words[random.below(words.count)] }
                    urls.append(try #require(URL(string: "\(scheme)://\(host)/" + path.joined(separator: "/"))))
                }
            }
        }
        var hits = 0
        for _ in 0..<20 {
            typealias Spec = (schemes: [String], hosts: [String]?, patterns: [String])
            let specs: [Spec] = (0..<(1 + random.below(3))).map { _ in
                let patterns = (0..<(1 + random.below(5))).map { _ in
                    (0..<random.below(4)).map { _ in Self.patternWords[random.below(Self.patternWords.count)] }
                        .enumerated().map { $0.element.replacingOccurrences(of: "{p}", with: "{p\($0.offset)}") }
                        .joined(separator: "/")
                }
                return (
                    [["http", "https"], ["myapp"]][random.below(2)], [nil, ["h1"], ["h1", "h2"]][random.below(3)],
                    patterns
                )
            }
            func group() -> URLMatcherGroup<String> {
                var index = 0
                return URLMatcherGroup(
                    matchers: specs.map { spec in
                        .group(schemes: spec.schemes, hosts: spec.hosts) { mapper in
                            for pattern in spec.patterns {
                                let value = index
                                mapper.map(pattern) { match in
                                    "\(value) \(match.parameters.sorted { $0.key < $1.key })"
                                }
                                index += 1
                            }
                        }
                    })
            }
            let compiled = group()
            for index in 0..<Self.warmUpLookups {
                _ = compiled.match(urls[index % urls.count])
            }
            for url in urls {
                let scanning = group()  // a new group: its first lookup scans
                let answer = scanning.match(url)
                #expect(answer == compiled.match(url), "\(url) \(specs)")
                if case .success = answer { hits += 1 }
            }
        }
        #expect(hits > 100)  // the URLs hit mappings, not only miss them
    }

    /// Patterns are checked when they are registered, as before: a malformed one is
    /// reported at once and never matches, whether the others are compiled yet or not.
    @Test func malformedPatternsAreReportedWhenRegistered() throws {
        let group = URLMatcherGroup<Int>.group("example.com") {
            $0.map("a/{id}/{id}") { 1 }
            $0.map("b/{}") { 2 }
            $0.map("c/x{y}{z}") { 3 }
            $0.map("d/{ok}") { 4 }
        }
        #expect(
            group.patternErrors == [
                URLPatternError(pattern: "a/{id}/{id}", reason: .duplicateParameterName("id")),
                URLPatternError(pattern: "b/{}", reason: .missingParameterName),
                URLPatternError(pattern: "c/x{y}{z}", reason: .multipleParameters(segment: "x{y}{z}")),
            ])
        let url = try #require(URL(string: "https://example.com/d/5"))
        for _ in 0..<Self.warmUpLookups {
            #expect(try group.match(url).get() == 4)
        }
        #expect(group.matchers.first?.patterns == ["d/{ok}"])
    }

    /// The check a mapper runs when a pattern is registered reports what compiling it
    /// reports, the same error first, on generated patterns (well-formed, malformed, with
    /// repeated names, too long).
    @Test(arguments: [41, 42] as [UInt64])
    func checkingReportsWhatCompilingReports(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let tokens = [
            "a", "{id}", "{x}", "*", "{}", "x{y}", "{a-b}", "}", "{", "é", "{_1}", "", "/", "@{id}", "{x}.json",
            "{a}{b}",
            "v{a}-{b}", "x}{y",
        ]
        var errors: Set<String> = []
        for _ in 0..<2_000 {
            var parts = (0..<random.below(6)).map { _ in tokens[random.below(tokens.count)] }
            if random.below(5) == 0 {  // at the segment limit, or one over, with a token among them
                parts += Array(repeating: "a", count: PathPattern.maximumSegmentCount - 1 + random.below(2))
            }
            let text = parts.joined(separator: "/")
            var compiled: URLPatternError?
            do {
                _ = try _URLPattern(text)
            } catch {
                compiled = error
            }
            #expect(_URLPattern.error(in: text) == compiled, "\(text)")
            if let compiled { errors.insert("\(compiled.reason)".prefix(while: { $0 != "(" }).description) }
        }
        #expect(errors.count == 5, "\(errors)")  // every kind of error was met
    }
}
