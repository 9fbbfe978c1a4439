import Foundation

/// Where a navigation came from: a tap in the app, a link, a notification, a widget, an App
/// Intent, a relaunch, or a name of the app's own.
///
/// Every ``NavigationRequest`` carries one, and so do ``RouterEvent``s (through their
/// request), journal entries and ``ScreenView``s, so analytics can say how the user reached
/// each screen.
///
/// ```swift
/// try await router.navigate(to: .order(id: 7), source: .notification)
/// await router.openURL(url, source: .widget)
/// try await router.navigate(to: .promo, source: NavigationSource("onboarding-carousel"))
/// ```
///
/// The defaults: ``inApp`` for ``Router/navigate(to:)-(Route)`` and every other verb, ``link``
/// for ``Router/openURL(_:)``, ``restoration`` for ``Router/restore()`` and a state restored at
/// creation. A source is its name: it encodes as that string, and two sources with the same
/// name are equal.
public struct NavigationSource: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The source's name: `"inApp"`, `"link"`, `"notification"`, `"widget"`, `"intent"`,
    /// `"restoration"`, or the app's own.
    public let name: String

    /// A source of the app's own (`"spotlight"`, `"onboarding-carousel"`).
    public init(_ name: String) {
        self.name = name
    }

    /// A source from a string literal: `let source: NavigationSource = "spotlight"`.
    public init(stringLiteral name: String) {
        self.name = name
    }

    /// A navigation the app made itself, such as a tap (the default of every verb but
    /// ``Router/openURL(_:)`` and restoration).
    public static let inApp = NavigationSource("inApp")
    /// A link: a universal link, a custom-scheme URL, Handoff (the default of
    /// ``Router/openURL(_:)``).
    public static let link = NavigationSource("link")
    /// A notification the user tapped.
    public static let notification = NavigationSource("notification")
    /// A widget or a Live Activity.
    public static let widget = NavigationSource("widget")
    /// An App Intent, a Siri request or a Shortcut.
    public static let intent = NavigationSource("intent")
    /// A relaunch: the saved state shown again (the default of ``Router/restore()`` and of a
    /// state restored at creation).
    public static let restoration = NavigationSource("restoration")

    /// The name.
    public var description: String { name }

    /// Decodes the name.
    public init(from decoder: any Decoder) throws {
        name = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the name, as one string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    /// The source a request has when its caller gave none: ``restoration`` for a restore,
    /// ``link`` for a request from a URL, ``inApp`` otherwise.
    @usableFromInline
    static func _default<Route>(for operation: NavigationOperation<Route>, url: URL?) -> NavigationSource {
        if case .restore = operation { return .restoration }
        return url == nil ? .inApp : .link
    }
}
