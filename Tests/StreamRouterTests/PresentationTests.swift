import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// Presentations that hold stacks:
/// sheets with pushes inside, sheets over sheets, and the level each back operation acts on.
@Suite(.suiteLimit) struct PresentationTests {
    enum AppRoute: RouteProvider {
        case home, settings
        case pane(String)
        case compose
        case photo(id: Int)
        case message(id: Int)

        var transition: RouteTransition {
            switch self {
            case .settings, .compose: .sheet  // presented, with a stack of its own
            case .photo: .fullScreen  // presented over everything, with a stack of its own
            default: .push
            }
        }
    }

    /// The DESIGN snippet, line by line.
    @Test func designSnippet() async throws {
        let router = Router<AppRoute>()
        try await router.navigate(to: .home)
        try await router.navigate(to: .settings)  // presents a sheet
        try await router.navigate(to: .pane("a"))  // pushed inside the sheet, on its own stack
        #expect(router.stack == [.home])  // the base stack, as before
        #expect(router.presentations.count == 1)
        #expect(router.presentations[0].route == .settings)
        #expect(router.presentations[0].style == .sheet)
        #expect(router.presentations[0].stack == [.pane("a")])
        #expect(router.modal == .settings)  // the topmost presentation's route
        try await router.navigate(to: .compose)  // a sheet over the sheet
        #expect(router.presentations.map(\.route) == [.settings, .compose])
        try await router.navigate(to: .message(id: 1))
        try await router.navigateBack()  // pops inside the topmost presentation
        try await router.navigateBack()  // at its root: never dismisses it
        #expect(router.presentations.map(\.route) == [.settings, .compose])
        #expect(router.presentations[1].stack == [])
        try await router.dismiss()  // removes the topmost presentation and its stack
        #expect(router.modal == .settings)
        let draft = Task { try await router.navigate(to: .compose, returning: String.self) }
        try await eventually { router.modal == .compose }
        try await router.dismiss(returning: "draft")
        #expect(try await draft.value == "draft")
        try await router.navigate(to: .photo(id: 3))
        #expect(router.presentations.last?.style == .fullScreen)
        try await router.dismissAll()  // removes every presentation
        #expect(router.presentations.isEmpty && router.modal == nil && router.stack == [.home])
        try await router.navigate(to: [.settings, .pane("a")])
        try await router.navigateBack(to: .home)  // dismisses what is above .home's level, then pops to it
        #expect(router.state == RouterState(stack: [.home]))
        let state: RouterState<AppRoute> = router.state  // base stack and presentations
        #expect(try JSONDecoder().decode(RouterState<AppRoute>.self, from: JSONEncoder().encode(state)) == state)
    }

    /// Three levels (base, a sheet, a sheet over it), each back operation's level.
    @Test(
        arguments: [
            (
                "back", [AppRoute.home, .message(id: 1)],
                [Presentation(AppRoute.settings, stack: [.pane("a")]), Presentation(.compose)]
            ),
            (
                "back 5", [.home, .message(id: 1)],
                [Presentation(.settings, stack: [.pane("a")]), Presentation(.compose)]
            ),
            ("back to pane", [.home, .message(id: 1)], [Presentation(.settings, stack: [.pane("a")])]),
            ("back to settings", [.home, .message(id: 1)], [Presentation(.settings)]),
            ("back to message", [.home, .message(id: 1)], []),
            (
                "back to absent", [.home, .message(id: 1)],
                [Presentation(.settings, stack: [.pane("a")]), Presentation(.compose, stack: [.message(id: 2)])]
            ),
            ("root", [], []),
            ("replace", [.home], []),
            ("dismiss", [.home, .message(id: 1)], [Presentation(.settings, stack: [.pane("a")])]),
            ("dismiss all", [.home, .message(id: 1)], []),
            (
                "push", [.home, .message(id: 1)],
                [
                    Presentation(.settings, stack: [.pane("a")]),
                    Presentation(.compose, stack: [.message(id: 2), .pane("b")]),
                ]
            ),
        ] as [(String, [AppRoute], [Presentation<AppRoute>])])
    func levelSemantics(operation: String, stack: [AppRoute], presentations: [Presentation<AppRoute>]) async throws {
        let router = Router<AppRoute>()
        try await router.navigate(to: [.home, .message(id: 1), .settings, .pane("a"), .compose, .message(id: 2)])
        #expect(router.presentations.count == 2, "one atomic navigation presents and pushes")
        switch operation {
        case "back": try await router.navigateBack()
        case "back 5": try await router.navigateBack(5)
        case "back to pane": try await router.navigateBack(to: .pane("a"))
        case "back to settings": try await router.navigateBack(to: .settings)
        case "back to message": try await router.navigateBack(to: .message(id: 1))
        case "back to absent": try await router.navigateBack(to: .photo(id: 9))
        case "root": try await router.navigateToRoot()
        case "replace": try await router.replace(with: [.home])
        case "dismiss": try await router.dismiss()
        case "dismiss all": try await router.dismissAll()
        default: try await router.navigate(to: .pane("b"))
        }
        #expect(router.state == RouterState(stack: stack, presentations: presentations))
        #expect(router.path == RouterState(stack: stack, presentations: presentations).displayedPath)
    }

