import Foundation
import StreamRouterTesting
import Testing

@testable import StreamRouter

/// Untrusted URL input never crashes and is answered `false` (seeded, so every run replays
/// the same inputs).
@Suite(.suiteLimit) struct DeepLinkFuzzTests {
    static let group = LinkRoute.registerURLs()

    static func randomString(_ generator: inout SeededGenerator, alphabet: [String], length: Int) -> String {
        (0..<length).map { _ in alphabet[Int(generator.next(below: UInt64(alphabet.count)))] }.joined()
    }

    static func randomBytes(_ generator: inout SeededGenerator, length: Int) -> String {
        String(decoding: (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }, as: UTF8.self)
    }

    @Test func randomBytesAsURLsAreNotHandled() throws {
        let group = try #require(Self.group)
        var generator = SeededGenerator(seed: 0xF022_0001)
        var parsed = 0
        for _ in 0..<5_000 {
            let text = Self.randomBytes(&generator, length: Int(generator.next(below: 80)))
            for candidate in [text, "https://" + text, "myapp://" + text] {
                guard let url = URL(string: candidate) else { continue }
                parsed += 1
                if case .success(let route) = group.match(url) {
                    Issue.record("random input \(candidate.debugDescription) matched \(route)")
                }
            }
        }
        #expect(parsed > 1_000)
    }

    @Test func junkPathsOnAKnownHostNeverCrash() throws {
        let group = try #require(Self.group)
        var generator = SeededGenerator(seed: 0xF022_0002)
        let alphabet = [
            "/", "/", "%", "%2", "%2F", "%2f", "%2e", "%2E%2E", "%00", "%C3", "%A9", "%80", "%FF", "%E2%9C", "..", ".",
            "{", "}", "*", "?", "#", "&", "=", ";", ":", "@", "+", " ", "é", "✓", "\u{0}", "\u{202E}", "x", "user",
            "products", "view", "1", "-",
        ]
        var outcomes: [String: Int] = [:]
        for _ in 0..<20_000 {
            let path = Self.randomString(&generator, alphabet: alphabet, length: Int(generator.next(below: 24)))
            guard let url = URL(string: "https://store.example.com/" + path) else { continue }
            switch group.match(url) {
            case .success: outcomes["handled", default: 0] += 1
            case .failure(let reason): outcomes[String("\(reason)".prefix(12)), default: 0] += 1
            }
        }
        #expect(outcomes.values.reduce(0, +) > 10_000)
        #expect(outcomes["path segment", default: 0] > 0)  // undecodable input was met, and answered
    }

    @Test func oddEncodingsDecodeOnceOrAreRefused() throws {
        let group = try #require(Self.group)
        var generator = SeededGenerator(seed: 0xF022_0003)
        var handled = 0
        var refused = 0
        for _ in 0..<5_000 {
            let segment = (0..<Int(generator.next(below: 6) + 1)).map { _ in
                generator.next(below: 3) == 0 ? "a" : String(format: "%%%02X", Int(generator.next(below: 256)))
            }.joined()
            let url = try #require(URL(string: "https://store.example.com/products/\(segment)/view"))
            // Foundation is the reference, except that it sometimes repairs invalid UTF-8
            // with U+FFFD where this decoder (strict by design) refuses the segment.
            let reference = segment.removingPercentEncoding
            let decoded = PercentEncoding.decode(Substring(segment))
            if let decoded {
                #expect(decoded == reference, "\(segment)")
            } else {
                #expect(reference?.contains("\u{FFFD}") ?? true, "\(segment)")
            }
            switch group.match(url) {
            case .success(.products(let category)):
                #expect(category == decoded)
                handled += 1
            case .failure(.undecodablePathSegment(let raw)):
                #expect(decoded == nil)
                #expect(raw == segment)
                refused += 1
            case .failure(.rejectedInput(.controlCharacter(.urlPathSegment, let scalar, _))):
                // Decoded control characters never reach a route.
                #expect(decoded?.unicodeScalars.contains { $0.value == scalar } == true, "\(segment)")
                #expect(scalar < 0x20 || (0x7F...0x9F).contains(scalar))
                refused += 1
            case let other:
                // A decoded "/" is text inside the segment, so the route is still products.
                Issue.record("\(segment): \(other)")
            }
        }
        #expect(handled > 0 && refused > 0)
    }

    @Test(arguments: ["%", "%4", "%G1", "%zz", "a%", "%C3%28", "%ED%A0%80", "%F8%88%80%80%80"])
    func malformedEscapesAreRefused(segment: String) {
        #expect(PercentEncoding.decode(Substring(segment)) == nil)
    }

    @Test func canonicalEncodingIsInjectiveAndSingleSegment() {
        var generator = SeededGenerator(seed: 0xF022_0004)
        var seen: [String: String] = [:]
        for _ in 0..<5_000 {
            let text = Self.randomBytes(&generator, length: Int(generator.next(below: 6)))
            let encoded = PercentEncoding.canonical(text)
            #expect(
                !encoded.contains("/") && !encoded.contains(".") && !encoded.contains(":") && !encoded.contains("*"))
            #expect(PercentEncoding.decode(Substring(encoded)) == text)
            if let earlier = seen[encoded] { #expect(earlier == text) }
            seen[encoded] = text
        }
    }

    @Test func hugeQueriesAndPathsAreCheap() throws {
        let group = try #require(Self.group)
        var generator = SeededGenerator(seed: 0xF022_0005)
        let query = Self.randomString(&generator, alphabet: ["a", "=", "&", "%20", "n", "3", "%FF"], length: 200_000)
        let hugeQuery = try #require(URL(string: "https://store.example.com/products?" + query))
        #expect(try group.match(hugeQuery).get() == .allProducts)  // the query plays no part
        let pageQuery = try #require(URL(string: "https://store.example.com/page?" + query + "&n=5"))
        #expect(throws: Never.self) { _ = group.match(pageQuery) }
        let hugePath = try #require(
            URL(string: "https://store.example.com/" + Array(repeating: "x", count: 50_000).joined(separator: "/")))
        guard case .failure(.noMatchingPath) = group.match(hugePath) else {
            Issue.record("a 50 000-segment path must simply not match")
            return
        }
        let unknown = try #require(URL(string: "https://evil.example.com/?" + query))
        guard case .failure(.unknownHost) = group.match(unknown) else {
            Issue.record("unknown host expected")
            return
        }
    }

    @Test func junkThroughTheRouterAnswersFalseAndPublishesWhy() async throws {
        let router = Router<LinkRoute>()
        let events = StreamRecorder(router.events)
        var generator = SeededGenerator(seed: 0xF022_0006)
        var opened = 0
        while opened < 300 {
            let text = Self.randomBytes(&generator, length: Int(generator.next(below: 40)))
            guard
                let url = URL(string: "https://" + text)
                    ?? URL(string: "https://store.example.com/%C3%28" + String(opened))
            else { continue }
            #expect(await router.openURL(url) == false, "\(url)")
            opened += 1
        }
        #expect(router.stack == [])
        let recorded = try await events.next(opened, timeout: .seconds(30))
        #expect(recorded.allSatisfy { if case .urlNotHandled = $0 { true } else { false } })
    }
}
