import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

@Suite(.suiteLimit) struct InputPolicyTests {
    @Test(arguments: [
        ("/ok", nil),
        ("/a\u{0}b", InputError.controlCharacter(.path, scalar: 0, offset: 2)),
        ("/line\nbreak", .controlCharacter(.path, scalar: 0x0A, offset: 5)),
        ("/esc\u{1B}", .controlCharacter(.path, scalar: 0x1B, offset: 4)),
        ("/del\u{7F}", .controlCharacter(.path, scalar: 0x7F, offset: 4)),
        ("/c1\u{85}", .controlCharacter(.path, scalar: 0x85, offset: 3)),
        ("/caf\u{E9}/\u{1F600}", nil),
    ])
    func controlCharactersAreRejected(path: String, expected: InputError?) {
        let navigator = Navigator(initialPath: "/start")
        if let expected {
            #expect(throws: expected) { try navigator.navigate(checked: path) }
            #expect(navigator.navigate(path) == nil)
            #expect(navigator.path == "/start")
            #expect(navigator.lastAction == nil)
        } else {
            #expect(throws: Never.self) { try navigator.navigate(checked: path) }
        }
    }

    @Test func segmentCountIsCheckedAfterResolution() throws {
        let policy = InputPolicy(maximumSegmentCount: 3)
        let navigator = Navigator(initialPath: "/a/b", policy: policy)
        try navigator.navigate(checked: "c")
        #expect(navigator.path == "/a/b/c")
        #expect(throws: InputError.tooManySegments(count: 4, limit: 3)) { try navigator.navigate(checked: "d") }
        // Many segments that resolve to few are fine.
        try navigator.navigate(checked: "x/y/z/../../..")
        #expect(navigator.path == "/a/b/c")
    }

    @Test func aRejectedInitialPathFallsBackToRoot() {
        #expect(Navigator(initialPath: "/bad\u{0}").path == "/")
        #expect(Navigator(initialPath: String(repeating: "/a", count: 300)).path == "/")
    }

    @Test func restoredPathsAreCheckedToo() throws {
        let store = InMemoryStateStore(
            data: Data(#"{"version": 1, "state": {"entries": ["/", "/x\u0000"], "forwardEntries": []}}"#.utf8))
        let navigator = Navigator(initialPath: "/home", store: store)
        #expect(navigator.path == "/home")
        #expect(navigator.restoration == .restoreFailed(.rejectedInput(.controlCharacter(.path, scalar: 0, offset: 2))))
        let unnormalised = InMemoryStateStore(
            data: Data(#"{"version": 1, "state": {"entries": ["relative//path"], "forwardEntries": []}}"#.utf8))
        #expect(Navigator(store: unnormalised).path == "/")
    }

    @Test func urlLimits() {
        let policy = InputPolicy(maximumURLLength: 20)
        #expect(throws: Never.self) { try policy.check(url: "https://a.com/x") }
        #expect(throws: InputError.tooLong(.url, length: 26, limit: 20)) {
            try policy.check(url: "https://example.com/abcdef")
        }
        #expect(throws: InputError.controlCharacter(.url, scalar: 0x0D, offset: 9)) {
            try policy.check(url: "https://a\r.com")
        }
    }

    @Test func errorsDescribeThemselves() {
        #expect(
            InputError.tooLong(.path, length: 10, limit: 5).description == "The path is 10 bytes long; the limit is 5.")
        #expect(
            InputError.controlCharacter(.url, scalar: 0, offset: 3).description
                == "The url holds control character U+0 at offset 3.")
        #expect(
            InputError.controlCharacter(.urlPathSegment, scalar: 0x1B, offset: 0).description
                == "The decoded URL path segment holds control character U+1B at offset 0.")
    }

    @Test func decodedSegmentsAreCheckedForControlCharactersOnly() {
        let policy = InputPolicy(maximumPathLength: 1, maximumURLLength: 1)  // limits do not apply
        #expect(throws: Never.self) { try policy.check(decodedSegment: "caf\u{E9} / .. %") }
        #expect(throws: InputError.controlCharacter(.urlPathSegment, scalar: 0x85, offset: 1)) {
            try policy.check(decodedSegment: "a\u{85}")
        }
    }
}