    /// The displayed path covers every level, and actions and `paths` follow it.
    @Test func theDisplayedPathCoversEveryLevel() async throws {
        let router = Router<AppRoute>(state: RouterState(stack: [.home]))
        let actions = StreamRecorder(router.actions)
        let matches = StreamRecorder(router.matches(try PathPattern("/home/settings/pane/:name")))
        try await router.navigate(to: [.settings, .pane("a")])
        #expect(router.path == "/home/settings/pane/a")
        try await router.dismiss()
        #expect(
            try await actions.next(2) == [
                NavigationAction(currentPath: "/home/settings/pane/a", previousPath: "/home", action: .push),
                NavigationAction(currentPath: "/home", previousPath: "/home/settings/pane/a", action: .back),
            ])
        let seen = try await matches.next(3).map { $0?.parameters["name"] }
        #expect(seen == [nil, "a", nil])
    }

    /// Eight tasks each present and push in one navigation while others dismiss: every
    /// subscriber sees the same total order, and each navigation's state is whole (a sheet
    /// and its pane arrive together).
    @Test func atomicTreeNavigationsUnderConcurrency() async throws {
        let router = Router<AppRoute>()
        let first = StreamRecorder(router.events)
        let second = StreamRecorder(router.events)
        await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for step in 0..<20 {
                        if step.isMultiple(of: 2) {
                            try await router.navigate(to: [.settings, .pane("\(task)-\(step)")])
                        } else {
                            try await router.dismiss()
                        }
                    }
                }
            }
        }
        let expected = 8 * 20 * 2  // started + completed each
        let one = try await first.next(expected)
        let two = try await second.next(expected)
        #expect(one.map(\.description) == two.map(\.description))
        for case .completed(let request, let state, _) in one {
            if case .navigate = request.operation {
                #expect(state.presentations.last?.stack.count == 1, "a sheet shown with its pane")
            }
        }
    }

    /// A guard refusing a dismissal (unsaved changes) leaves the tree and the model's
    /// bindings as they were.
    @MainActor
    @Test func aRefusedDismissalLeavesTheTreeAndTheModel() async throws {
        struct Unsaved: Error {}
        let router = Router<AppRoute>(state: RouterState(stack: [.home]))
        router.addGuard(named: "unsaved") { pending in
            switch pending.request.operation {
            case .dismiss, .dismissAll: .cancel(Unsaved())
            default: .allow
            }
        }
        try await router.navigate(to: [.compose, .pane("draft")])
        let before = router.state
        await #expect(throws: NavigationError.self) { try await router.dismiss() }
        await #expect(throws: NavigationError.self) { try await router.dismissAll() }
        #expect(router.state == before)
        let model = RouterModel(router: router)
        model[presentedAt: 1] = nil  // a swipe down
        #expect(model.presentations.isEmpty, "shown at once")
        await model.settled()
        #expect(router.state == before)
        #expect(model[presentedAt: 1] == .compose && model[stackAt: 1] == [.pane("draft")])
    }

    /// A write that rebuilds the tree keeps the levels it was not asked to change, a route
    /// whose transition is `.replace` too.
    @MainActor
    @Test func aRebuildKeepsTheLevelsItWasNotAskedToChange() async throws {
        let router = Router<RouterTestRoute>()
        try await router.navigate(to: [.a, .b])
        try await router.navigate(to: .swap)  // replaces .b
        try await router.navigate(to: [.sheet, .c])
        #expect(router.stack == [.a, .swap])
        let model = RouterModel(router: router)
        model[stackAt: 1] = [.d]  // neither a pop nor a push: a rebuild
        await model.settled()
        #expect(router.presentations.first?.stack == [.d])
        #expect(router.stack == [.a, .swap], "the base stack was not written")
    }

    /// The model's bindings per level write back through the router.
    @MainActor
    @Test func bindingsPerLevel() async throws {
        let router = Router<AppRoute>(state: RouterState(stack: [.home]))
        let model = RouterModel(router: router)
        model[presentedAt: 1] = .settings
        model[stackAt: 1] = [.pane("a"), .pane("b")]  // pushes inside the sheet
        model[presentedAt: 2] = .compose
        await model.settled()
        #expect(
            router.presentations == [Presentation(.settings, stack: [.pane("a"), .pane("b")]), Presentation(.compose)])
        model[stackAt: 1] = [.pane("a")]  // a level below the top: rebuilt, the sheet over it stays
        await model.settled()
        #expect(router.presentations == [Presentation(.settings, stack: [.pane("a")]), Presentation(.compose)])
        model[presentedAt: 2] = nil  // the topmost: dismissed
        await model.settled()
        #expect(router.presentations == [Presentation(.settings, stack: [.pane("a")])])
        model[stackAt: 1] = []  // a swipe back inside the sheet
        model[presentedAt: 1] = nil
        await model.settled()
        #expect(router.state == RouterState(stack: [.home]))
        #expect(model.stack == [.home] && model.presentations.isEmpty && model.path == "/home")
    }

    /// Relaunch: the tree round-trips through a file; a state saved with one `modal` (the
    /// format before presentations held stacks) restores as one sheet; restoring through
    /// guards refuses a saved sheet when a guard says no.
    @Test func theTreeIsRestored() async throws {
        let folder = try FileStateStoreTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileStateStore(url: folder.appendingPathComponent("tree.json"))
        let first = Router<AppRoute>(store: store)
        try await first.navigate(to: [.home, .settings, .pane("a"), .photo(id: 2), .message(id: 5)])
        first.flush()
        let relaunched = Router<AppRoute>(store: store)
        #expect(relaunched.state == first.state)
        #expect(relaunched.presentations.map(\.style) == [.sheet, .fullScreen])

        let old = InMemoryStateStore(
            data: Data(#"{"version":1,"state":{"stack":[{"home":{}}],"modal":{"settings":{}}}}"#.utf8))
        let fromOld = Router<AppRoute>(store: old)
        #expect(fromOld.restoration == .restored)
        #expect(fromOld.state == RouterState(stack: [.home], presentations: [Presentation(.settings)]))

        struct LoggedOut: Error {}
        let auth = NavigationGuard<AppRoute>(named: "auth") { pending in
            pending.destinations.contains(.settings) ? .cancel(LoggedOut()) : .allow
        }
        let guarded = Router<AppRoute>(store: store, guards: [auth])
        #expect(await guarded.restore() == .restoreRefused(.cancelledByGuard(name: "auth", reason: LoggedOut())))
        #expect(guarded.state == RouterState())
    }

    /// The journal records navigations in the tree (dismissals included), survives JSON,
    /// and replays to the same states.
    @Test func theJournalRecordsAndReplaysTheTree() async throws {
        let router = Router<AppRoute>()
        router.startRecording()
        try await router.navigate(to: [.home, .settings, .pane("a")])
        try await router.navigate(to: .compose)
        try await router.dismiss()
        try await router.navigate(to: .photo(id: 1))
        try await router.dismissAll()
        let journal = try #require(router.journal)
        #expect(journal.entries.count == 5)
        let decoded = try JSONDecoder().decode(NavigationJournal<AppRoute>.self, from: JSONEncoder().encode(journal))
        let fresh = Router<AppRoute>()
        #expect(await decoded.replay(on: fresh) == nil)
        #expect(fresh.state == router.state)
    }
}
