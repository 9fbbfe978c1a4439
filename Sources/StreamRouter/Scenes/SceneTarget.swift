/// Which window a ``SceneRouters`` registry sends a link to
/// (``SceneRouters/openURL(_:source:in:)``).
public enum SceneTarget: Sendable, Hashable {
    /// The window already showing the link's content, else the active one, else a new one.
    case automatic
    /// The active window (a new one when none is active).
    case activeScene
    /// This window, when connected (`false` otherwise).
    case scene(String)
    /// A new window (``WindowRequest``).
    case newWindow
}
