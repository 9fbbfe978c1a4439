/// How a ``Router`` shows a route (XRouter's `RouteTransition`), given by
/// ``RouteProvider/transition``.
///
/// ```swift
/// extension RouteTransition {
///     static var heroCrossFade: RouteTransition { .custom(identifier: "HeroCrossFade") }
/// }
/// ```
public enum RouteTransition: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Pushed onto the stack (the default): the topmost presentation's stack while one is
    /// shown, else the base stack.
    case push
    /// The same as ``sheet`` (the name the seed libraries used).
    case modal
    /// Presented as a sheet with a stack of its own, over what is shown (over another
    /// presentation too: sheets stack). Later pushes go onto its stack;
    /// ``Router/dismiss()`` removes it and its stack. See ``Presentation``.
    case sheet
    /// Presented over everything, like ``sheet`` (a full-screen cover in SwiftUI), with a
    /// stack of its own.
    case fullScreen
    /// Replaces the top route of the stack (the topmost presentation's stack while one is
    /// shown; pushed when that stack is empty), as ``Navigator/navigate(_:replace:)``
    /// replaces the current path.
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
        case .sheet: "sheet"
        case .fullScreen: "fullScreen"
        case .replace: "replace"
        case .custom(let identifier): "custom(\(identifier))"
        }
    }

    /// How the transition presents a route: ``PresentationStyle/sheet`` for ``sheet`` and
    /// ``modal``, ``PresentationStyle/fullScreen`` for ``fullScreen``, `nil` for the
    /// transitions that push or replace.
    @inlinable
    public var presentationStyle: PresentationStyle? {
        switch self {
        case .modal, .sheet: .sheet
        case .fullScreen: .fullScreen
        case .push, .replace, .custom: nil
        }
    }
}
