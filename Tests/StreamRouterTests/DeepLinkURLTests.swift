import Foundation
import Testing

@testable import StreamRouter

/// The byte-level reading of URLs and segments that deep-link matching runs.
@Suite struct DeepLinkURLTests {
    static let urls = [
        "https://store.example.com/user/3/profile", "HTTPS://Store.Example.COM/a/b?q=1#f",
        "https://example.com", "https://example.com/", "https://example.com:8080/x//y/",
        "https://example.com?x#y", "https://example.com#frag/ment", "https://user:pw@example.com/p",
        "https://[::1]:80/p", "myapp://user/5/profile", "myapp:///user/5/profile", "myapp:user/5",
        "myapp:/user/5", "https://ex%41mple.com/caf%C3%A9/%2F", "https://example.com:/p", "a+b.c-d://h/p",
        "https://h/p;x=1/q", "https://caf%C3%A9.example/p", "myapp://myapp://x/referral", "myapp://hcaf\u{E9}ttp/x",
        "https://XN--caf-dma.example/p", "https://h:/p",
        "https://h:8080",
    ]

    /// The reading from the string gives what Foundation's accessors give.
    @Test(arguments: urls)
    func readsWhatFoundationReads(text: String) throws {
        let url = try #require(URL(string: text))
        let (scheme, rawHost, path, hostIsPlain) = DeepLinkURL.withParts(of: url) { text, parts in
            func written(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
            }
            return (written(parts.scheme), written(parts.host), written(parts.path), parts.hostIsPlain)
        }
        #expect(scheme.lowercased() == (url.scheme ?? "").lowercased())
        #expect(rawHost == url.host(percentEncoded: true) ?? "")
        #expect(path == url.path(percentEncoded: true))
        // What a group compares: a plain host as written, any other decoded and lowercased.
        let host =
            rawHost.isEmpty ? nil : hostIsPlain ? rawHost : PercentEncoding.decode(Substring(rawHost))?.lowercased()
        let expected = url.host(percentEncoded: true).flatMap {
            $0.isEmpty ? nil : PercentEncoding.decode(Substring($0))
        }
        #expect(host == expected?.lowercased())
    }

    enum Route: RouteProvider {
        case any(String)
        case item(String)

        static func registerURLs() -> URLMatcherGroup<Route>? {
            .init(matchers: [
                .group("example.com") {
                    $0.map("any/*") { .any("") }
                    $0.map("item/{id}") { .item(try $0.param("id")) }
                },
                .group(scheme: "myapp") { $0.map("item/{id}") { .item(try $0.param("id")) } },
            ])
        }
    }

    /// A control character decoded anywhere in the path is refused with the policy's typed
    /// reason: in a parameter, in a segment `*` skips, in a segment no pattern names, and in
    /// the host a custom-scheme group reads as the first segment.
    @Test(
        arguments: [
            ("https://example.com/item/a%07b", 0x07, 1), ("https://example.com/any/%0A", 0x0A, 0),
            ("https://example.com/%1Bnowhere/x", 0x1B, 0), ("myapp://it%0Aem/1", 0x0A, 2),
            ("myapp://item/%C2%85", 0x85, 0),
        ] as [(String, UInt32, Int)])
    func decodedControlCharactersAreRefused(text: String, scalar: UInt32, offset: Int) throws {
        let group = try #require(Route.registerURLs())
        let url = try #require(URL(string: text))
        #expect(
            group.match(url)
                == .failure(.rejectedInput(.controlCharacter(.urlPathSegment, scalar: scalar, offset: offset))))
    }

    /// Decoded text that is not a control character reaches the route as it is, `/` and
    /// `..` included, and every segment is decoded once.
    @Test func decodedSegmentsReachTheRouteOnce() throws {
        let group = try #require(Route.registerURLs())
        let cases: [(String, Route)] = [
            ("https://example.com/item/a%2Fb", .item("a/b")), ("https://example.com/item/%2e%2e", .item("..")),
            ("https://example.com/item/%2541", .item("%41")), ("myapp://item/caf%C3%A9", .item("café")),
            ("https://EXAMPLE.com//item//x/", .item("x")),
        ]
        for (text, route) in cases {
            #expect(group.match(try #require(URL(string: text))) == .success(route), "\(text)")
        }
        #expect(
            group.match(try #require(URL(string: "https://example.com/item/%C3%28")))
                == .failure(.undecodablePathSegment("%C3%28")))
    }
}
