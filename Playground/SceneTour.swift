import Foundation
import StreamRouter

/// Two windows of a mail app: each has its own router; a link goes to the window showing
/// its message, else to the key window; a window opened on some content starts there.
struct SceneTour {
    enum MailRoute: RouteProvider {
        case inbox
        case message(id: Int)
        case compose

        static func registerURLs() -> URLMatcherGroup<MailRoute>? {
            .group("mail.example.com") {
                $0.map("messages/{id}") { .message(id: try $0.param("id")) }
            }
        }
    }

    func run() async {
        let scenes = SceneRouters<Router<MailRoute>> { _, _ in Router() }
        let main = scenes.router(for: "main")
        try? await main.navigate(to: [.inbox, .message(id: 1)])
        let request = scenes.openWindow(showing: [.compose])
        let compose = scenes.router(for: request.id)
        while compose.stack != [.compose] {
            await Task.yield()
        }
        scenes.activeScene = request.id
        print("  scenes \(scenes.connectedSceneIDs); \(request.id) (compose) is key")
        for id in [1, 2] {
            guard let link = URL(string: "https://mail.example.com/messages/\(id)") else { return }
            await scenes.openURL(link)
            print("  openURL(.../messages/\(id))")
            print("      main \(Self.describe(main.stack))   \(request.id) \(Self.describe(compose.stack))")
        }
    }

    static func describe(_ stack: [MailRoute]) -> String {
        "[" + stack.map { ".\($0)" }.joined(separator: ", ") + "]"
    }
}
