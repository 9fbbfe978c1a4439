import StreamRouter

/// A headless view model: which screen to show, from a ``RouteTable`` followed with
/// `firstMatches(in:)`, and the article id from `matches`.
final class ScreenModel: Sendable {
    /// What a view would render.
    enum Screen: String, Sendable {
        case home, newsList, article, settings, notFound
    }

    /// The screen for the current path, and the article id when one is open.
    let state = CurrentValueSubject<String>("")

    private let runner: Task<Void, Never>

    /// Starts following `navigator`.
    init(navigator: Navigator) throws(PathPatternError) {
        let table = RouteTable<Screen>([
            (try PathPattern("/"), .home),
            (try PathPattern("/news"), .newsList),
            (try PathPattern("/news/:id"), .article),
            (try PathPattern("/settings/*"), .settings),
            (try PathPattern("/*"), .notFound),
        ])
        let screens = navigator.firstMatches(in: table)
        let state = state
        runner = Task {
            for await match in screens {
                let screen = match?.value.rawValue ?? "none"
                let id = match?.information.parameters["id"].map { " (id \($0))" } ?? ""
                state.send(screen + id)
            }
        }
    }

    deinit {
        runner.cancel()
    }
}
