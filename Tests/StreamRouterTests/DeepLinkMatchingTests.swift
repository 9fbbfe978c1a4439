import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

enum LinkRoute: RouteProvider {
    case root, allProducts, special, logout, staticRoute, trailingStatic, cafe
    case products(category: String)
    case profile(id: Int)
    case second(String)
    case raw(URL)
    case page(Int?)
    case sheet

    var transition: RouteTransition {
        self == .sheet ? .modal : .push
    }

    struct Broken: Error {}

    static func registerURLs() -> URLMatcherGroup<LinkRoute>? {
        .init(matchers: [
            .group("store.example.com") {
                $0.map("products") { .allProducts }
                $0.map("products/{category}/view") { try .products(category: $0.param("category")) }
                $0.map("products/special/view") { .special }  // declared after: never wins
                $0.map("user/{id}/profile") { try .profile(id: $0.param("id")) }
                $0.map("user/*/logout") { .logout }
                $0.map("/static/route") { .staticRoute }
                $0.map("trailing/static/") { .trailingStatic }
                $0.map("café") { .cafe }
                $0.map("raw") { .raw($0.rawURL) }
                $0.map("page") { .page($0.query("n")) }
                $0.map("sheet") { .sheet }
                $0.map("broken") { throw Broken() }
                $0.map("/") { .root }
            },
            .group(["Shared.Example.COM", "store.example.com"]) {
                $0.map("second/{value}") { try .second($0.param("value")) }
                $0.map("user/{id}/profile") { .profile(id: -1) }  // never reached: no fall-through after a match
            },
            .group(scheme: "myapp") {
                $0.map("user/{id}/profile") { try .profile(id: $0.param("id")) }
            },
        ])
    }
}

@Suite(.suiteLimit) struct DeepLinkMatchingTests {
    enum Expected: Sendable, Equatable {
        case route(LinkRoute)
        case unsupportedScheme, unknownHost, noMatchingPath, undecodable
        case parameter(String)
        case mapping
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let url: String
        let expected: Expected
        var testDescription: String { name }

        init(_ name: String, _ url: String, _ expected: Expected) {
            self.name = name
            self.url = url
            self.expected = expected
        }
    }

    static let store = "https://store.example.com"

