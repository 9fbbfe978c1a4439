import Foundation

/// A request to open a window showing some content, published by a ``SceneRouters`` registry
/// (``SceneRouters/openWindow(showing:source:)``, or a link no open window should take) for
/// the app to turn into SwiftUI's `openWindow(value:)` or UIKit's
/// `requestSceneSessionActivation`. When the window's scene connects with ``id`` as its scene
/// id (``SceneRouters/router(for:)``), its router starts on the content.
public struct WindowRequest<Route: RouteProvider>: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The scene id the new window connects with.
    public let id: String
    /// The routes the new window shows, in one navigation; empty when it opens ``url``.
    public let routes: [Route]
    /// The link the new window opens, when the request is for a link.
    public let url: URL?
    /// Where the request came from (the new window's first navigation has this source).
    public let source: NavigationSource

    /// The id and what the window shows, for logs.
    public var description: String {
        "window \(id): " + (url.map { $0.absoluteString } ?? routes.map { "\($0)" }.joined(separator: ", "))
    }
}
