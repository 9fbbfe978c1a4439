import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The association files a group generates: the `apple-app-site-association` JSON (one
/// component per mapping, checked against a reference matcher of component patterns on
/// generated URLs), its coverage of a served file, and Android intent filters (parsed as
/// XML).
@Suite(.suiteLimit) struct AssociationFileTests {
    /// Mappings of every kind an association file meets; the gaps are the last four.
    static let group = URLMatcherGroup<String>(matchers: [
        .group(["shop.example.com", "www.shop.example.com"]) {
            $0.map("") { "home" }
            $0.map("products") { "products" }
            $0.map("products/{category}/view") { "category" }
            $0.mapStack("orders/{id}") { ["orders", "order"] }
            $0.map("user/*/logout") { "logout" }
            $0.map("files/a.b/{name}") { "file" }
            $0.map("q&a/\"x\"/{id}") { "question" }
        },
        .group(scheme: "myapp") {
            $0.map("user/{id}/profile") { "profile" }  // 7: custom scheme
            $0.map("{any}/x") { "any" }  // 8: custom scheme, wildcard host for Android
        },
        .group(schemes: ["http"], hosts: ["legacy.example.com"]) {
            $0.map("old/{id}") { "old" }  // 9: http only
        },
        .group("shop.example.com") {
            $0.map("what?") { "what" }  // 10: a literal `?`
        },
    ])

    static let appIDs = ["ABCDE12345.com.example.store", "ABCDE12345.com.example.store.beta"]

    /// The components a mapping each, in declaration order (a served file written by hand).
    static let expectedComponents = [
        "/", "/products", "/products/*/view", "/orders/*", "/user/*/logout", "/files/a.b/*", "/q&a/\"x\"/*",
    ]

    /// The generated file's components: the deepest mappings first, each hole's exclusion
    /// before its component.
    static let generatedComponents = [
        "/products/*/*/view exclude", "/products/*/view", "/user/*/*/logout exclude", "/user/*/logout",
        "/files/a.b/*/* exclude", "/files/a.b/*", "/q&a/\"x\"/*/* exclude", "/q&a/\"x\"/*", "/orders/*/* exclude",
        "/orders/*", "/products", "/",
    ]

    /// A component as `generatedComponents` writes it.
    static func text(_ component: [String: Any]) -> String {
        "\(component["/"] ?? "")\(component["exclude"] as? Bool == true ? " exclude" : "")"
    }

    /// The generated file, parsed.
    static func components(of data: Data) throws -> (appIDs: [String], components: [[String: Any]]) {
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(root.keys.sorted() == ["applinks"])
        let applinks = try #require(root["applinks"] as? [String: Any])
        let details = try #require(applinks["details"] as? [[String: Any]])
        try #require(details.count == 1)
        let appIDs = try #require(details[0]["appIDs"] as? [String])
        let components = try #require(details[0]["components"] as? [[String: Any]])
        return (appIDs, components)
    }

    @Test func theAppleFileIsJSONWithOneComponentPerMapping() throws {
        let data = try Self.group.appleAppSiteAssociation(appIDs: Self.appIDs)
        let (appIDs, components) = try Self.components(of: data)
        #expect(appIDs == Self.appIDs)
        #expect(
            components.allSatisfy { $0.keys.sorted() == ["/"] || $0.keys.sorted() == ["/", "exclude"] },
            "the path only: query and fragment ignored")
        #expect(components.map(Self.text) == Self.generatedComponents)
        let mappingCount = 11
        let included = components.filter { $0["exclude"] == nil }
        #expect(included.count == mappingCount - Self.group.appleAppSiteAssociationGaps.count)
        #expect(Set(included.compactMap { $0["/"] as? String }) == Set(Self.expectedComponents))
        #expect(try Self.group.appleAppSiteAssociation(appIDs: Self.appIDs) == data, "deterministic")
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(text.contains(#""/" : "/orders/*""#), "slashes unescaped, keys sorted: \(text)")
    }

    @Test func theAppleFileSaysWhatItCannotExpress() {
        #expect(
            Self.group.appleAppSiteAssociationGaps == [
                AssociationFileGap(mapping: 7, pattern: "user/{id}/profile", reason: .noHTTPS),
                AssociationFileGap(mapping: 8, pattern: "{any}/x", reason: .noHTTPS),
                AssociationFileGap(mapping: 9, pattern: "old/{id}", reason: .noHTTPS),
                AssociationFileGap(mapping: 10, pattern: "what?", reason: .wildcardCharacter("?")),
            ])
        let hostInPath = URLMatcherGroup<String>.group(schemes: ["https"]) { $0.map("a/{b}") { "a" } }
        #expect(hostInPath.appleAppSiteAssociationGaps.map(\.reason) == [.hostInPath])
        let noHost = URLMatcherGroup<String>.group([String]()) { $0.map("a") { "a" } }
        #expect(noHost.appleAppSiteAssociationGaps.map(\.reason) == [.noHost])
        #expect("\(Self.group.appleAppSiteAssociationGaps[0])".contains("https only"))
    }

    @Test func badAppIDsAreTypedErrors() {
        #expect(throws: AssociationFileError.noAppIDs) { try Self.group.appleAppSiteAssociation(appIDs: []) }
        #expect(throws: AssociationFileError.malformedAppID("ABC DE.app")) {
            try Self.group.appleAppSiteAssociation(appIDs: ["ABCDE12345.ok", "ABC DE.app"])
        }
        #expect(throws: AssociationFileError.malformedAppID("")) {
            try Self.group.appleAppSiteAssociation(appIDs: [""])
        }
    }

    /// A file larger than the system reads is not made: the system would ignore it. One file
    /// per host keeps each under the limit.
    @Test func aFileLargerThanTheSystemReadsIsNotMade() throws {
        let tail = String(repeating: "long-literal/", count: 6)
        let group = URLMatcherGroup<String>(matchers: [
            .group("big.example.com") { group in
                for index in 0..<1_500 {
                    group.map("section\(index)/\(tail){id}") { "section" }
                }
            },
            .group("small.example.com") { $0.map("home") { "home" } },
        ])
        let limit = ServedAssociationFileError.maximumFileSize
        #expect {
            try group.appleAppSiteAssociation(appIDs: Self.appIDs)
        } throws: { error in
            guard case .fileTooLarge(let size, limit) = error as? AssociationFileError else { return false }
            return size > limit && "\(error)".contains("the system reads at most \(limit)")
        }
        let small = try group.appleAppSiteAssociation(appIDs: Self.appIDs, forHost: "small.example.com")
        #expect(small.count <= limit)
    }

    /// For each mapping the file expresses, on random paths of that mapping's depth (each
    /// segment the mapping's literal or a word from a pool holding every literal): the path
    /// matches the mapping exactly when it matches its component, by a reference matcher of
    /// component patterns; and every path a mapping takes matches a component. (On paths of
    /// other depths a component's `*`, which also matches `/`, may take more than its
    /// mapping: documented on `appleAppSiteAssociation(appIDs:forHost:)`.)
    @Test func aURLMatchesAMappingExactlyWhenItMatchesItsComponent() throws {
        let data = try Self.group.appleAppSiteAssociation(appIDs: Self.appIDs)
        let included = try Self.components(of: data).components.filter { $0["exclude"] == nil }
        #expect(Set(included.compactMap { $0["/"] as? String }) == Set(Self.expectedComponents))
        let components = Self.expectedComponents  // in declaration order, as `expressed`
        let expressed = [
            "", "products", "products/{category}/view", "orders/{id}", "user/*/logout", "files/a.b/{name}",
            "q&a/\"x\"/{id}",
        ]
        try #require(components.count == expressed.count)
        let pool = ["products", "view", "orders", "user", "logout", "files", "a.b", "q&a", "\"x\"", "42", "x", "ab"]
        var generator = SeededGenerator(seed: 25)
        var hits = 0
        var misses = 0
        for (pattern, component) in zip(expressed, components) {
            let alone = URLMatcherGroup<String>.group("shop.example.com") { $0.map(pattern) { pattern } }
            let segments = pattern.split(separator: "/").map(String.init)
            for _ in 0..<300 {
                let path = segments.map { segment in
                    let keepsLiteral = !segment.hasPrefix("{") && segment != "*" && Bool.random(using: &generator)
                    return keepsLiteral ? segment : pool.randomElement(using: &generator) ?? "x"
                }
                let text = "/" + path.joined(separator: "/")
                let url = try #require(Self.url(path: path))
                let matchesMapping = (try? alone.match(url).get()) != nil
                #expect(
                    matchesMapping == ReferenceComponentMatcher.matches(component, text), "\(text) against \(pattern)")
                if matchesMapping {
                    hits += 1
                    #expect(components.contains { ReferenceComponentMatcher.matches($0, text) })
                    #expect((try? Self.group.match(url).get()) != nil)
                } else {
                    misses += 1
                }
            }
        }
        #expect(hits > 300 && misses > 300, "both sides exercised: \(hits) hits, \(misses) misses")
    }

    /// `https://shop.example.com` and the segments, percent-encoded.
    static func url(path: [String]) -> URL? {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#\"")
        let encoded = path.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }
        return URL(string: "https://shop.example.com/" + encoded.joined(separator: "/"))
    }

    @Test func theGeneratedFileCoversTheGroup() throws {
        let data = try Self.group.appleAppSiteAssociation(appIDs: Self.appIDs)
        let coverage = Self.group.uncoveredMappings(inAppleAppSiteAssociation: data)
        #expect(coverage.isComplete, "\(coverage)")
        #expect("\(coverage)" == "complete")
        try checkAppleAppSiteAssociation(data, covers: Self.group)
    }

    static func served(_ components: [[String: Any]]) throws -> Data {
        try JSONSerialization.data(withJSONObject: [
            "applinks": ["details": [["appIDs": appIDs, "components": components]]]
        ])
    }

    @Test func aServedFileThatLeavesMappingsOutOrClaimsOtherPathsIsReported() throws {
        var components: [[String: Any]] = Self.expectedComponents.map { ["/": $0] }
        components.remove(at: 3)  // "/orders/*"
        components.insert(["/": "/products/*", "exclude": true], at: 0)  // excludes mapping 2
        components.append(["/": "/legacy/*"])
        components.append(["/": "/user/*/logout", "?": ["ref": "*"]])  // a query condition: covers nothing
        let coverage = Self.group.uncoveredMappings(inAppleAppSiteAssociation: try Self.served(components))
        #expect(coverage.mappings.map(\.mapping) == [2, 3])
        #expect(coverage.mappings.map(\.component) == ["/products/*/view", "/orders/*"])
        #expect(coverage.unmatchedComponents == ["/legacy/*"])
        #expect(coverage.unreadable == nil && !coverage.isComplete)
        #expect(throws: AppleAppSiteAssociationMismatch.self) {
            try checkAppleAppSiteAssociation(try Self.served(components), covers: Self.group)
        }
        do {
            try checkAppleAppSiteAssociation(try Self.served(components), covers: Self.group)
        } catch {
            #expect("\(error)".contains("mapping 3 'orders/{id}' is not covered"))
            #expect("\(error)".contains("component '/legacy/*' matches no mapping"))
        }
    }

    @Test func wideComponentsAndTheOlderPathsFormCover() throws {
        let everything = Self.group.uncoveredMappings(inAppleAppSiteAssociation: try Self.served([["/": "*"]]))
        #expect(everything.isComplete, "\(everything)")
        let noPath = Self.group.uncoveredMappings(inAppleAppSiteAssociation: try Self.served([["exclude": false]]))
        #expect(noPath.isComplete, "a component without a path takes every path")
        let paths = try JSONSerialization.data(withJSONObject: [
            "applinks": ["apps": [], "details": [["appID": Self.appIDs[0], "paths": ["NOT /orders/*", "/*"]]]]
        ])
        let coverage = Self.group.uncoveredMappings(inAppleAppSiteAssociation: paths)
        #expect(coverage.mappings.map(\.pattern) == ["orders/{id}"])
        #expect(coverage.unmatchedComponents.isEmpty)
    }

    @Test func anUnreadableFileCoversNothing() {
        let coverage = Self.group.uncoveredMappings(inAppleAppSiteAssociation: Data("<html>".utf8))
        guard case .notJSON? = coverage.unreadable else {
            Issue.record("expected notJSON, got \(String(describing: coverage.unreadable))")
            return
        }
        #expect(coverage.mappings.count == Self.expectedComponents.count)
        let notAASA = Self.group.uncoveredMappings(inAppleAppSiteAssociation: Data(#"{"webcredentials":{}}"#.utf8))
        #expect(notAASA.unreadable == .missingDetails)
        #expect("\(notAASA)".hasPrefix("unreadable: no applinks.details array"))
    }

    // MARK: - Android

    @Test func theIntentFiltersAreWellFormedXML() throws {
        let filters = Self.group.androidIntentFilters()
        let document =
            #"<manifest xmlns:android="http://schemas.android.com/apk/res/android">"# + "\n"
            + filters + "\n</manifest>"
        let parsed = try ParsedXML(document)
        let intentFilters = parsed.elements.filter { $0.name == "intent-filter" }
        // The web group; the custom scheme's two literal hosts... one mapping (8 is a gap);
        // the http group; the last web group.
        #expect(intentFilters.map { $0.attributes["android:autoVerify"] } == ["true", nil, "true", "true"])
        #expect(
            parsed.elements.filter { $0.name == "action" }.allSatisfy {
                $0.attributes["android:name"] == "android.intent.action.VIEW"
            })
        #expect(
            parsed.elements.filter { $0.name == "category" }.map { $0.attributes["android:name"] ?? "" }
                == Array(
                    repeating: ["android.intent.category.DEFAULT", "android.intent.category.BROWSABLE"], count: 4
                ).flatMap { $0 })
        let data = parsed.elements.filter { $0.name == "data" }.map(\.attributes)
        // 2 schemes x 2 hosts x 7 mappings, then myapp://user, http legacy, and the last group.
        #expect(data.count == 28 + 1 + 1 + 2)
        let shop = data.filter { $0["android:host"] == "shop.example.com" && $0["android:scheme"] == "https" }
        #expect(
            shop.compactMap { $0["android:pathPattern"] } == [
                "/", "/products", "/products/.*/view", "/orders/.*", "/user/.*/logout", #"/files/a\\.b/.*"#,
                #"/q&a/"x"/.*"#, "/what?",
            ])
        let profile = try #require(data.first { $0["android:scheme"] == "myapp" })
        #expect(profile == ["android:scheme": "myapp", "android:host": "user", "android:pathPattern": "/.*/profile"])
        #expect(filters.contains(#"android:pathPattern="/q&amp;a/&quot;x&quot;/.*""#))
    }

    @Test func theIntentFiltersSayWhatTheyCannotExpress() {
        #expect(
            Self.group.androidIntentFilterGaps == [
                AssociationFileGap(mapping: 8, pattern: "{any}/x", reason: .wildcardHost)
            ])
        let root = URLMatcherGroup<String>.group(scheme: "myapp") { $0.map("") { "root" } }
        #expect(root.androidIntentFilterGaps.map(\.reason) == [.noHost])
        #expect(root.androidIntentFilters().isEmpty)
        let noHost = URLMatcherGroup<String>.group([String]()) { $0.map("a") { "a" } }
        #expect(noHost.androidIntentFilterGaps.map(\.reason) == [.noHost])
        #expect(noHost.androidIntentFilters().isEmpty)
    }
}

