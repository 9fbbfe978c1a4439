import Foundation
@_spi(StreamRouterInternals) import StreamRouter
import StreamRouterTesting
import Testing

/// The verb table of the "same verbs on every router kind" article matches the code: each
/// verb marked for a kind is called on that kind here (so it exists), and every verb called
/// here is in the table, marked for the kinds it was called on.
@Suite(.suiteLimit) struct OneSurfaceTests {
    enum Kind: String, CaseIterable, Sendable {
        case router = "Router"
        case tab = "TabRouter"
        case split = "SplitRouter"
    }

    enum Tab: String, Codable, Sendable, CaseIterable {
        case one, two
    }

    enum Route: RouteProvider {
        case a, b, sheet

        var transition: RouteTransition { self == .sheet ? .sheet : .push }

        static func registerURLs() -> URLMatcherGroup<Route>? {
            .group("app.example.com") { $0.map("b") { .b } }
        }
    }

    /// The table's rows: verb -> the kinds marked.
    static func documentedVerbs() throws -> [String: Set<Kind>] {
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/StreamRouter/StreamRouter.docc/OneSurface.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        var verbs: [String: Set<Kind>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| Verb") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4 else { continue }
            verbs[cells[0]] = Set(zip(Kind.allCases, cells.dropFirst()).filter { $0.1 == "✓" }.map(\.0))
        }
        return verbs
    }

