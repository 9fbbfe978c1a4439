import Foundation
import StreamRouter

/// Where the user is, as data: the link a share button shares, the screen on show that
/// Handoff advertises, one screen view per change for analytics, and where each navigation
/// came from (a tap, a link, a notification).
struct ScreenViewTour {
    enum NewsRoute: RouteProvider {
        case feed
        case article(id: Int)
        case comments(articleID: Int)

        var metadata: RouteMetadata {
            switch self {
            case .feed: RouteMetadata(title: "Feed", analyticsName: "feed")
            case .article(let id): RouteMetadata(title: "Article \(id)", analyticsName: "article")
            case .comments: RouteMetadata(title: "Comments", analyticsName: "comments")
            }
        }

        static func registerURLs() -> URLMatcherGroup<NewsRoute>? {
            .group("news.example.com") {
                $0.map("articles/{id}", linking: { if case .article(let id) = $0 { ["id": "\(id)"] } else { nil } }) {
                    .article(id: try $0.param("id"))
                }
            }
        }
    }

    func run() async {
        let router = Router<NewsRoute>()
        let views = router.screenViews()
        try? await router.navigate(to: .feed)
        print("  url(for: .article(id: 42)) -> \(router.url(for: .article(id: 42))?.absoluteString ?? "none")")
        if let link = URL(string: "https://news.example.com/articles/42") {
            await router.openURL(link)
        }
        let shown = router.displayedScreen
        print("  displayedScreen: \(shown.title ?? "untitled"), link \(shown.url?.absoluteString ?? "none")")
        try? await router.navigate(to: .comments(articleID: 42), source: .notification)
        try? await router.navigateBack()
        print("  screenViews(): one view per change of the screen on show, with its source")
        for await view in views.prefix(5) {
            let name = view.screen.analyticsName ?? "root"
            let previous = view.previous.map { $0.analyticsName ?? "root" } ?? "none"
            print(
                "      \(name.padding(toLength: 9, withPad: " ", startingAt: 0)) from \(view.source), after \(previous)"
            )
        }
    }
}