/// The path patterns of `apple-app-site-association` components, as Apple documents them,
/// matched plainly: `*` matches any run of characters (`/` included), `?` any one
/// character, anything else itself.
enum ReferenceComponentMatcher {
    static func matches(_ pattern: String, _ path: String) -> Bool {
        matches(Array(pattern)[...], Array(path)[...])
    }

    private static func matches(_ pattern: ArraySlice<Character>, _ path: ArraySlice<Character>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        switch first {
        case "*":
            return path.indices.contains { matches(pattern.dropFirst(), path[$0...]) }
                || matches(pattern.dropFirst(), path[path.endIndex...])
        case "?":
            return !path.isEmpty && matches(pattern.dropFirst(), path.dropFirst())
        default:
            return path.first == first && matches(pattern.dropFirst(), path.dropFirst())
        }
    }
}

/// A document parsed with Foundation's `XMLParser`: its elements in document order.
struct ParsedXML {
    struct Element {
        let name: String
        let attributes: [String: String]
    }

    let elements: [Element]

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    init(_ text: String) throws {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else {
            throw Malformed(description: "\(parser.parserError.map { "\($0)" } ?? "unknown error") in:\n\(text)")
        }
        elements = collector.elements
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []

        func parser(
            _ parser: XMLParser,
            didStartElement elementName: String,
            namespaceURI: String?,
            qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append(Element(name: elementName, attributes: attributes))
        }
    }
}
