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
    public let currentPath: String
    /// The path before the action.
    public let previousPath: String
    /// What moved the navigator.
    public let action: Action

    /// Creates an action. Paths are taken as given (the navigator passes normalised ones).
    public init(currentPath: String, previousPath: String, action: Action) {
        self.currentPath = currentPath
        self.previousPath = previousPath
        self.action = action
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