    @Test func theVerbTableMatchesTheCode() async throws {
        let router = Router<Route>(state: RouterState(stack: [.a]))
        let tab = TabRouter<Tab, Route>(tabs: Tab.allCases, state: TabRouterState(selected: .one)) { _ in nil }
        let split = SplitRouter<Route>(initialState: SplitRouterState(columns: .double, sidebar: .a))
        var called: [String: Set<Kind>] = [:]
        func mark(_ verb: String, _ kinds: Kind...) { called[verb, default: []].formUnion(kinds) }
        let url = try #require(URL(string: "https://app.example.com/b"))

        try await router.navigate(to: .b)
        try await tab.navigate(to: .b)
        try await split.navigate(to: .b)
        mark("`navigate(to:)` (one route)", .router, .tab, .split)
        try await router.navigate(to: [.a, .b])
        try await tab.navigate(to: [.a, .b])
        try await split.navigate(to: [.a, .b])
        mark("`navigate(to:)` (several routes)", .router, .tab, .split)
        async let fromRouter = router.navigate(to: .a, returning: Int.self)
        async let fromTab = tab.navigate(to: .a, returning: Int.self)
        async let fromSplit = split.navigate(to: .a, returning: Int.self)
        try await eventually { router.stack.count == 5 && tab.state[.one].stack.count == 4 && split.stack.count == 5 }
        try await router.navigateBack(returning: 1)
        try await tab.navigateBack(returning: 2)
        try await split.navigateBack(returning: 3)
        #expect(try await [fromRouter, fromTab, fromSplit] == [1, 2, 3])
        mark("`navigate(to:returning:)`", .router, .tab, .split)
        mark("`navigateBack(returning:)`", .router, .tab, .split)
        try await router.navigateBack()
        try await tab.navigateBack()
        try await split.navigateBack()
        mark("`navigateBack()`", .router, .tab, .split)
        try await router.navigateBack(1)
        try await tab.navigateBack(1)
        try await split.navigateBack(1)
        mark("`navigateBack(_:)`", .router, .tab, .split)
        try await router.navigateBack(to: .a)
        try await tab.navigateBack(to: .a)
        try await split.navigateBack(to: .a)
        mark("`navigateBack(to:)`", .router, .tab, .split)
        try await router.navigateToRoot()
        try await tab.navigateToRoot()
        try await split.navigateToRoot()
        mark("`navigateToRoot()`", .router, .tab, .split)
        try await router.replace(with: [.a, .sheet])
        try await tab.replace(with: [.a, .sheet])
        try await split.replace(with: [.a, .sheet])
        mark("`replace(with:)`", .router, .tab, .split)
        #expect(router.presentations.count == 1 && tab.state[.one].presentations.count == 1)
        #expect(split.presentations.count == 1 && tab.presentations.isEmpty)
        mark("`presentations`", .router, .tab, .split)
        try await router.dismiss()
        try await tab.dismiss()
        try await split.dismiss()
        mark("`dismiss()`", .router, .tab, .split)
        for kind in Kind.allCases {
            async let presented: Int? =
                switch kind {
                case .router: router.navigate(to: .sheet, returning: Int.self)
                case .tab: tab.navigate(to: .sheet, returning: Int.self)
                case .split: split.navigate(to: .sheet, returning: Int.self)
                }
            try await eventually { !router.presentations.isEmpty || kind != .router }
            try await eventually { !tab.state[.one].presentations.isEmpty || kind != .tab }
            try await eventually { !split.presentations.isEmpty || kind != .split }
            switch kind {
            case .router: try await router.dismiss(returning: 7)
            case .tab: try await tab.dismiss(returning: 7)
            case .split: try await split.dismiss(returning: 7)
            }
            #expect(try await presented == 7)
        }
        mark("`dismiss(returning:)`", .router, .tab, .split)
        try await router.dismissAll()
        try await tab.dismissAll()
        try await split.dismissAll()
        mark("`dismissAll()`", .router, .tab, .split)
        #expect(router.canOpen(url) && tab.canOpen(url) && split.canOpen(url))
        mark("`canOpen(_:)`", .router, .tab, .split)
        #expect(router.url(for: .b) == nil && tab.url(for: .b) == nil && split.url(for: .b) == nil, "no mapping links")
        mark("`url(for:)`", .router, .tab, .split)
        router.holdURLs(expiringAfter: .seconds(60))
        tab.holdURLs(expiringAfter: .seconds(60))
        split.holdURLs(expiringAfter: .seconds(60))
        router.releaseURLs()
        tab.releaseURLs()
        split.releaseURLs()
        mark("`holdURLs(expiringAfter:)` / `releaseURLs()`", .router, .tab, .split)
        let opened = (await router.openURL(url), await tab.openURL(url), await split.openURL(url))
        #expect(opened == (true, true, true))
        mark("`openURL(_:)`", .router, .tab, .split)
        router.addGuard(named: "allow") { _ in .allow }
        tab.addGuard(named: "allow") { _ in .allow }
        split.addGuard(named: "allow") { _ in .allow }
        mark("`addGuard(named:deadline:_:)`", .router, .tab, .split)
        router.addLoader(named: "name") { "\($0)" }
        tab.addLoader(named: "name") { "\($0)" }
        split.addLoader(named: "name") { "\($0)" }
        mark("`addLoader(named:deadline:_:)`", .router, .tab, .split)
        await router.preload(.sheet, for: .seconds(60))
        await tab.preload(.sheet, for: .seconds(60))
        await split.preload(.sheet, for: .seconds(60))
        mark("`preload(_:for:)`", .router, .tab, .split)
        try await router.navigate(to: .sheet)
        try await tab.navigate(to: .sheet)
        try await split.navigate(to: .sheet)
        #expect(router.loaded(String.self, for: .sheet) == "sheet")
        #expect(tab.loaded(String.self, for: .sheet) == "sheet")
        #expect(split.loaded(String.self, for: .sheet) == "sheet")
        mark("`loaded(_:for:)`", .router, .tab, .split)
        _ = (router.events, tab.events, split.events)
        mark("`events`", .router, .tab, .split)
        _ = (router.actions, tab.actions, split.actions)
        mark("`actions`", .router, .tab, .split)
        _ = (router.paths(), tab.paths(), split.paths())
        mark("`paths()`", .router, .tab, .split)
        _ = (router.titles, tab.titles, split.titles)
        mark("`titles`", .router, .tab, .split)
        _ = (router.state, tab.state, split.state)
        mark("`state`", .router, .tab, .split)
        _ = (router.states(), tab.states(), split.states())
        mark("`states()`", .router, .tab, .split)
        _ = (
            Router<Route>(state: RouterState()),
            TabRouter<Tab, Route>(tabs: [.one], state: TabRouterState(selected: .one)) { _ in nil },
            SplitRouter<Route>(initialState: SplitRouterState(columns: .double))
        )
        mark("an initial-state initialiser", .router, .tab, .split)
        try await tab.select(.two)
        try await split.select(.b)
        mark("`select(_:)`", .tab, .split)
        try await split.showDetail(.a)
        try await split.showContent(.a)
        mark("`showContent(_:)` / `showDetail(_:)`", .split)
        try await tab.present(.sheet)
        mark("`present(_:)`", .tab)

        #expect(try Self.documentedVerbs() == called)
    }

