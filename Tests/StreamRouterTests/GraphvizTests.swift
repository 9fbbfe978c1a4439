import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// Pictures of routes and journeys (DESIGN, "Route metadata and pictures"): `graphviz()`
/// DOT text, golden-tested on small inputs, read back for its structure, and fuzzed for
/// escaping; rendered by `dot` when it is installed (CI installs it).
@Suite(.suiteLimit) struct GraphvizTests {
    enum Page: RouteProvider {
        case home
        case page(String)
        case sheet

        var transition: RouteTransition {
            self == .sheet ? .sheet : .push
        }

        static func registerURLs() -> URLMatcherGroup<Page>? {
            URLMatcherGroup(matchers: [
                .group("example.com") {
                    $0.map("page/{name}") { try .page($0.param("name")) }
                    $0.map("page/home") { .home }
                    $0.mapStack("deep/{name}") { [.home, .page(try $0.param("name"))] }
                },
                .group(scheme: "myapp") {
                    $0.map("home") { .home }
                    $0.map("{bad") { .home }
                },
            ])
        }
    }

    static func table() throws -> RouteTable<String> {
        RouteTable<String>([
            (try PathPattern("/"), "home"),
            (try PathPattern("/news/:id?"), "news"),
            (try PathPattern("/news/:id"), "article"),
        ])
    }

