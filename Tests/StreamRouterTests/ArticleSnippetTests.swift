import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// Articles' snippets that wait for a screen before answering it, run as written.
@Suite(.suiteLimit) struct ArticleSnippetTests {
    enum MailRoute: RouteProvider {
        case inbox, compose

        var transition: RouteTransition { self == .compose ? .sheet : .push }
    }

    /// The sheets article's "Results from a presentation" block.
    @Test(arguments: 0..<20)
    func aPresentationsResultReachesItsCaller(_ run: Int) async throws {
        let router = Router<MailRoute>()
        let draft = Task { try await router.navigate(to: .compose, returning: String.self) }
        // In the compose sheet, once it is shown:
        _ = await router.paths().first { $0 == "/compose" }
        try await router.dismiss(returning: "Dear team")
        let text = try await draft.value
        #expect(text == "Dear team")
    }

    /// The testing article's `corruptDataFallsBackToTheDefault`.
    @Test(arguments: 0..<20)
    func corruptDataFallsBackToTheDefault(_ run: Int) throws {
        let store = InMemoryStateStore(data: Data("not json".utf8))
        let navigator = Navigator(initialPath: "/home", store: store)
        #expect(navigator.path == "/home")
        guard case .restoreFailed(.unreadable)? = navigator.restoration else {
            Issue.record("expected an unreadable restore, got \(String(describing: navigator.restoration))")
            return
        }
        navigator.navigate("/news")
        navigator.flush()
        #expect(store.saveCount == 1)
    }
}
