import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// Links out: a mapping says how to make a route's link, and `url(for:)` gives it, opening
/// the same route.
@Suite(.suiteLimit) struct LinksOutTests {
    enum Route: RouteProvider {
        case profile(id: Int)
        case search(String)
        case file(String)
        case handle(String)
        case home
        case unlinked
    }

    static let group = URLMatcherGroup<Route>(matchers: [
        .group(scheme: "myapp") {
            $0.map("user/{id}/profile", linking: { if case .profile(let id) = $0 { ["id": "\(id)"] } else { nil } }) {
                .profile(id: try $0.param("id"))
            }
        },
        .group(["store.example.com", "www.example.com"]) {
            $0.map("user/{id}/profile", linking: { if case .profile(let id) = $0 { ["id": "\(id)"] } else { nil } }) {
                .profile(id: try $0.param("id"))
            }
            $0.map("search/{query}", linking: { if case .search(let query) = $0 { ["query": query] } else { nil } }) {
                .search(try $0.param("query"))
            }
            $0.map("files/{path...}", linking: { if case .file(let path) = $0 { ["path": path] } else { nil } }) {
                .file(try $0.param("path"))
            }
            $0.map("@{name}", linking: { if case .handle(let name) = $0 { ["name": name] } else { nil } }) {
                .handle(try $0.param("name"))
            }
            $0.mapStack("", linking: { $0 == .home ? [:] : nil }) { _ in [.home] }
            $0.map("unlinked") { .unlinked }
        },
        .group(scheme: "other") {
            $0.map("search/{query}", linking: { if case .search(let query) = $0 { ["query": query] } else { nil } }) {
                .search(try $0.param("query"))
            }
        },
    ])

    @Test func aRoutesLinkIsOnTheFirstHTTPSGroupsFirstHost() throws {
        #expect(Self.group.url(for: .profile(id: 3))?.absoluteString == "https://store.example.com/user/3/profile")
        #expect(Self.group.url(for: .home)?.absoluteString == "https://store.example.com/")
        #expect(Self.group.url(for: .unlinked) == nil, "no mapping says how")
        let router = Router<Route>(urlMatchers: Self.group)
        #expect(router.url(for: .profile(id: 3)) == Self.group.url(for: .profile(id: 3)))
        let app = TabRouter<String, Route>(tabs: ["a"], selected: "a", urlMatchers: Self.group) { _ in nil }
        let split = SplitRouter<Route>(columns: .double, urlMatchers: Self.group)
        #expect(app.url(for: .search("a")) == split.url(for: .search("a")))
    }

    /// Reserved characters, spaces and non-ASCII text are percent-encoded, and the link
    /// opens the same route; an empty parameter makes no link.
    @Test(arguments: ["a b", "100%", "a/b", "?x=1#f", "café", "日本", "@me", "...", "x+y&z"])
    func aParameterRoundTrips(_ value: String) throws {
        for route in [Route.search(value), .handle(value)] {
            let url = try #require(Self.group.url(for: route), "\(route)")
            #expect(try Self.group.match(url).get() == route)
        }
        #expect(Self.group.url(for: .search("")) == nil)
    }

    /// A segment `.` or `..` makes no link: a browser, or `URL.standardized`, would resolve it
    /// away and open another route. Dots inside a segment are kept.
    @Test func aDotSegmentMakesNoLink() throws {
        #expect(Self.group.url(for: .search("..")) == nil)
        #expect(Self.group.url(for: .search(".")) == nil)
        #expect(Self.group.url(for: .file("docs/../secret")) == nil)
        #expect(Self.group.url(for: .file("./a")) == nil)
        let handle = try #require(Self.group.url(for: .handle("..")), "`@..` is no dot segment")
        #expect(try Self.group.match(handle.standardized).get() == .handle(".."))
        let file = try #require(Self.group.url(for: .file("a/.b/c..")))
        #expect(try Self.group.match(file.standardized).get() == .file("a/.b/c.."))
    }