    /// The whole text of a small table: the tree `/` -> `news` -> `:id?` / `:id`, the
    /// unreachable entry in red with an edge from the entry that shadows it.
    @Test func aSmallTableGolden() throws {
        #expect(
            try Self.table().graphviz() == """
                digraph routes {
                    graph [rankdir="LR", fontname="Helvetica", fontsize="11"];
                    node [shape="box", style="rounded", fontname="Helvetica", fontsize="11"];
                    edge [fontname="Helvetica", fontsize="10", arrowsize="0.6"];
                    n0 [label="/", shape="ellipse"];
                    n1 [label="#0 / → home", shape="note"];
                    n2 [label="news"];
                    n3 [label=":id?"];
                    n4 [label="#1 /news/:id? → news", shape="note"];
                    n5 [label=":id"];
                    n6 [label="#2 /news/:id → article\\nunreachable", shape="note", style="filled", color="#c62828", fontcolor="#c62828", fillcolor="#ffebee"];
                    n0 -> n1 [style="dashed", arrowhead="none"];
                    n0 -> n2;
                    n2 -> n3;
                    n3 -> n4 [style="dashed", arrowhead="none"];
                    n2 -> n5;
                    n5 -> n6 [style="dashed", arrowhead="none"];
                    n4 -> n6 [label="shadows", style="dashed", color="#c62828", fontcolor="#c62828", constraint="false"];
                }

                """)
    }

    /// The same table read back: one node per segment prefix, one per entry, the tree's
    /// edges, and the conflict.
    @Test func aTableReadsBackAsATreeOfSegments() throws {
        let table = try Self.table()
        let graph = try DOTReader(table.graphviz())
        #expect(graph.graphName == "routes")
        let root = try #require(graph.nodes(labelled: "/").first)
        let news = try #require(graph.nodes(labelled: "news").first)
        #expect(graph.nodes(labelled: "news").count == 1, "a shared prefix is one node")
        #expect(graph.edges.contains { $0.from == root && $0.to == news })
        let optional = try #require(graph.nodes(labelled: ":id?").first)
        let required = try #require(graph.nodes(labelled: ":id").first)
        #expect(graph.edges.contains { $0.from == news && $0.to == optional })
        #expect(graph.edges.contains { $0.from == news && $0.to == required })
        let article = try #require(graph.nodes(labelled: "#2 /news/:id → article\nunreachable").first)
        let newsEntry = try #require(graph.nodes(labelled: "#1 /news/:id? → news").first)
        #expect(graph.nodes[article]?["color"] == "#c62828")
        #expect(
            graph.edges.contains { $0.from == newsEntry && $0.to == article && $0.attributes["label"] == "shadows" })
        #expect(graph.edges.filter { $0.attributes["label"] == "shadows" }.count == 1)
        #expect(table.graphviz() == (try Self.table()).graphviz(), "deterministic")
    }

    @Test func validatorsAndCustomValueLabels() throws {
        let table = RouteTable<Int>([
            .validated(try PathPattern("/user/:id")) { Int($0.parameters["id"] ?? "") },
            .init(try PathPattern("/user/:name"), -1),
        ])
        let graph = try DOTReader(table.graphviz { "value \($0)" })
        #expect(!graph.nodes(labelled: "#0 /user/:id → validator").isEmpty)
        #expect(!graph.nodes(labelled: "#1 /user/:name → value -1").isEmpty, "a validator shadows nothing")
        #expect(graph.edges.allSatisfy { $0.attributes["label"] != "shadows" })
    }

    /// URL groups: a node per group with its schemes and hosts, the tree of each group's
    /// patterns, stack mappings marked, conflicts across the numbering, malformed patterns.
    @Test func urlGroupsReadBack() throws {
        let group = try #require(Page.registerURLs())
        let text = group.graphviz()
        let graph = try DOTReader(text)
        let web = try #require(graph.nodes(labelled: "group 0: http, https\nexample.com").first)
        let custom = try #require(graph.nodes(labelled: "group 1: myapp\n(host read as the path)").first)
        let root = try #require(graph.nodes(labelled: "URLs").first)
        #expect(graph.edges.contains { $0.from == root && $0.to == web })
        #expect(graph.edges.contains { $0.from == root && $0.to == custom })
        let page = try #require(graph.nodes(labelled: "page").first)
        #expect(graph.edges.contains { $0.from == web && $0.to == page })
        #expect(graph.nodes(labelled: "page").count == 1)
        #expect(!graph.nodes(labelled: "#0 page/{name}").isEmpty)
        #expect(graph.nodes(labelled: "#1 page/home\nunreachable").count == 1)
        #expect(!graph.nodes(labelled: "#2 deep/{name}\nstack").isEmpty)
        #expect(!graph.nodes(labelled: "#3 home").isEmpty)
        #expect(graph.nodeOrder.contains { graph.label($0)?.hasPrefix("malformed: ") == true })
        #expect(group.conflicts.map(\.entry) == [1])
        #expect(text == group.graphviz())
    }

    /// A journey: states as nodes (a state reached twice is one node), navigations as edges
    /// coloured by outcome.
    @Test func aJourneyReadsBack() async throws {
        struct Closed: Error, CustomStringConvertible {
            var description: String { "closed" }
        }
        let router = Router<Page>()
        router.addGuard(named: "pages") { pending in
            if pending.destinations.contains(.page("old")) { return .redirect(to: .page("new")) }
            if pending.destinations.contains(.page("closed")) { return .cancel(Closed()) }
            return .allow
        }
        router.startRecording()
        try await router.navigate(to: .home)
        try await router.navigate(to: .page("old"))  // redirected
        try? await router.navigate(to: .page("closed"))  // cancelled
        try await router.navigateBack()  // back to [home]: the same node
        try await router.navigateBack()  // back to the start
        let journal = try #require(router.journal)
        let graph = try DOTReader(journal.graphviz())
        #expect(graph.graphName == "journey")
        let start = try #require(graph.nodes(labelled: "start\n[]").first)
        let home = try #require(graph.nodes(labelled: "[home]").first)
        let new = try #require(graph.nodes(labelled: "[home, page(\"new\")]").first)
        let empty = graph.nodes(labelled: "start\n[]")
        #expect(empty.count == 1 && graph.nodes.count == 3, "three distinct states")
        #expect(graph.nodes[start]?["penwidth"] == "2", "the last state is bold")
        let edges = graph.edges
        try #require(edges.count == 5)
        #expect(edges.map { $0.attributes["label"]?.prefix(3) } == ["0: ", "1: ", "2: ", "3: ", "4: "])
        #expect(edges[0].from == start && edges[0].to == home && edges[0].attributes["color"] == "#2e7d32")
        #expect(edges[1].to == new && edges[1].attributes["color"] == "#1565c0")
        #expect(edges[1].attributes["label"]?.contains("redirected to") == true)
        #expect(edges[2].from == new && edges[2].to == new && edges[2].attributes["color"] == "#ef6c00")
        #expect(edges[2].attributes["style"] == "dashed")
        #expect(edges[3].from == new && edges[3].to == home, "back to [home]: the same node")
        #expect(edges[4].from == home && edges[4].to == start)
        #expect(graph.edges.count == journal.entries.count)
    }

    /// A failed navigation is red; a tab journey boxes each tab's states and draws
    /// selections as grey dashed edges.
    @Test func aTabJourneyReadsBack() async throws {
        enum Tab: String, CaseIterable, Codable, Sendable { case one, two }
        let app = TabRouter<Tab, Page>(tabs: Tab.allCases, selected: .one) { _ in nil }
        app.startRecording()
        try await app.navigate(to: .page("a"))
        try await app.select(.two)
        try await app.navigate(to: .home)
        try await app.select(.one)
        let journal = try #require(app.journal)
        let graph = try DOTReader(journal.graphviz())
        #expect(graph.clusters.map(\.label) == ["one (selected at start)", "two"])
        #expect(graph.clusters.map(\.nodes.count) == [2, 2])
        let selections = graph.edges.filter { $0.attributes["label"]?.hasSuffix(": select") == true }
        #expect(selections.count == 2 && selections.allSatisfy { $0.attributes["style"] == "dashed" })
        let oneNodes = Set(graph.clusters[0].nodes)
        let twoNodes = Set(graph.clusters[1].nodes)
        #expect(oneNodes.contains(selections[0].from) && twoNodes.contains(selections[0].to))
        #expect(twoNodes.contains(selections[1].from) && oneNodes.contains(selections[1].to))

        let looping = Router<Page>()
        looping.addGuard(named: "loop") { pending in
            if pending.destinations.contains(.page("x")) { return .redirect(to: .page("y")) }
            if pending.destinations.contains(.page("y")) { return .redirect(to: .page("x")) }
            return .allow
        }
        looping.startRecording()
        await #expect(throws: NavigationError.self) { try await looping.navigate(to: .page("x")) }
        let failed = try DOTReader(try #require(looping.journal).graphviz())
        let loop = try #require(failed.edges.first)
        #expect(loop.from == loop.to && loop.attributes["color"] == "#c62828" && loop.attributes["style"] == "dashed")
        #expect(loop.attributes["label"]?.contains("failed") == true)
    }

    /// What is presented above the tabs has its own box: its states are never drawn as a
    /// tab's, and the tab's next navigation starts from the tab's own state.
    @Test func aTabJourneyBoxesWhatIsAboveTheTabs() async throws {
        enum Tab: String, CaseIterable, Codable, Sendable { case one, two }
        let app = TabRouter<Tab, Page>(tabs: Tab.allCases, selected: .one) { _ in nil }
        app.startRecording()
        try await app.navigate(to: .page("a"))
        try await app.present(.sheet)
        try await app.dismiss()
        try await app.navigate(to: .home)
        let journal = try #require(app.journal)
        #expect(journal.entries.map(\.isAboveTabs) == [false, true, true, false])
        let graph = try DOTReader(journal.graphviz())
        #expect(graph.clusters.map(\.label) == ["one (selected at start)", "two", "above the tabs"])
        let one = graph.clusters[0].nodes.compactMap { graph.nodes[$0]?["label"] }
        #expect(one.allSatisfy { !$0.contains("sheet") }, "tab one never held the sheet: \(one)")
        let above = graph.clusters[2].nodes.compactMap { graph.nodes[$0]?["label"] }
        #expect(above.contains { $0.contains("sheet") })
        let last = try #require(graph.edges.last)
        #expect(
            graph.clusters[0].nodes.contains(last.from) && graph.nodes[last.from]?["label"]?.contains("page") == true)
    }

    /// Random labels made of what DOT and Graphviz treat specially: every picture still reads
    /// back as one graph, with each label as it was (line breaks as `\n`, control characters
    /// shown as `\u{hex}`), and `dot` renders it when installed.
    @Test(arguments: 0..<40 as Range<UInt64>)
    func fuzzedLabelsAreEscaped(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let alphabet: [String] = [
            "\"", "\\", "{", "}", "[", "]", "\n", "\r", "\r\n", "\t", "&", "&amp;", ";", "->", "<", ">", "|", "=",
            ",", "\\n", "\\N", "\\G", "\\l", "\u{0}", "\u{1B}", "\u{7F}", "\u{2028}", "é", "日本", "👩‍👩‍👧", " ", "a", "b",
            "digraph", "}\n}", "\"\"\"", "\\\"",
        ]
        func label() -> String {
            (0..<Int(random.next(below: 8) + 1)).map { _ in alphabet[Int(random.next(below: UInt64(alphabet.count)))] }
                .joined()
        }
        let values = (0..<4).map { _ in label() }
        let table = RouteTable<String>(values.enumerated().map { (try! PathPattern("/v\($0.offset)"), $0.element) })
        let tableText = table.graphviz()
        let graph = try DOTReader(tableText)
        for (index, value) in values.enumerated() {
            let expected = "#\(index) /v\(index) → " + Self.shown(value)
            #expect(graph.nodes(labelled: expected).count == 1, "\(value.debugDescription) in \(tableText)")
        }

        let router = Router<Page>()
        router.startRecording()
        for value in values {
            try await router.navigate(to: .page(value))
        }
        let journey = try #require(router.journal).graphviz()
        let journeyGraph = try DOTReader(journey)
        #expect(journeyGraph.nodes.count == values.count + 1)
        for (step, value) in values.enumerated() {
            let operation = "\(step): " + Self.shown("navigate(to: [page(\(value.debugDescription))])")
            #expect(journeyGraph.edges.contains { $0.attributes["label"] == operation }, "\(operation)")
        }
        if let dot = Self.dot {
            try Self.render([tableText, journey], with: dot)
        }
    }

    /// Every kind of picture renders with `dot` when it is installed (CI installs it).
    @Test(.enabled(if: dot != nil)) func dotRendersEveryKind() async throws {
        let router = Router<Page>()
        router.startRecording()
        try await router.navigate(to: .home)
        enum Tab: String, CaseIterable, Codable, Sendable { case one, two }
        let app = TabRouter<Tab, Page>(tabs: Tab.allCases, selected: .one) { _ in nil }
        app.startRecording()
        try await app.select(.two)
        let texts = [
            try Self.table().graphviz(), try #require(Page.registerURLs()).graphviz(),
            try #require(router.journal).graphviz(), try #require(app.journal).graphviz(),
        ]
        try Self.render(texts, with: try #require(Self.dot))
    }

    /// How Graphviz shows `text` once escaped: line breaks as one `\n`, control characters as
    /// `\u{hex}`.
    static func shown(_ text: String) -> String {
        var result = ""
        var afterReturn = false
        for scalar in text.unicodeScalars {
            defer { afterReturn = scalar == "\r" }
            switch scalar {
            case "\n" where afterReturn: continue
            case "\n", "\r", "\u{2028}", "\u{2029}": result += "\n"
            case _ where scalar.properties.generalCategory == .control:
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The `dot` executable, if installed.
    static let dot: String? = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Renders each text to SVG with `dot`; fails on a non-zero exit or anything on stderr.
    static func render(_ texts: [String], with dot: String) throws {
        for text in texts {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: dot)
            process.arguments = ["-Tsvg"]
            let input = Pipe()
            let output = Pipe()
            let errors = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            input.fileHandleForWriting.write(Data(text.utf8))
            try input.fileHandleForWriting.close()
            let svg = output.fileHandleForReading.readDataToEndOfFile()
            let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0 && messages.isEmpty, "\(messages)\n\(text)")
            #expect(String(decoding: svg, as: UTF8.self).contains("<svg"))
        }
    }
}