@Suite(.suiteLimit) struct DeepLinkInputPolicyTests {
    enum Link: RouteProvider {
        case page(String)
        static func registerURLs() -> URLMatcherGroup<Link>? {
            .group("example.com") { $0.map("page/{name}") { try .page($0.param("name")) } }
        }
    }

    @Test func urlsOverTheLimitAreNotHandled() async throws {
        let router = Router<Link>(policy: InputPolicy(maximumURLLength: 40))
        let events = StreamRecorder(router.events)
        #expect(await router.openURL(try #require(URL(string: "https://example.com/page/short"))))
        let long = try #require(URL(string: "https://example.com/page/" + String(repeating: "x", count: 100)))
        #expect(await router.openURL(long) == false)
        #expect(router.stack == [.page("short")])
        try await events.wait { events in
            events.contains { event in
                if case .urlNotHandled(_, .rejectedInput(.tooLong(.url, length: 125, limit: 40))) = event {
                    true
                } else {
                    false
                }
            }
        }
    }

    @Test(
        arguments: [
            ("%00", 0x00, 0), ("%0A", 0x0A, 0), ("%1B", 0x1B, 0), ("%07", 0x07, 0), ("%7F", 0x7F, 0),
            ("%C2%85", 0x85, 0), ("caf%C3%A9%0D", 0x0D, 4), ("%0A%1B%5B31m%00", 0x0A, 0),
        ] as [(String, UInt32, Int)])
    func decodedControlCharactersAreNotHandled(segment: String, scalar: UInt32, offset: Int) async throws {
        let router = Router<Link>()
        let events = StreamRecorder(router.events)
        let url = try #require(URL(string: "https://example.com/page/\(segment)"))
        #expect(await router.openURL(url) == false)
        #expect(router.stack == [])
        let event = try #require(try await events.next(1).first)
        guard case .urlNotHandled(url, .rejectedInput(.controlCharacter(.urlPathSegment, scalar, offset))) = event
        else {
            Issue.record("expected a control-character rejection, got \(event)")
            return
        }
        guard case .failure(.rejectedInput) = try #require(Link.registerURLs()).match(url) else {
            Issue.record("the group's own match must refuse it too")
            return
        }
    }

    @Test func printableDecodedSegmentsStillOpen() async throws {
        let router = Router<Link>()
        #expect(await router.openURL(try #require(URL(string: "https://example.com/page/caf%C3%A9%20%2F%25"))))
        #expect(router.stack == [.page("café /%")])
    }

    @Test func typedQueryValuesRefuseControlCharacters() throws {
        let matched = MatchedURL(
            rawURL: try #require(URL(string: "https://h/p?text=a%0Ab&ok=fine&c1=%C2%85")), pattern: "p", parameters: [:]
        )
        #expect(matched.query("text", as: String.self) == nil)
        #expect(matched.query("c1", as: String.self) == nil)
        #expect(matched.query("ok", as: String.self) == "fine")
        #expect(matched.queryItems.first?.value == "a\nb")  // the raw items are not checked
    }
}

/// The navigator's one-pass check of an absolute path agrees with the three it replaces:
/// `check(path:)`, `PathResolver.isNormalized` and `check(resolvedPath:)`.
@Suite(.suiteLimit) struct AbsolutePathCheckTests {
    static func outcome(_ body: () throws(InputError) -> Bool) -> Result<Bool, InputError> {
        Result { () throws(InputError) in try body() }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func agreesWithTheSeparateChecks(seed: UInt64) async {
        var random = SeededGenerator(seed: seed)
        let alphabet = ["/", "/", ".", "..", "a", "bc", "\u{7}", "é", "\u{85}", "\u{7F}"]
        let policy = InputPolicy(maximumPathLength: 24, maximumSegmentCount: 4)
        for _ in 0..<3_000 {
            let path = "/" + (0..<random.below(10)).map { _ in alphabet[random.below(alphabet.count)] }.joined()
            let expected = Self.outcome { () throws(InputError) in
                try policy.check(path: path)
                guard PathResolver.isNormalized(path) else { return false }
                try policy.check(resolvedPath: path)
                return true
            }
            let actual = Self.outcome { () throws(InputError) in try policy.checkAbsolute(path: path) }
            #expect(actual == expected, "\(path.debugDescription)")
        }
        await Task.yield()
    }
}
