import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// `apple-app-site-association` files that claim exactly what the group opens: one file per
/// host, and one-segment parameters that claim no deeper path.
@Suite(.suiteLimit) struct ExactAssociationFileTests {
    static let appIDs = ["ABCDE12345.com.example.app"]

    /// A project site and a click-tracking host, as Kickstarter's.
    static let site = URLMatcherGroup<String>.group(["www.example.com", "example.com"]) {
        $0.map("projects/{creator}/{slug}") { "project" }
        $0.map("projects/{creator}/{slug}/comments") { "comments" }
        $0.map("@{handle}") { "profile" }
        $0.map("discover") { "discover" }
    }
    static let clicks = URLMatcherGroup<String>.group("click.example.com") { $0.map("mpss/c/{token...}") { "click" } }
    static let group = URLMatcherGroup<String>(matchers: [site, clicks])

    /// The paths a served file claims, evaluated as the system does: the first matching
    /// component decides.
    static func claims(_ data: Data, _ path: String) throws -> Bool {
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let applinks = try #require(root["applinks"] as? [String: Any])
        let details = try #require(applinks["details"] as? [[String: Any]])
        let components = try #require(details.first?["components"] as? [[String: Any]])
        for component in components {
            let glob = try #require(component["/"] as? String)
            if Self.glob(glob, matches: path) { return component["exclude"] as? Bool != true }
        }
        return false
    }

    /// A reference matcher of component globs (`*` any run, `?` one character), recursive:
    /// the inputs here are short.
    static func glob(_ glob: String, matches path: String) -> Bool {
        func match(_ g: Substring, _ p: Substring) -> Bool {
            guard let first = g.first else { return p.isEmpty }
            if first == "*" { return match(g.dropFirst(), p) || (!p.isEmpty && match(g, p.dropFirst())) }
            guard let head = p.first, first == "?" || first == head else { return false }
            return match(g.dropFirst(), p.dropFirst())
        }
        return match(glob[...], path[...])
    }

    @Test func aOneSegmentParameterClaimsNoDeeperPath() throws {
        let file = try Self.group.appleAppSiteAssociation(appIDs: Self.appIDs, forHost: "www.example.com")
        for path in ["/projects/ada/engine", "/projects/ada/engine/comments", "/@ada", "/discover"] {
            #expect(try Self.claims(file, path), "\(path)")
        }
        for path in [
            "/projects/ada/engine/pledge", "/projects/ada/engine/x/comments", "/projects/a/b/c/d", "/@ada/posts",
            "/projects/ada", "/help/faq", "/mpss/c/1",
        ] {
            #expect(try !Self.claims(file, path), "\(path)")
        }
        try checkAppleAppSiteAssociation(file, covers: Self.site)
        try checkAppleAppSiteAssociation(file, claimsOnlyWhat: Self.group, onHost: "www.example.com")
    }

    /// The click host's file claims every depth under its prefix, and nothing else; the
    /// main site's claims none of it.
    @Test func eachHostsFileClaimsItsOwnPaths() throws {
        let click = try Self.group.appleAppSiteAssociation(appIDs: Self.appIDs, forHost: "CLICK.example.com")
        for path in ["/mpss/c", "/mpss/c/1", "/mpss/c/1/2/3/4/5/6/7"] {
            #expect(try Self.claims(click, path), "\(path)")
        }
        #expect(try !Self.claims(click, "/discover"))
        try checkAppleAppSiteAssociation(click, claimsOnlyWhat: Self.group, onHost: "click.example.com")
        let unknown = try Self.group.appleAppSiteAssociation(appIDs: Self.appIDs, forHost: "other.example.com")
        #expect(try !Self.claims(unknown, "/discover"))
    }

    /// A file written by hand with a catch-all, or with bare `*` parameters, claims paths
    /// the group refuses: the check lists them.
    @Test func theCheckFindsWhatAFileClaimsInVain() throws {
        let handWritten = Data(
            #"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"/projects/*"},{"/":"/help/*"}]}]}}"#.utf8)
        let paths = try Self.group.overclaimedPaths(inAppleAppSiteAssociation: handWritten, host: "www.example.com")
        #expect(paths.contains("/projects/x"))
        #expect(paths.contains("/help/x"))
        #expect(!paths.contains("/projects/x/x"), "a path the group takes")
        #expect(throws: AppleAppSiteAssociationOverclaim.self) {
            try checkAppleAppSiteAssociation(handWritten, claimsOnlyWhat: Self.group, onHost: "www.example.com")
        }
    }

    /// On random groups of one-segment parameters and literals, the generated file claims
    /// a path (of up to four segments) exactly when the group matches it.
    @Test(arguments: 0..<40)
    func theGeneratedFileClaimsExactlyTheGroupsPaths(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let pieces = ["a", "b", "{p}", "*", "x{q}"]
        let patterns = (0..<Int.random(in: 1...5, using: &generator)).map { _ in
            (0..<Int.random(in: 1...3, using: &generator)).map { index in
                pieces[Int.random(in: 0..<pieces.count, using: &generator)].replacingOccurrences(
                    of: "{p}", with: "{p\(index)}"
                ).replacingOccurrences(of: "{q}", with: "{q\(index)}")
            }.joined(separator: "/")
        }
        let group = URLMatcherGroup<Int>.group("h.com") { mapper in
            for (index, pattern) in patterns.enumerated() { mapper.map(pattern) { index } }
        }
        let file = try group.appleAppSiteAssociation(appIDs: Self.appIDs, forHost: "h.com")
        let words = ["a", "b", "xa", "c"]
        for _ in 0..<60 {
            let path =
                "/"
                + (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                    words[Int.random(in: 0..<words.count, using: &generator)]
                }.joined(separator: "/")
            let url = try #require(URL(string: "https://h.com\(path)"))
            let opens = (try? group.match(url).get()) != nil
            #expect(try Self.claims(file, path) == opens, "\(patterns) \(path)")
        }
    }
}