    /// One kind as the shared-verbs test drives it: its verbs, its displayed path, its
    /// events' outcomes and its journal's navigations.
    struct Driven: Sendable {
        let script: [Step]
        let path: @Sendable () -> String
        let outcomes: StreamRecorder<RouterEvent<Route>>
        let journal: @Sendable () -> [String]

        static func make(_ kind: Kind) -> Driven {
            switch kind {
            case .router:
                let router = Router<Route>()
                router.startRecording()
                return Driven(
                    script: OneSurfaceTests.script(RouterVerbs(router: router)), path: { router.path },
                    outcomes: StreamRecorder(router.events.filter(\.isOutcome)),
                    journal: { router.journal?.entries.map { "\($0.operation) -> \($0.outcome)" } ?? [] })
            case .tab:
                let tab = TabRouter<Tab, Route>(tabs: Tab.allCases, state: TabRouterState(selected: .one)) { _ in nil }
                tab.startRecording()
                return Driven(
                    script: OneSurfaceTests.script(tab), path: { tab.path },
                    outcomes: StreamRecorder(tab.events.map(\.event).filter(\.isOutcome)),
                    journal: {
                        tab.journal?.entries.compactMap { entry in
                            guard case .navigation(let operation) = entry.operation else { return nil }
                            return "\(operation) -> \(entry.outcome)"
                        } ?? []
                    })
            case .split:
                let split = SplitRouter<Route>(initialState: SplitRouterState(columns: .double))
                split.router.startRecording()
                return Driven(
                    script: OneSurfaceTests.script(split), path: { split.router.path },
                    outcomes: StreamRecorder(split.events.filter(\.isOutcome)),
                    journal: { split.router.journal?.entries.map { "\($0.operation) -> \($0.outcome)" } ?? [] })
            }
        }
    }

    /// One verb of the script: the operation it performs, the verb, the path it leaves.
    typealias Step = (operation: String, verb: @Sendable () async throws -> Void, path: String)

    /// The script of shared verbs, on one kind.
    static func script<Surface: RouterSurface>(_ verbs: Surface) -> [Step] where Surface.Route == Route {
        [
            ("navigate(to: [a])", { try await verbs.navigate(to: .a) }, "/a"),
            ("navigate(to: [sheet])", { try await verbs.navigate(to: .sheet) }, "/a/sheet"),
            ("navigate(to: [b])", { try await verbs.navigate(to: .b) }, "/a/sheet/b"),
            ("navigateBack(1)", { try await verbs.navigateBack() }, "/a/sheet"),
            ("dismiss()", { try await verbs.dismiss() }, "/a"),
            ("navigate(to: [b, b])", { try await verbs.navigate(to: [.b, .b]) }, "/a/b/b"),
            ("navigateBack(to: a)", { try await verbs.navigateBack(to: .a) }, "/a"),
            ("navigateToRoot()", { try await verbs.navigateToRoot() }, "/"),
        ]
    }

    /// The same script of shared verbs on each kind: the same displayed paths, one outcome
    /// event per verb, and the same journal.
    @Test(arguments: Kind.allCases)
    func theSharedVerbsActAlikeOnEveryKind(_ kind: Kind) async throws {
        let driven = Driven.make(kind)
        let script = driven.script
        for (offset, (_, verb, path)) in script.enumerated() {
            try await verb()
            #expect(driven.path() == path, "after step \(offset) on \(kind)")
        }
        let outcomes = try await driven.outcomes.next(script.count)
        #expect(outcomes.allSatisfy { if case .completed = $0 { true } else { false } })
        #expect(driven.journal() == script.map { "\($0.operation) -> completed" })
    }
}

/// ``Router`` itself is not a ``RouterSurface`` (its verbs are its own); this gives it one
/// for the shared-verbs test.
final class RouterVerbs<Route: RouteProvider>: RouterSurface {
    let router: Router<Route>
    init(router: Router<Route>) { self.router = router }
    var _verbsRouter: Router<Route> { router }
}
