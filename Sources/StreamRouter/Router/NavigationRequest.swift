import Foundation

/// One navigation attempt on a ``Router``, as guards and ``Router/events`` see it.
public struct NavigationRequest<Route: RouteProvider>: Sendable, Hashable, CustomStringConvertible {
    /// Identifies the attempt: unique per router, increasing in call order, and kept by
    /// the requests a guard redirects it to.
    public let id: UInt64
    /// What is asked.
    public let operation: NavigationOperation<Route>
    /// The URL that led here through ``Router/openURL(_:)``, `nil` for a direct call;
    /// kept across redirects.
    public let url: URL?
    /// The operations this attempt was redirected from, oldest first; empty when a guard
    /// has not redirected it.
    public let redirectedFrom: [NavigationOperation<Route>]

    /// Creates a request (for tests of guards).
    public init(
        id: UInt64,
        operation: NavigationOperation<Route>,
        url: URL? = nil,
        redirectedFrom: [NavigationOperation<Route>] = []
    ) {
        self.id = id
        self.operation = operation
        self.url = url
        self.redirectedFrom = redirectedFrom
    }

    /// The same attempt, redirected to `operation`.
    func redirected(to operation: NavigationOperation<Route>) -> Self {
        Self(id: id, operation: operation, url: url, redirectedFrom: redirectedFrom + [self.operation])
    }

    /// The id, the operation, the URL and the redirects, for logs.
    public var description: String {
        var text = "#\(id) \(operation)"
        if let url { text += " from \(url.absoluteString)" }
        if !redirectedFrom.isEmpty {
            text += " (redirected from \(redirectedFrom.map(\.description).joined(separator: " -> ")))"
        }
        return text
    }
}
