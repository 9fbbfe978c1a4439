import Foundation
@_spi(Testing) import StreamRouter
import StreamRouterTesting
import Testing

/// A split router has a router's verbs, with the same meaning, each one navigation of its
/// router; selecting or showing a column keeps the columns before it.
@Suite(.suiteLimit) struct SplitRouterSurfaceTests {
    enum ReaderRoute: RouteProvider {
        case today
        case folder(Int)
        case feed(Int)
        case article(Int)
        case comments(Int)
        case share(Int)

        var transition: RouteTransition {
            if case .share = self { .sheet } else { .push }
        }
    }

    typealias Split = SplitRouter<ReaderRoute>

    /// One verb called on a split router showing `[feed(1) | article(1)]` (and, with
    /// `sheet`, a share sheet over it), and what it leaves.
    struct Verb: Sendable, CustomTestStringConvertible {
        let name: String
        var sheet = false
        let call: @Sendable (Split) async throws -> Void
        /// The columns as one stack after the call.
        let stack: [ReaderRoute]
        /// The presented routes after the call.
        var presented: [ReaderRoute] = []
        /// The operation the router ran (on its events and in its journal); `nil` for none.
        let operation: NavigationOperation<ReaderRoute>?

        var testDescription: String { name }
    }

    static let verbs: [Verb] = [
        Verb(
            name: "navigate(to:)", call: { try await $0.navigate(to: .comments(1)) },
            stack: [.feed(1), .article(1), .comments(1)], operation: .navigate(to: [.comments(1)])),
        Verb(
            name: "navigate(to: [Route])", call: { try await $0.navigate(to: [.comments(1), .article(2)]) },
            stack: [.feed(1), .article(1), .comments(1), .article(2)],
            operation: .navigate(to: [.comments(1), .article(2)])),
        Verb(
            name: "navigate(to:) presenting", call: { try await $0.navigate(to: .share(1)) },
            stack: [.feed(1), .article(1)], presented: [.share(1)], operation: .navigate(to: [.share(1)])),
        Verb(
            name: "navigateBack()", call: { try await $0.navigateBack() }, stack: [.feed(1)],
            operation: .back(count: 1)),
        Verb(
            name: "navigateBack(_:)", call: { try await $0.navigateBack(2) }, stack: [], operation: .back(count: 2)),
        Verb(
            name: "navigateBack(_:) inside a sheet", sheet: true, call: { try await $0.navigateBack(1) },
            stack: [.feed(1), .article(1)], presented: [.share(1)], operation: .back(count: 1)),
        Verb(
            name: "navigateBack(returning:)", call: { try await $0.navigateBack(returning: 3) }, stack: [.feed(1)],
            operation: .back(count: 1)),
        Verb(
            name: "navigateBack(to:)", sheet: true, call: { try await $0.navigateBack(to: .feed(1)) },
            stack: [.feed(1)], operation: .backTo(.feed(1))),
        Verb(
            name: "navigateToRoot()", sheet: true, call: { try await $0.navigateToRoot() }, stack: [],
            operation: .toRoot),
        Verb(
            name: "replace(with:)", call: { try await $0.replace(with: [.feed(2), .article(3)]) },
            stack: [.feed(2), .article(3)], operation: .replace(with: [.feed(2), .article(3)])),
        Verb(
            name: "dismiss()", sheet: true, call: { try await $0.dismiss() }, stack: [.feed(1), .article(1)],
            operation: .dismiss),
        Verb(
            name: "dismiss(returning:)", sheet: true, call: { try await $0.dismiss(returning: "sent") },
            stack: [.feed(1), .article(1)], operation: .dismiss),
        Verb(
            name: "dismissAll()", sheet: true, call: { try await $0.dismissAll() }, stack: [.feed(1), .article(1)],
            operation: .dismissAll),
        Verb(
            name: "select(_:) of the selection", sheet: true, call: { try await $0.select(.feed(1)) },
            stack: [.feed(1), .article(1)], presented: [.share(1)], operation: .back(count: 0)),
        Verb(
            name: "select(_:clearsFollowingColumns:) of the selection",
            call: { try await $0.select(.feed(1), clearsFollowingColumns: true) }, stack: [.feed(1)],
            operation: .replace(with: [.feed(1)])),
        Verb(
            name: "select(_:) of another route", sheet: true, call: { try await $0.select(.today) }, stack: [.today],
            operation: .replace(with: [.today])),
        Verb(
            name: "showDetail(_:)",
            call: { split in
                let shown = try await split.showDetail(.article(2))
                #expect(shown)
            },
            stack: [.feed(1), .article(2)], operation: .replace(with: [.feed(1), .article(2)])),
        Verb(
            name: "showDetail(_:) of a stack",
            call: { split in
                let shown = try await split.showDetail([.article(2), .comments(2)])
                #expect(shown)
            },
            stack: [.feed(1), .article(2), .comments(2)],
            operation: .replace(with: [.feed(1), .article(2), .comments(2)])),
        Verb(
            name: "showDetail(_:) of the detail shown", sheet: true,
            call: { split in
                let shown = try await split.showDetail(.article(1))
                #expect(shown, "the detail stack shows it already")
            }, stack: [.feed(1), .article(1)],
            presented: [.share(1)], operation: .back(count: 0)),
        Verb(
            name: "showContent(_:) without a content column",
            call: { split in
                let shown = try await split.showContent(.feed(2))
                #expect(shown == false)
            },
            stack: [.feed(1), .article(1)], operation: nil),
    ]

