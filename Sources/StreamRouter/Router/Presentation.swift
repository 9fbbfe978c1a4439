/// How a ``Presentation`` is shown: the two ways SwiftUI presents a view with a stack of
/// its own (`.sheet(item:)` and `.fullScreenCover(item:)`).
public enum PresentationStyle: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// A sheet (``RouteTransition/sheet`` and ``RouteTransition/modal``).
    case sheet
    /// A cover over everything (``RouteTransition/fullScreen``).
    case fullScreen

    /// `sheet` or `fullScreen`.
    public var description: String { rawValue }
}

/// A presented route and the stack pushed inside it: one level of a router's navigation
/// tree above its base stack.
///
/// ```swift
/// try await router.navigate(to: .settings)       // a `.sheet` route: presented
/// try await router.navigate(to: .pane("a"))      // pushed inside the sheet
/// router.presentations                           // [Presentation(.settings, style: .sheet, stack: [.pane("a")])]
/// ```
///
/// A router's ``Router/presentations`` are bottom first: each is presented over the one
/// before it, the first over the base stack. Pushes go onto the topmost one's stack;
/// ``Router/dismiss()`` removes the topmost one with its stack.
public struct Presentation<Route: RouteProvider>: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The presented route.
    public var route: Route
    /// How it is presented.
    public var style: PresentationStyle
    /// The routes pushed inside it, bottom first; empty at its root.
    public var stack: [Route]

    /// A presentation of `route`, with `stack` pushed inside it.
    public init(_ route: Route, style: PresentationStyle = .sheet, stack: [Route] = []) {
        self.route = route
        self.style = style
        self.stack = stack
    }

    private enum CodingKeys: String, CodingKey {
        case route, style, stack
    }

    /// Decodes `route`, `style` and `stack`. When a router restores it, the stack's length
    /// is checked against the policy's ``InputPolicy/maximumHistoryEntries`` before any
    /// route is decoded.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let limit = _RestoredEntryLimit.limit(in: decoder) {
            try _RestoredEntryLimit.check(_RestoredEntryLimit.count(of: container, at: .stack), limit: limit)
        }
        route = try container.decode(Route.self, forKey: .route)
        style = try container.decode(PresentationStyle.self, forKey: .style)
        stack = try container.decode([Route].self, forKey: .stack)
    }

    /// The route, its style and its stack, such as `sheet settings [pane(a)]`.
    public var description: String {
        "\(style) \(route) [" + stack.map { "\($0)" }.joined(separator: ", ") + "]"
    }
}