    static let cases: [Case] = [
        // Scheme and host
        Case("https literal", "\(store)/products", .route(.allProducts)),
        Case("http accepted by default", "http://store.example.com/products", .route(.allProducts)),
        Case("scheme is case-insensitive", "HTTPS://store.example.com/products", .route(.allProducts)),
        Case("host is case-insensitive", "https://STORE.Example.COM/products", .route(.allProducts)),
        Case("port is ignored", "https://store.example.com:8443/products", .route(.allProducts)),
        Case("unknown host", "https://evil.example.com/products", .unknownHost),
        Case("host suffix is another host", "https://store.example.com.evil.net/products", .unknownHost),
        Case("no host", "https:///products", .unknownHost),
        Case("other scheme", "ftp://store.example.com/products", .unsupportedScheme),
        Case("custom scheme only where named", "otherapp://user/5/profile", .unsupportedScheme),
        Case("no scheme", "//store.example.com/products", .unsupportedScheme),
        Case("mailto", "mailto:someone@store.example.com", .unsupportedScheme),
        // Custom scheme: the host is the first path segment
        Case("custom scheme", "myapp://user/5/profile", .route(.profile(id: 5))),
        Case("custom scheme, empty host", "myapp:///user/5/profile", .route(.profile(id: 5))),
        Case("custom scheme is case-insensitive", "MyApp://user/5/profile", .route(.profile(id: 5))),
        Case("custom scheme does not open web groups", "myapp://store.example.com/products", .noMatchingPath),
        // Whole path, segment by segment
        Case("root path", "\(store)/", .route(.root)),
        Case("root path without slash", store, .route(.root)),
        Case("trailing slash ignored", "\(store)/products/", .route(.allProducts)),
        Case("query ignored", "\(store)/products?sort=asc&page=2", .route(.allProducts)),
        Case("fragment ignored", "\(store)/products#top", .route(.allProducts)),
        Case("slash, query and fragment ignored", "\(store)/products/?a=1#b", .route(.allProducts)),
        Case("doubled slashes ignored", "\(store)//products//", .route(.allProducts)),
        Case("path is case-sensitive", "\(store)/Products", .noMatchingPath),
        Case("no prefix match", "\(store)/products/extra", .noMatchingPath),
        Case("pattern must match whole", "\(store)/products/shoes", .noMatchingPath),
        Case("parameter", "\(store)/products/shoes/view", .route(.products(category: "shoes"))),
        Case(
            "first mapping in declaration order wins", "\(store)/products/special/view",
            .route(.products(category: "special"))),
        Case("star is one segment", "\(store)/user/5/logout", .route(.logout)),
        Case("star is not zero segments", "\(store)/user/logout", .noMatchingPath),
        Case("star is not two segments", "\(store)/user/5/6/logout", .noMatchingPath),
        Case("typed parameter", "\(store)/user/42/profile", .route(.profile(id: 42))),
        Case("parameter conversion fails", "\(store)/user/abc/profile", .parameter("id")),
        Case("no fall-through after a failed conversion", "\(store)/user/4.5/profile", .parameter("id")),
        Case("leading slash in pattern insignificant", "\(store)/static/route", .route(.staticRoute)),
        Case("trailing slash in pattern insignificant", "\(store)/trailing/static", .route(.trailingStatic)),
        Case("mapping closure throws", "\(store)/broken", .mapping),
        // Percent-decoding: once per segment, after splitting
        Case("%2F stays inside its segment", "\(store)/products/a%2Fb/view", .route(.products(category: "a/b"))),
        Case("%2F never makes a segment", "\(store)/products%2Fshoes%2Fview", .noMatchingPath),
        Case("%2F in a typed parameter", "\(store)/user/1%2F2/profile", .parameter("id")),
        Case("%2e%2e is text, not traversal", "\(store)/products/%2e%2e/view", .route(.products(category: ".."))),
        Case("%2e%2e never climbs", "\(store)/user/%2e%2e/products", .noMatchingPath),
        Case("raw dot segments are not resolved", "\(store)/user/../products", .noMatchingPath),
        Case("decoded exactly once", "\(store)/products/%252F/view", .route(.products(category: "%2F"))),
        Case("encoded literal matches", "\(store)/%70roducts", .route(.allProducts)),
        Case("unicode literal", "\(store)/caf%C3%A9", .route(.cafe)),
        Case("unicode parameter", "\(store)/products/%E2%9C%93%20ok/view", .route(.products(category: "✓ ok"))),
        Case("invalid UTF-8 is unhandled", "\(store)/products/%C3%28/view", .undecodable),
        Case("lone continuation byte is unhandled", "\(store)/products/%80/view", .undecodable),
        // Groups in order, falling through
        Case("later group for the same host", "\(store)/second/x", .route(.second("x"))),
        Case("group hosts are case-insensitive", "https://shared.example.com/second/y", .route(.second("y"))),
        Case("host of a later group only", "https://shared.example.com/products", .noMatchingPath),
    ]

    @Test(arguments: cases)
    func match(_ test: Case) throws {
        let group = try #require(LinkRoute.registerURLs())
        let url = try #require(URL(string: test.url))
        let result = group.match(url)
        switch (result, test.expected) {
        case (.success(let route), .route(let expected)):
            #expect(route == expected)
        case (.failure(.unsupportedScheme), .unsupportedScheme), (.failure(.unknownHost), .unknownHost),
            (.failure(.noMatchingPath), .noMatchingPath), (.failure(.undecodablePathSegment), .undecodable),
            (.failure(.mappingFailed), .mapping):
            break
        case (.failure(.parameterConversionFailed(let error)), .parameter(let name)):
            #expect(error.name == name)
            #expect(error.reason == .conversionFailed)
        default:
            Issue.record("\(test.url): expected \(test.expected), got \(result)")
        }
    }

    @Test func routerOpensURLsOntoTheCurrentStack() async throws {
        let router = Router<LinkRoute>(state: RouterState(stack: [.root]))
        #expect(await router.openURL(URL(string: "https://store.example.com/products/shoes/view")!))
        #expect(router.stack == [.root, .products(category: "shoes")])  // pushed before openURL returns
        #expect(await router.openURL(URL(string: "https://store.example.com/sheet")!))
        #expect(router.stack == [.root, .products(category: "shoes")])
        #expect(router.modal == .sheet)  // a .modal route is presented
        #expect(await router.openURL(URL(string: "https://store.example.com/nope")!) == false)
        #expect(router.stack == [.root, .products(category: "shoes")])
    }

