/// How a ``Router`` shows a route (XRouter's `RouteTransition`), given by
/// ``RouteProvider/transition``.
///
/// ```swift
/// extension RouteTransition {
///     static var heroCrossFade: RouteTransition { .custom(identifier: "HeroCrossFade") }
/// }
/// ```
public enum RouteTransition: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Pushed onto the stack (the default).
    case push
    /// Presented over the stack as the router's ``Router/modal``, replacing any presented
    /// modal; the stack is unchanged. ``Router/dismiss()`` removes it.
    case modal
    /// Replaces the top route of the stack (pushed when the stack is empty), as
    /// ``Navigator/navigate(_:replace:)`` replaces the current path.
    case replace
    /// Pushed onto the stack after the handler registered for `identifier` with
    /// ``Router/registerTransition(_:deadline:handler:)`` returns; a handler that throws cancels
    /// the navigation, and a missing handler fails it.
    case custom(identifier: String)

    /// The transition's name, such as `push` or `custom(HeroCrossFade)`.
    public var description: String {
        switch self {
        case .push: "push"
        case .modal: "modal"
        case .replace: "replace"
        case .custom(let identifier): "custom(\(identifier))"
        }
    }
}
