import Foundation
import StreamRouter

/// A deterministic walk through a small news app's navigation: home, news, an article,
/// back and forward, a relative `..`, settings, a replace and a few edge cases.
///
/// Each step runs one navigator call, waits until the consumer task has printed the
/// action it published, then prints the state and the matching route patterns.
@MainActor
struct ScriptedTour {
    private let navigator = Navigator(initialPath: "/")
    private let report = RouteReport()

    /// Runs the tour and stops the consumer task.
    func run() async {
        let printer = ActionPrinter(navigator: navigator)
        let patterns = RouteReport.globs.joined(separator: "  ")
        print("StreamRouter playground: scripted tour (patterns: \(patterns))")

        section("Home")
        report.show(navigator)

        section("Reading the news")
        await step(printer, #"navigate("/news")"#) { navigator.navigate("/news") }
        await step(printer, #"navigate("42")"#, note: "relative to /news") { navigator.navigate("42") }

        section("Back and forward")
        await step(printer, "goBack()") { navigator.goBack() }
        await step(printer, "goForward()") { navigator.goForward() }

        section("Settings, a relative '..' and a replace")
        await step(printer, #"navigate("/settings/profile")"#) { navigator.navigate("/settings/profile") }
        await step(printer, #"navigate("..")"#, note: "up one segment") { navigator.navigate("..") }
        await step(printer, #"navigate("notifications", replace: true)"#, note: "replaces /settings") {
            navigator.navigate("notifications", replace: true)
        }
        await step(printer, "goBack()", note: "/settings was replaced: back lands on /settings/profile") {
            navigator.goBack()
        }

        section("Edge cases")
        await step(printer, #"navigate("/settings//profile/")"#, note: "normalised to the current path: a no-op") {
            navigator.navigate("/settings//profile/")
        }
        await step(printer, "goBack(total: 99)", note: "clamped to the history: one action") {
            navigator.goBack(total: 99)
        }
        await step(printer, "goForward(total: 2)") { navigator.goForward(total: 2) }
        await step(printer, "clear()", note: "drops back and forward history, keeps the path") {
            navigator.clear()
            return nil
        }
        await step(printer, "goBack()", note: "nothing left to go back to") { navigator.goBack() }

        section("Pattern errors are thrown, never a crash")
        for glob in ["/user/:1d", "/files/*/raw"] {
            do {
                _ = try PathPattern(glob)
                print("  \(glob) compiled")
            } catch {
                print("  \(glob): \(error)")
            }
        }

        section("Route conflicts, found when the table is made")
        print("  RouteTable(...).debugDescription: '/news/:id' can never win after '/news/:id?'")
        report.showRoutes()
        do {
            let article = try PathPattern("/news/:id?")
            print("  path(with: [\"id\": \"42\"]) -> \(try article.path(with: ["id": "42"]))")
            _ = try PathPattern("/:a?/:b?").path(with: ["b": "x"])
        } catch {
            print("  \(error)")
        }

        section("A view model driven by a route table")
        await screenModelTour()

        section("Typed routes, guards and deep links")
        await routerTour()

        section("Sheets with stacks of their own, sheets over sheets, above the tabs")
        await SheetTour().run()

        section("A split view: sidebar, content and detail, collapsed into one stack")
        await SplitTour().run()

        section("A deep link held during onboarding, released after login")
        await HeldLinkTour().run()

        section("Links out, the screen on show, and screen views for analytics")
        await ScreenViewTour().run()

        section("Unsaved changes: leaving asks first, in the app's own dialog")
        await ConfirmTour().run()

        section("Several windows: a router per scene, links sent to the right window")
        await SceneTour().run()

        section("A navigation journal: recorded, saved as JSON, replayed")
        await JournalTour().run()

        section("Route metadata: titles, analytics names, and pictures of routes and journeys")
        await PictureTour().run()

        section("A relaunch restores the history from a file")
        relaunchTour()

        section("A tab app: stacks per tab, deep links that switch tabs, results, a sheet, a relaunch")
        await tabTour()

        section("Done")
        print("  last action: \(navigator.lastAction.map(String.init(describing:)) ?? "none")")
        await printer.stop()
    }

    /// Drives a second navigator and shows the screen a ``ScreenModel`` derives, waiting for
    /// each change on the model's stream.
    private func screenModelTour() async {
        let appNavigator = Navigator()
        let model: ScreenModel
        do {
            model = try ScreenModel(navigator: appNavigator)
        } catch {
            print("  \(error)")
            return
        }
        // The model may or may not have published the first screen yet: skip only its
        // placeholder, so each step below waits for exactly one screen.
        var screens = model.state.values.filter { !$0.isEmpty }.makeAsyncIterator()
        for path in ["/", "/news", "/news/7", "/news/8", "/settings/privacy", "/nowhere"] {
            appNavigator.navigate(path)
            let screen = await screens.next(isolation: #isolation) ?? "finished"
            print("  \(path + String(repeating: " ", count: max(18 - path.count, 1)))-> \(screen)")
        }
    }

    /// A typed stack with a guard, deep links (handled and not), and the router's events.
    private func routerTour() async {
        let events = await routerSteps()
        print("  events published:")
        // The router is gone: its event stream delivers what it buffered, then finishes.
        for await event in events {
            print("    \(event)")
        }
    }

    /// Drives a router through the tour's steps, printing each; returns its event stream.
    private func routerSteps() async -> SubjectStream<RouterEvent<StoreRoute>> {
        let router = Router<StoreRoute>()
        let events = router.events
        router.addGuard(named: "signed-in") { pending in
            pending.destinations.contains(.profile(id: 0)) ? .redirect(to: .login) : .allow
        }
        var log: [String] = []
        do {
            try await router.navigate(to: .home)
            log.append("navigate(to: .home)           -> \(router.state)")
            try await router.navigate(to: .profile(id: 0))
            log.append("navigate(to: .profile(id: 0)) -> \(router.state)  (the guard redirected)")
        } catch {
            log.append("navigation failed: \(error)")
        }
        for link in [
            "https://store.example.com/products/shoes/view", "https://store.example.com/user/abc/profile",
            "https://elsewhere.example.com/products", "ftp://store.example.com/products",
        ] {
            guard let url = URL(string: link) else { continue }
            let handled = await router.openURL(url)
            log.append("openURL(\(link)) -> \(handled)")
        }
        do {
            try await router.navigateBack(to: .home)
            log.append("navigateBack(to: .home)       -> \(router.state)")
        } catch {
            log.append("navigation failed: \(error)")
        }
        for line in log { print("  \(line)") }
        return events
    }

    /// Two tabs with their own stacks, a deep link that switches tab, re-selecting a tab,
    /// and a relaunch from a file restoring every tab.
    private func tabTour() async {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("StreamRouterTabs-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            print("  cannot create \(folder.path): \(error)")
            return
        }
        let store = FileStateStore(url: folder.appendingPathComponent("tabs.json"))
        let events = await tabSteps(store)
        let relaunched = TabRouter<AppTab, StoreRoute>(tabs: AppTab.allCases, selected: .shop, store: store) { $0.tab }
        await relaunched.restore()  // after adding guards: every saved stack goes through them
        let restored = AppTab.allCases.map { "\($0): \(relaunched.router(for: $0).state)" }.joined(separator: ", ")
        print("  relaunch: \(relaunched.restoration ?? .nothingSaved)")
        print("      selected \(relaunched.selectedTab); \(restored)")
        // The first app is gone: its event stream delivers what it buffered, then finishes.
        var completed: [AppTab: Int] = [:]
        for await event in events where event.event.state != nil {
            completed[event.tab, default: 0] += 1
        }
        let counts = AppTab.allCases.map { "\($0) \(completed[$0] ?? 0)" }.joined(separator: ", ")
        print("  every tab's events in one stream; navigations completed per tab: \(counts)")
    }

    /// Drives a tab app saving to `store`, printing each step; returns its event stream.
    private func tabSteps(_ store: FileStateStore) async -> SubjectStream<TabRouterEvent<AppTab, StoreRoute>> {
        let app = TabRouter<AppTab, StoreRoute>(tabs: AppTab.allCases, selected: .shop, store: store) { $0.tab }
        let events = app.events
        func show(_ step: String) {
            let stacks = AppTab.allCases.map { "\($0): \(app.router(for: $0).state)" }.joined(separator: ", ")
            print("  \(step)\n      selected \(app.selectedTab); \(stacks)")
        }
        try? await app.navigate(to: .allProducts)
        try? await app.navigate(to: .products(category: "shoes"))
        show("navigate(to: .allProducts), navigate(to: .products(\"shoes\"))")
        try? await app.select(.account)
        try? await app.navigate(to: .profile(id: 7))
        show("select(.account), navigate(to: .profile(id: 7))  (shop keeps its stack)")
        if let url = URL(string: "https://store.example.com/products/hats/view") {
            let handled = await app.openURL(url)
            show("openURL(\(url.absoluteString)) -> \(handled)  (switches to the route's tab)")
        }
        try? await app.select(.account)
        try? await app.select(.account)
        show("select(.account) twice  (re-selecting pops the tab to its root)")
        try? await app.router(for: .account).navigate(to: .login)
        show("router(for: .account).navigate(to: .login)  (directly on a tab's router)")
        await resultAndSheetSteps(app)
        app.flush()
        return events
    }

    /// A picker returning a value to the screen that opened it, and a sheet on the action
    /// stream.
    private func resultAndSheetSteps(_ app: TabRouter<AppTab, StoreRoute>) async {
        let actions = app.actions
        var seen = actions.makeAsyncIterator()
        let picked = Task { try await app.navigate(to: .colorPicker, returning: String.self) }
        if let shown = await seen.next(isolation: #isolation) {
            print("  navigate(to: .colorPicker, returning: String.self): \(shown)")
        }
        try? await app.navigateBack(returning: "red")
        let value = (try? await picked.value) ?? nil
        print("  the picker's navigateBack(returning: \"red\") -> the caller got \(value ?? "nil")")
        _ = await seen.next(isolation: #isolation)  // the picker's pop
        try? await app.navigate(to: .checkout)
        if let presented = await seen.next(isolation: #isolation) {
            print("  a sheet: navigate(to: .checkout) -> \(presented)")
        }
        try? await app.selectedRouter.dismiss()
        if let dismissed = await seen.next(isolation: #isolation) {
            print("  dismiss() -> \(dismissed)")
        }
    }

    /// Saves a navigator's history to a file in a temporary folder, "relaunches" by making
    /// a new navigator on the same file, and shows what a corrupt file does.
    private func relaunchTour() {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("StreamRouterPlayground-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            print("  cannot create \(folder.path): \(error)")
            return
        }
        let store = FileStateStore(url: folder.appendingPathComponent("navigation.json"))

        let firstLaunch = Navigator(initialPath: "/", store: store)
        print("  first launch: \(firstLaunch.restoration ?? .nothingSaved)")
        for path in ["/news", "/news/42", "/settings"] { firstLaunch.navigate(path) }
        firstLaunch.goBack()
        print("  navigated to /news, /news/42, /settings, then back: at \(firstLaunch.path)")
        firstLaunch.flush()  // saves run in the background; the app flushes before it terminates

        let relaunch = Navigator(initialPath: "/", store: store)
        print("  relaunch: \(relaunch.restoration ?? .nothingSaved)")
        print("  at \(relaunch.path), history \(relaunch.history.entries), can go forward: \(relaunch.canGoForward)")

        do {
            try Data("{\"version\": 1, \"state\": {\"entr".utf8).write(to: store.url)
        } catch {
            print("  cannot write \(store.url.path): \(error)")
            return
        }
        let afterCrash = Navigator(initialPath: "/", store: store)
        print("  with a torn file: \(afterCrash.restoration ?? .nothingSaved)")
        print("  at \(afterCrash.path): the default, no crash")
    }

    private func section(_ title: String) {
        print("\n== \(title) ==")
    }

    private func step(
        _ printer: ActionPrinter,
        _ call: String,
        note: String? = nil,
        _ mutation: () -> NavigationAction?
    ) async {
        let comment = note.map { String(repeating: " ", count: max(42 - call.count, 1)) + "// " + $0 } ?? ""
        print("\n> \(call)\(comment)")
        if await printer.perform(mutation) == nil {
            print("  (no action published)")
        }
        report.show(navigator)
    }
}
