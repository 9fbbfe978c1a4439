/// One change of a navigator's current path, as published on ``Navigator/actions``.
///
/// Two actions are equal when their `currentPath`, `previousPath` and `action` are equal
/// (``direction`` follows from the paths).
public struct NavigationAction: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What moved the navigator.
    public enum Action: String, Sendable, Hashable, Codable, CaseIterable {
        /// A new path was navigated to (also for `navigate(_:replace: true)`).
        case push
        /// The navigator went back in its history.
        case back
        /// The navigator went forward in its history.
        case forward
    }

    /// Where the new path lies relative to the previous one.
    public enum Direction: String, Sendable, Hashable, Codable, CaseIterable {
        /// The new path is a descendant of the previous one: `/news` -> `/news/latest`,
        /// `/` -> `/hello`, `/a` -> `/a/b/c`.
        case deeper
        /// Same parent, same depth: `/movies/actors` -> `/movies/genres`,
        /// `/news` -> `/newsletter`. Also a move that lands on the same path.
        case sideways
        /// Anything else: `/movies/genres` -> `/movies`, `/movies/genres` -> `/news/latest`.
        case higher
    }

    /// The path after the action.
    public var currentPath: String { current.string }
    /// The path before the action.
    public var previousPath: String { previous.string }
    /// What moved the navigator.
    public let action: Action

    private let current: PathText
    private let previous: PathText

    /// Creates an action. Paths are taken as given (the navigator passes normalised ones).
    public init(currentPath: String, previousPath: String, action: Action) {
        current = .string(currentPath)
        previous = .string(previousPath)
        self.action = action
    }

    /// Creates an action whose paths are built when first read, each time: a router's path
    /// is its whole stack joined, so building it for every navigation would cost O(stack)
    /// per navigation, and every buffered event would hold a copy.
    @usableFromInline
    init(
        currentPath: @escaping @Sendable () -> String,
        previousPath: @escaping @Sendable () -> String,
        action: Action
    ) {
        current = .deferred(currentPath)
        previous = .deferred(previousPath)
        self.action = action
    }

    /// Whether both actions are the same move between the same paths.
    public static func == (lhs: NavigationAction, rhs: NavigationAction) -> Bool {
        lhs.action == rhs.action && lhs.currentPath == rhs.currentPath && lhs.previousPath == rhs.previousPath
    }

    /// Hashes the paths and the kind of move.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(currentPath)
        hasher.combine(previousPath)
        hasher.combine(action)
    }

    private enum CodingKeys: String, CodingKey {
        case currentPath, previousPath, action
    }

    /// Decodes `currentPath`, `previousPath` and `action`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            currentPath: try container.decode(String.self, forKey: .currentPath),
            previousPath: try container.decode(String.self, forKey: .previousPath),
            action: try container.decode(Action.self, forKey: .action)
        )
    }

    /// Encodes `currentPath`, `previousPath` and `action`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(currentPath, forKey: .currentPath)
        try container.encode(previousPath, forKey: .previousPath)
        try container.encode(action, forKey: .action)
    }

    /// A path given as a string, or built on demand.
    private enum PathText: Sendable {
        case string(String)
        case deferred(@Sendable () -> String)

        var string: String {
            switch self {
            case .string(let string): string
            case .deferred(let build): build()
            }
        }
    }

    /// Where ``currentPath`` lies relative to ``previousPath``.
    public var direction: Direction {
        Direction(from: previousPath, to: currentPath)
    }

    /// The action as one line for logs: `push /news -> /news/42 (deeper)`.
    public var description: String {
        "\(action) \(previousPath) -> \(currentPath) (\(direction))"
    }
}

extension NavigationAction.Direction {
    /// The direction of a move between two normalised, absolute paths.
    public init(from previous: String, to current: String) {
        let previousBytes = Array(previous.utf8)
        let currentBytes = Array(current.utf8)
        let slash = UInt8(ascii: "/")
        if previousBytes == currentBytes {
            self = .sideways
        } else if previousBytes == [slash] {
            self = .deeper
        } else if currentBytes.count > previousBytes.count,
            currentBytes.starts(with: previousBytes),
            currentBytes[previousBytes.count] == slash
        {
            self = .deeper
        } else if currentBytes.count > 1,
            let previousParent = previousBytes.lastIndex(of: slash),
            let currentParent = currentBytes.lastIndex(of: slash),
            previousParent == currentParent,
            previousBytes[..<previousParent] == currentBytes[..<currentParent]
        {
            self = .sideways
        } else {
            self = .higher
        }
    }
}
