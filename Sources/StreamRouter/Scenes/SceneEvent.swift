/// One event of one window's router, as a ``SceneRouters`` registry merges them.
public struct SceneEvent<Event: Sendable>: Sendable, CustomStringConvertible {
    /// The window's scene.
    public let sceneID: String
    /// The router's event.
    public let event: Event

    /// The scene and the event, for logs.
    public var description: String { "[\(sceneID)] \(event)" }
}