    /// A route whose transition is `.replace` shown in a column keeps the columns before it:
    /// the columns are given whole.
    @Test func aReplacingRouteInAColumnKeepsTheColumnsBeforeIt() async throws {
        enum Reader: RouteProvider {
            case feed, folder
            case article(Int)
            var transition: RouteTransition {
                if case .article = self { .replace } else { .push }
            }
        }
        let reader = SplitRouter<Reader>(columns: .double)
        try await reader.select(.feed)
        #expect(try await reader.showDetail(.article(1)))
        #expect(reader.sidebar == .feed && reader.detail == [.article(1)])
        #expect(try await reader.showDetail(.article(2)))
        #expect(reader.sidebar == .feed && reader.detail == [.article(2)])
        let triple = SplitRouter<Reader>(columns: .triple)
        try await triple.select(.folder)
        #expect(try await triple.showContent(.article(3)))
        #expect(triple.router.stack == [.folder, .article(3)])
    }

    /// Each verb changes the columns and presentations as the router's verb does, in one
    /// navigation on the split router's events and in its router's journal.
    @Test(arguments: verbs)
    func aVerbIsOneNavigationOfTheRouter(verb: Verb) async throws {
        let split = Split(initialState: SplitRouterState(columns: .double, sidebar: .feed(1), detail: [.article(1)]))
        if verb.sheet {
            try await split.navigate(to: .share(1))
        }
        split.router.startRecording()
        let events = StreamRecorder(split.events)
        try await verb.call(split)
        #expect(split.stack == verb.stack)
        #expect(split.state == SplitRouterState(columns: .double, stack: verb.stack))
        #expect(split.presentations.map(\.route) == verb.presented)
        let journal = try #require(split.router.journal)
        guard let operation = verb.operation else {
            #expect(journal.entries.isEmpty, "no navigation")
            try await events.expectNoNewValues(within: .milliseconds(20))
            return
        }
        let recorded = try await events.next(2)
        #expect(recorded.map { $0.request?.operation } == [operation, operation])
        #expect(recorded.last?.state == split.router.state)
        #expect(journal.entries.map(\.operation) == [operation])
        #expect(journal.entries.first?.outcome == .completed)
        #expect(journal.entries.first?.state == split.router.state)
    }

    /// A screen's result comes back through the split router's verbs.
    @Test func aResultComesBackThroughTheSplitRouter() async throws {
        let split = Split(initialState: SplitRouterState(columns: .double, sidebar: .feed(1), detail: [.article(1)]))
        let states = StreamRecorder(split.states)
        _ = try await states.next()
        async let picked = split.navigate(to: .comments(1), returning: Int.self)
        try await states.wait { $0.last?.detail == [.article(1), .comments(1)] }
        try await split.navigateBack(returning: 42)
        #expect(try await picked == 42)
        async let sent = split.navigate(to: .share(1), returning: String.self)
        let routerStates = StreamRecorder(split.router.states)
        try await routerStates.wait { $0.last?.presentations.count == 1 }
        try await split.dismiss(returning: "sent")
        #expect(try await sent == "sent")
        #expect(split.stack == [.feed(1), .article(1)] && split.presentations.isEmpty)
    }