    @Test func notHandledURLsPublishWhy() async throws {
        let router = Router<LinkRoute>()
        let reasons = StreamRecorder(
            router.events.compactMap { event -> String? in
                if case .urlNotHandled(_, let reason) = event { "\(reason)" } else { nil }
            })
        for url in [
            "ftp://store.example.com/products", "https://evil.example.com/products", "https://store.example.com/nope",
            "https://store.example.com/user/abc/profile", "https://store.example.com/products/%C3%28/view",
        ] {
            #expect(await router.openURL(URL(string: url)!) == false)
        }
        #expect(
            try await reasons.next(5) == [
                "unsupported scheme 'ftp'",
                "unknown host 'evil.example.com'",
                "no pattern matches path '/nope'",
                "parameter conversion failed: URL parameter 'id' ('abc') is not a valid Int.",
                "path segment '%C3%28' is not valid percent-encoded UTF-8",
            ])
        #expect(router.stack == [])
    }

    @Test(arguments: [
        ("myapp://ITEM/1", "/ITEM/1"), ("myapp:///ITEM/1", "/ITEM/1"), ("myapp://item", "/item"),
        ("myapp://user/5/profile/extra", "/user/5/profile/extra"),
        ("https://store.example.com/nope/%20", "/nope/%20"),
    ])
    func noMatchingPathShowsThePathAsMatched(url: String, path: String) throws {
        let group = try #require(LinkRoute.registerURLs())
        let result = group.match(try #require(URL(string: url)))
        guard case .failure(let reason) = result, case .noMatchingPath(path) = reason else {
            Issue.record("expected noMatchingPath('\(path)'), got \(result)")
            return
        }
        #expect(reason.description == "no pattern matches path '\(path)'")
    }

    @Test func rawURLIsTheURLAsOpened() async throws {
        let text = "https://Store.Example.com/raw/?utm_source=mail&x=%20#section-2"
        let router = Router<LinkRoute>()
        #expect(await router.openURL(URL(string: text)!))
        guard case .raw(let url) = router.stack.last else {
            Issue.record("expected the raw route, got \(router.stack)")
            return
        }
        #expect(url.absoluteString == text)
    }

    @Test func queryItemsReachTheMapping() throws {
        let group = try #require(LinkRoute.registerURLs())
        #expect(try group.match(URL(string: "https://store.example.com/page?n=3")!).get() == .page(3))
        #expect(try group.match(URL(string: "https://store.example.com/page?m=1&n=x")!).get() == .page(nil))
        #expect(try group.match(URL(string: "https://store.example.com/page")!).get() == .page(nil))
        let matched = MatchedURL(
            rawURL: URL(string: "https://h/p?a=1&b=two&a=3")!, pattern: "p", parameters: ["id": "7"]
        )
        #expect(matched.queryItems.map(\.name) == ["a", "b", "a"])
        #expect(matched.query("a") == 1)
        #expect(matched.query("b") == "two")
        #expect(matched.query("b", as: Int.self) == nil)
        #expect(try matched.param("id", as: Int.self) == 7)
        #expect(throws: URLParameterError(name: "nope", value: nil, type: "Int", reason: .missing)) {
            try matched.param("nope", as: Int.self)
        }
    }

    /// An international host opens its mappings in both spellings, so a link made for it
    /// still opens once read back from its text (which holds the ASCII one).
    @Test func bothSpellingsOfAnInternationalHostOpenTheSameMapping() throws {
        let group = URLMatcherGroup<String>.group("café.example") {
            $0.map("p", linking: { $0 == "p" ? [:] : nil }) { _ in "p" }
        }
        let unicode = try #require(URL(string: "https://café.example/p"))
        #expect(group.match(unicode) == .success("p"))
        let ascii = try #require(URL(string: unicode.absoluteString))
        #expect(group.match(ascii) == .success("p"))
        let link = try #require(group.url(for: "p"))
        #expect(group.match(try #require(URL(string: link.absoluteString))) == .success("p"))
    }

    /// A `Character` parameter that is not exactly one character does not convert (its
    /// initialiser would trap on a link's text).
    @Test func aCharacterParameterConvertsOnlyFromOneCharacter() throws {
        let matched = MatchedURL(
            rawURL: URL(string: "https://h/p?c=xy&d=%C3%A9")!, pattern: "p",
            parameters: ["one": "é", "two": "ab", "none": ""]
        )
        #expect(try matched.param("one", as: Character.self) == "é")
        #expect(throws: URLParameterError(name: "two", value: "ab", type: "Character", reason: .conversionFailed)) {
            try matched.param("two", as: Character.self)
        }
        #expect(throws: URLParameterError.self) { try matched.param("none", as: Character.self) }
        #expect(matched.query("c", as: Character.self) == nil)
        #expect(matched.query("d", as: Character.self) == "é")
    }

    /// Every parameter of a pattern naming several reaches the closure under its own name
    /// (the first is kept apart from the others), and `parameters` holds them all.
    @Test func severalParametersAreReadByName() throws {
        let byName = URLMatcherGroup<[String]>.group("h.example") {
            $0.map("{a}/x/{b}/{c}/{d}") { match in try ["d", "c", "b", "a"].map { try match.param($0) } }
        }
        let all = URLMatcherGroup<[String: String]>.group("h.example") {
            $0.map("{a}/x/{b}/{c}/{d}") { $0.parameters }
        }
        let url = try #require(URL(string: "https://h.example/1/x/two/%33/four"))
        #expect(try byName.match(url).get() == ["four", "3", "two", "1"])
        #expect(try all.match(url).get() == ["a": "1", "b": "two", "c": "3", "d": "four"])
        let matched = MatchedURL(rawURL: URL(string: "https://h/p")!, pattern: "p", parameters: ["a": "1", "b": "2"])
        #expect(matched.parameters == ["a": "1", "b": "2"])
        #expect(try matched.param("b", as: Int.self) == 2)
        #expect(try matched.param("a", as: Int.self) == 1)
    }

    @Test func typeWithoutURLsHandlesNone() async throws {
        let router = Router<RouterTestRoute>()
        let events = StreamRecorder(router.events)
        #expect(await router.openURL(URL(string: "https://example.com/a")!) == false)
        guard case .urlNotHandled(_, .noURLsRegistered) = try await events.next(1)[0] else {
            Issue.record("expected noURLsRegistered")
            return
        }
    }

    @Test func malformedPatternsAreReportedAndSkipped() throws {
        let tooLong = Array(repeating: "x", count: PathPattern.maximumSegmentCount + 1).joined(separator: "/")
        let group = URLMatcherGroup<LinkRoute>.group("h.com") {
            $0.map("{}") { .root }
            $0.map("a{b") { .root }
            $0.map("{a}/{a}") { .root }
            $0.map("{bad-name}") { .root }
            $0.map(tooLong) { .root }
            $0.map("fine/{ok_1}") { .allProducts }
        }
        #expect(
            group.patternErrors.map(\.reason) == [
                .missingParameterName, .malformedParameter(segment: "a{b"), .duplicateParameterName("a"),
                .malformedParameter(segment: "{bad-name}"), .tooManySegments(limit: PathPattern.maximumSegmentCount),
            ])
        #expect(group.patternErrors[2].description == "URL pattern '{a}/{a}' names parameter 'a' twice.")
        #expect(group.groups.first?.patterns == ["fine/{ok_1}"])
        #expect(try group.match(URL(string: "https://h.com/fine/x")!).get() == .allProducts)
        #expect(LinkRoute.registerURLs()?.patternErrors == [])
    }

    @Test func groupsDescribeWhatTheyAccept() throws {
        let group = try #require(LinkRoute.registerURLs())
        #expect(group.groups.count == 3)
        #expect(group.groups[0].schemes == ["http", "https"])
        #expect(group.groups[1].hosts == ["shared.example.com", "store.example.com"])
        #expect(group.groups[2].schemes == ["myapp"])
        #expect(group.groups[2].hosts == nil)
        let explicit = URLMatcherGroup<LinkRoute>.group(schemes: ["MyApp", "https"], hosts: ["Links.Example.com"]) {
            $0.map("p/{id}") { try .profile(id: $0.param("id")) }
        }
        #expect(try explicit.match(URL(string: "myapp://links.example.com/p/1")!).get() == .profile(id: 1))
        #expect(try explicit.match(URL(string: "https://LINKS.example.com/p/2")!).get() == .profile(id: 2))
        guard case .failure(.unsupportedScheme("http")) = explicit.match(URL(string: "http://links.example.com/p/3")!)
        else {
            Issue.record("http is not listed by this group")
            return
        }
    }

    /// Patterns are checked when they are registered: a malformed one is reported at once,
    /// never matches, and leaves the numbering of the others as if it were not there.
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
        for _ in 0..<3 {
            #expect(try group.match(#require(URL(string: "https://example.com/d/5"))).get() == 4)
        }
        #expect(group.groups.first?.patterns == ["d/{ok}"])
    }

    @Test(arguments: [0, 9, 99, 1_000])
    func anInterpolatedPatternMapsAsItsText(index: Int) throws {
        let group = URLMatcherGroup<String>.group("h.com") { mapper in
            mapper.map("section\(index)/{id}/view") { try $0.pattern + " " + $0.param("id") }
            mapper.map("held\(index)") { "held" }
        }
        #expect(group.patternErrors == [])
        #expect(group.groups.first?.patterns == ["section\(index)/{id}/view", "held\(index)"])
        let url = try #require(URL(string: "https://h.com/section\(index)/42/view"))
        #expect(try group.match(url).get() == "section\(index)/{id}/view 42")
        #expect(try group.match(#require(URL(string: "https://h.com/held\(index)"))).get() == "held")
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
        #expect(group.groups.first?.patterns == ["fine3"])
        #expect(try group.match(#require(URL(string: "https://h.com/fine3"))).get() == 3)
    }

    /// A custom scheme's host leads the path: it is matched without case, as every host is.
    @Test(arguments: ["firefox://open-url?url=x", "FIREFOX://OPEN-URL?url=x", "Firefox://Open-Url?url=x"])
    func aCustomSchemesHostIsCaseInsensitive(_ text: String) throws {
        let group = URLMatcherGroup<String>.group(scheme: "firefox") { $0.map("open-url") { $0.query("url") ?? "" } }
        #expect(try group.match(#require(URL(string: text))).get() == "x")
        #expect((try? group.match(#require(URL(string: "firefox://open-url/Other"))).get()) == nil)
    }
}