    /// Generated routes with any text (reserved characters, `%`, spaces, non-ASCII, dots)
    /// each make a link that opens them again, also once standardised; only an empty
    /// parameter, a dot segment, or an empty segment in a rest segment's value, makes none.
    @Test func generatedRoutesRoundTrip() throws {
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("aZ09-._~ /?#[]@!$&'()*+,;=%é日🙂") + ["\u{301}"]
        func text() -> String {
            String(
                (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        var linked = 0
        for step in 0..<600 {
            let value = text()
            let route: Route =
                switch step % 4 {
                case 0: .profile(id: Int.random(in: -1_000...1_000_000, using: &generator))
                case 1: .search(value)
                case 2: .handle(value)
                default: .file(value)
                }
            let segments = value.split(separator: "/", omittingEmptySubsequences: false)
            let makesNone: Bool =
                switch route {
                case .search: value.isEmpty || value == "." || value == ".."
                case .handle: value.isEmpty
                case .file: value.isEmpty || segments.contains { $0.isEmpty || $0 == "." || $0 == ".." }
                default: false
                }
            guard let url = Self.group.url(for: route) else {
                #expect(makesNone, "\(route) makes no link")
                continue
            }
            #expect(try Self.group.match(url).get() == route, "\(url)")
            #expect(try Self.group.match(url.standardized).get() == route, "\(url.standardized)")
            linked += 1
        }
        #expect(linked > 450)
    }

    /// A rest segment's value keeps its `/`s as segments.
    @Test func aRestSegmentsLinkKeepsItsDepth() throws {
        let url = try #require(Self.group.url(for: .file("docs/a b/c.txt")))
        #expect(url.absoluteString == "https://store.example.com/files/docs/a%20b/c.txt")
        #expect(try Self.group.match(url).get() == .file("docs/a b/c.txt"))
    }

    /// Every route of the GitHub API route set (read from the shared route sets), mapped as
    /// links, makes a link that opens it.
    @Test func everyGitHubRouteRoundTrips() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/peer-router/routes/github.txt")
        let text = try String(contentsOf: file, encoding: .utf8)
        let patterns = Array(
            Set(text.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
        ).sorted()
        struct APIRoute: Hashable, Sendable {
            let pattern: Int
            let parameters: [String: String]
        }
        let urlPatterns = patterns.map { pattern in
            pattern.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
                .joined(separator: "/")
        }
        let group = URLMatcherGroup<APIRoute>.group("api.github.com") { mapper in
            for (index, pattern) in urlPatterns.enumerated() {
                let names = pattern.split(separator: "/").filter { $0.hasPrefix("{") }.map {
                    String($0.dropFirst().dropLast())
                }
                mapper.map(pattern, linking: { $0.pattern == index ? $0.parameters : nil }) { match in
                    APIRoute(
                        pattern: index,
                        parameters: Dictionary(
                            uniqueKeysWithValues: try names.map { ($0, try match.param($0, as: String.self)) }))
                }
            }
        }
        #expect(group.patternErrors.isEmpty)
        var opened = 0
        var linked: [APIRoute] = []
        for (index, pattern) in urlPatterns.enumerated() {
            let names = pattern.split(separator: "/").filter { $0.hasPrefix("{") }.map {
                String($0.dropFirst().dropLast())
            }
            let route = APIRoute(
                pattern: index, parameters: Dictionary(uniqueKeysWithValues: names.map { ($0, "v \($0)é") }))
            guard let url = group.url(for: route) else { continue }  // an earlier pattern takes the link
            #expect(try group.match(url).get() == route)
            opened += 1
            linked.append(route)
        }
        #expect(opened > patterns.count * 9 / 10, "\(opened) of \(patterns.count)")
        // The association file the group makes claims every link it makes.
        let served = try group.appleAppSiteAssociation(appIDs: ["ABCDE12345.com.example.api"])
        #expect(try group.unclaimedLinks(for: linked, inAppleAppSiteAssociation: served) == [])
    }

    /// The link check of the testing library: an app URL that opens nothing, a route that
    /// makes no link, and a link the served file does not claim are each reported; the
    /// rest passes.
    @Test func theLinkCheckReportsEachProblem() throws {
        let links = Self.group
        let own = try links.appleAppSiteAssociation(
            appIDs: ["ABCDE12345.com.example.store"], forHost: "store.example.com")
        let good = try #require(URL(string: "https://www.example.com/user/7/profile"))
        let failures = try linkCheckFailures(
            opening: [good], linking: [.search("a b"), .file("a/b"), .home], in: links, servedAssociationFile: own)
        #expect(failures.isEmpty, "\(failures)")

        let unknown = try #require(URL(string: "https://store.example.com/nowhere"))
        let unlinked = try #require(URL(string: "https://store.example.com/unlinked"))
        // A served file that excludes the search pages.
        let served = Data(
            #"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"/search/*","exclude":true},{"/":"*"}]}]}}"#
                .utf8)
        let reported = try linkCheckFailures(
            opening: [unknown, good, unlinked], linking: [.search("swift")], in: links, servedAssociationFile: served)
        #expect(reported.count == 3, "\(reported)")
        guard reported.count == 3 else { return }
        if case .opensNothing(.noMatchingPath) = reported[0].problem {} else { Issue.record("\(reported[0])") }
        #expect(reported[0].url == unknown && reported[0].route == nil)
        if case .makesNoLink = reported[1].problem {} else { Issue.record("\(reported[1])") }
        #expect(reported[1].route == .unlinked && reported[1].url == nil)
        if case .linkNotClaimed = reported[2].problem {} else { Issue.record("\(reported[2])") }
        #expect(reported[2].url?.absoluteString == "https://store.example.com/search/swift")
        #expect(reported[2].route == .search("swift"))
        #expect(throws: ServedAssociationFileError.self) {
            try linkCheckFailures(linking: [Route.home], in: links, servedAssociationFile: Data("[".utf8))
        }
        #expect(
            try linkCheckFailures(opening: [good], in: URLMatcherGroup<Route>?.none).count == 1, "no URLs registered")
    }
}
