import StreamRouter

/// A sheet with a stack of its own, a sheet over it, the level each back operation acts
/// on, a result handed back by a dismissal, and a compose screen above every tab.
struct SheetTour {
    /// The routes of a small mail app: settings and compose are sheets, a photo a cover.
    enum MailRoute: RouteProvider {
        case inbox
        case settings
        case pane(String)
        case compose
        case photo(id: Int)

        var transition: RouteTransition {
            switch self {
            case .settings, .compose: .sheet
            case .photo: .fullScreen
            default: .push
            }
        }
    }

    enum MailTab: String, CaseIterable, Codable, Sendable {
        case inbox, sent
    }

    func run() async {
        let router = Router<MailRoute>()
        let actions = router.actions
        func show(_ call: String) {
            print("  \(call)\n      \(router.state)   path \(router.path)")
        }
        try? await router.navigate(to: .inbox)
        try? await router.navigate(to: .settings)
        try? await router.navigate(to: .pane("accounts"))
        show("navigate(to: .inbox), .settings (a sheet), .pane(\"accounts\") (pushed inside it)")
        try? await router.navigate(to: .compose)
        try? await router.navigate(to: .photo(id: 7))
        show("navigate(to: .compose) (a sheet over the sheet), .photo(id: 7) (a cover over both)")
        try? await router.dismiss()
        try? await router.navigateBack()
        show("dismiss() (the cover), navigateBack() (inside compose, at its root: nothing)")
        try? await router.dismiss()
        try? await router.navigateBack()
        show("dismiss() (compose), navigateBack() (pops the pane inside settings)")
        let draft = Task { try await router.navigate(to: .compose, returning: String.self) }
        var seen = actions.makeAsyncIterator()
        while router.modal != .compose, await seen.next(isolation: #isolation) != nil {}  // until it is shown
        try? await router.dismiss(returning: "Dear team")
        let text = (try? await draft.value) ?? nil
        print("  navigate(to: .compose, returning: String.self), then dismiss(returning: \"Dear team\")")
        print("      the caller got \(text ?? "nil")")
        try? await router.navigateBack(to: .inbox)
        show("navigateBack(to: .inbox) (dismisses the settings sheet, pops to .inbox)")

        let app = TabRouter<MailTab, MailRoute>(tabs: MailTab.allCases, selected: .inbox) { _ in nil }
        try? await app.navigate(to: .pane("thread"))
        try? await app.present(.compose)
        try? await app.navigate(to: .pane("recipients"))
        print("  a tab app: navigate(to: .pane(\"thread\")), present(.compose), navigate(to: .pane(\"recipients\"))")
        print("      above the tabs: \(app.presentations); inbox tab: \(app.router(for: .inbox).state)")
        try? await app.resetAllTabs()
        print("  resetAllTabs(): above the tabs \(app.presentations); inbox tab \(app.router(for: .inbox).state)")
    }
}