/// Groups joined on the same scheme and hosts (an app's feature modules on its one host)
/// are matched as one, and match exactly as one after the other: the first group's mapping
/// wins, the mappings keep their numbers, and diagnostics see the groups as declared.
@Suite struct JoinedGroupTests {
    enum Route: RouteProvider {
        case item(String)
        case newItem
        case other(Int)
        case elsewhere
    }

    @Test(arguments: [false, true])
    func joinedGroupsMatchInDeclarationOrder(literalFirst: Bool) async throws {
        let parameter = URLMatcherGroup<Route>.group("x.example.com") {
            $0.map("items/{id}") { .item(try $0.param("id")) }
        }
        let literal = URLMatcherGroup<Route>.group("x.example.com") {
            $0.map("items/new") { .newItem }
            $0.map("other/{n}") { .other(try $0.param("n")) }
        }
        let elsewhere = URLMatcherGroup<Route>.group("y.example.com") { $0.map("items/new") { .elsewhere } }
        let joined = URLMatcherGroup<Route>(
            matchers: literalFirst ? [literal, parameter, elsewhere] : [parameter, literal, elsewhere])
        let new = try #require(URL(string: "https://x.example.com/items/new"))
        #expect(try joined.match(new).get() == (literalFirst ? .newItem : .item("new")))
        #expect(try joined.match(#require(URL(string: "https://X.example.com/other/7"))).get() == .other(7))
        #expect(try joined.match(#require(URL(string: "https://y.example.com/items/new"))).get() == .elsewhere)
        #expect(joined.groups.count == 3, "diagnostics see the groups as declared")
        let router = Router<Route>(urlMatchers: joined)
        #expect(await router.openURL(new))
        #expect(router.stack == [literalFirst ? .newItem : .item("new")])
    }
}

/// A log line quotes a link's text up to a bound, with its length.
@Suite struct LinkDescriptionTests {
    @Test func aLongLinkIsCutInLogLines() async throws {
        let path = String(repeating: "a", count: 100_000)
        let url = try #require(URL(string: "https://store.example.com/\(path)"))
        let router = Router<LinkRoute>()
        let events = StreamRecorder(router.events)
        #expect(await router.openURL(url) == false)
        let event = try #require(try await events.next().first)
        #expect(event.description.count < 1_000)
        #expect(event.description.contains("(100026 characters)"))
        #expect(URLNotHandledReason.noMatchingPath(path).description.contains("(100000 characters)"))
        #expect(URLNotHandledReason.noMatchingPath("short").description == "no pattern matches path 'short'")
    }
}