    /// Re-selecting the sidebar's selection keeps the columns after it and their entries;
    /// with the clearing option it clears them, still keeping the sidebar's entry.
    @Test(arguments: [SplitColumns.double, .triple])
    func reselectingKeepsTheFollowingColumns(columns: SplitColumns) async throws {
        let split = Split(columns: columns)
        let loads = Self.countLoads(on: split)
        try await split.select(.folder(1))
        try await split.navigate(to: [.feed(1), .article(1)])
        let shown = split.state
        try await split.select(.folder(1))
        #expect(split.state == shown, "the content column and detail stack stay")
        try await split.select(.folder(1), clearsFollowingColumns: false)
        #expect(split.state == shown)
        try await split.select(.folder(1), clearsFollowingColumns: true)
        #expect(split.stack == [.folder(1)] && split.detail.isEmpty && split.content == nil)
        #expect(split.loaded(String.self, for: .folder(1)) == "folder(1)", "the sidebar's entry stays")
        #expect(loads.withLock { $0[.folder(1)] } == 1)
        try await split.navigate(to: .feed(2))
        try await split.select(.today)  // another route replaces every column
        #expect(split.stack == [.today])
    }

    /// Choosing another article keeps the feed's entry: its loader runs once, and each change
    /// is one navigation that guards see once.
    @Test func changingTheArticleKeepsTheFeedsLoadedValue() async throws {
        let split = Split(columns: .double)
        let loads = Self.countLoads(on: split)
        let seen = _Locked<[NavigationOperation<ReaderRoute>]>([])
        split.addGuard(named: "count") { pending in
            seen.withLock { $0.append(pending.request.operation) }
            return .allow
        }
        #expect(try await split.showDetail(.article(1)) == false, "no feed selected")
        #expect(split.stack.isEmpty)
        try await split.select(.feed(1))
        for article in 1...3 {
            #expect(try await split.showDetail(.article(article)))
            #expect(split.stack == [.feed(1), .article(article)])
        }
        #expect(loads.withLock { $0 } == [.feed(1): 1, .article(1): 1, .article(2): 1, .article(3): 1])
        #expect(split.loaded(String.self, for: .feed(1)) == "feed(1)")
        #expect(split.loaded(String.self, for: .article(1)) == nil, "its entry left")
        #expect(
            seen.withLock { $0 } == [
                .back(count: 0), .replace(with: [.feed(1)]), .replace(with: [.feed(1), .article(1)]),
                .replace(with: [.feed(1), .article(2)]), .replace(with: [.feed(1), .article(3)]),
            ])
    }

    /// In three columns, another feed keeps the folder's entry and clears the article;
    /// another article keeps both.
    @Test func showingAColumnOfThreeKeepsTheColumnsBeforeIt() async throws {
        let split = Split(columns: .triple)
        let loads = Self.countLoads(on: split)
        #expect(try await split.showContent(.feed(1)) == false, "no folder selected")
        try await split.select(.folder(1))
        #expect(try await split.showDetail(.article(1)) == false, "no feed selected")
        #expect(try await split.showContent(.feed(1)))
        #expect(try await split.showDetail([.article(1), .comments(1)]))
        #expect(try await split.showContent(.feed(1)))  // the same feed: clears the detail stack
        #expect(split.state == SplitRouterState(columns: .triple, sidebar: .folder(1), content: .feed(1)))
        #expect(try await split.showDetail(.article(2)))
        #expect(try await split.showContent(.feed(2)))
        #expect(split.state == SplitRouterState(columns: .triple, sidebar: .folder(1), content: .feed(2)))
        #expect(loads.withLock { $0[.folder(1)] } == 1 && loads.withLock { $0[.feed(1)] } == 1)
        #expect(split.loaded(String.self, for: .folder(1)) == "folder(1)")
    }

    /// A split router made with a selection shows it on its first read and its first state.
    @Test func startingWithASelection() async throws {
        let initial = SplitRouterState<ReaderRoute>(
            columns: .triple, sidebar: .folder(1), content: .feed(2), detail: [.article(3)])
        let split = Split(initialState: initial)
        #expect(split.columns == .triple)
        #expect(split.state == initial)
        #expect(split.sidebar == .folder(1) && split.content == .feed(2) && split.detail == [.article(3)])
        let states = StreamRecorder(split.states)
        #expect(try await states.next() == [initial])
        let paths = StreamRecorder(split.paths)
        #expect(try await paths.next() == [split.path])
        let actions = StreamRecorder(split.actions)
        try await split.navigateBack()
        #expect(try await paths.next() == [split.path])
        #expect(try await actions.next().map(\.currentPath) == [split.path])
    }

    /// The store-backed split router shows the initial state when nothing is saved, and the
    /// saved columns otherwise.
    @Test func startingWithASelectionAndAStore() async throws {
        let store = InMemoryStateStore()
        let initial = SplitRouterState<ReaderRoute>(columns: .double, sidebar: .today)
        let first = Split(initialState: initial, store: store)
        #expect(first.state == initial)
        try await first.showDetail(.article(1))
        first.router.flush()
        let relaunched = Split(initialState: initial, store: store)
        #expect(relaunched.state == SplitRouterState(columns: .double, sidebar: .today, detail: [.article(1)]))
        let empty = Split(initialState: initial, store: InMemoryStateStore())
        #expect(empty.state == initial)
    }

    /// Writing the selected panel to `selection` keeps the detail stack; a different panel
    /// clears it.
    @MainActor
    @Test func modelSameValueWritesChangeNothing() async throws {
        let split = Split(initialState: SplitRouterState(columns: .double, sidebar: .feed(1), detail: [.article(1)]))
        let model = SplitRouterModel(splitRouter: split)
        model.selection = .feed(1)
        await model.settled()
        #expect(split.detail == [.article(1)] && model.detailPath == [.article(1)])
        model.detailPath = [.article(1)]
        await model.settled()
        #expect(split.detail == [.article(1)])
        model.selection = .feed(2)
        await model.settled()
        #expect(split.stack == [.feed(2)] && model.detailPath.isEmpty)

        let triple = Split(
            initialState: SplitRouterState(
                columns: .triple, sidebar: .folder(1), content: .feed(1), detail: [.article(1)])
        )
        let tripleModel = SplitRouterModel(splitRouter: triple)
        tripleModel.contentSelection = .feed(1)
        tripleModel.selection = .folder(1)
        await tripleModel.settled()
        #expect(triple.detail == [.article(1)] && triple.content == .feed(1))
    }

    /// A sidebar tap made while an earlier navigation waits (a guard holding it) reads back as
    /// written at once, and the model follows the router again once that tap's navigation is
    /// refused.
    @MainActor
    @Test func modelWriteReadsBackWhileItWaitsThenFollowsTheRefusal() async throws {
        let split = Split(initialState: SplitRouterState(columns: .double, sidebar: .feed(1), detail: [.article(1)]))
        let model = SplitRouterModel(splitRouter: split)
        let gate = Gate()
        split.addGuard(named: "hold") { pending in
            guard pending.to.stack.first == .feed(2) else { return .allow }
            await gate.wait()
            return .cancel(SplitRefusal())
        }
        model.selection = .feed(2)
        try await gate.arrived(1)
        #expect(model.selection == .feed(2), "shown as written while the guard holds")
        #expect(model.detailPath.isEmpty)
        gate.open()
        await model.settled()
        try await eventually { model.selection == .feed(1) && model.detailPath == [.article(1)] }
        #expect(split.stack == [.feed(1), .article(1)])
    }

    struct SplitRefusal: Error {}

    /// The model binds what is presented over the split view.
    @MainActor
    @Test func modelBindsPresentations() async throws {
        let split = Split(initialState: SplitRouterState(columns: .double, sidebar: .feed(1), detail: [.article(1)]))
        let model = SplitRouterModel(splitRouter: split)
        model.modal = .share(1)
        #expect(model.presentations.map(\.route) == [.share(1)], "shown at once")
        await model.settled()
        #expect(split.presentations.map(\.route) == [.share(1)])
        model[stackAt: 1] = [.comments(1)]
        await model.settled()
        #expect(split.presentations.first?.stack == [.comments(1)])
        model[presentedAt: 1] = nil
        await model.settled()
        #expect(split.presentations.isEmpty && model.modal == nil)
        #expect(split.stack == [.feed(1), .article(1)], "the columns stay")
    }

    /// Counts each route's loads, giving `"\(route)"` as its value.
    private static func countLoads(on split: Split) -> _Locked<[ReaderRoute: Int]> {
        let loads = _Locked<[ReaderRoute: Int]>([:])
        split.addLoader(named: "route") { route in
            loads.withLock { $0[route, default: 0] += 1 }
            return "\(route)"
        }
        return loads
    }
}
