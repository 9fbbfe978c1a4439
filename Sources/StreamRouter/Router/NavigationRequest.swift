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
    public var url: URL? { urlBox?.url }
    /// The operations this attempt was redirected from, oldest first; empty when a guard
    /// has not redirected it.
    public let redirectedFrom: [NavigationOperation<Route>]
    /// ``url``, boxed: `URL`'s layout is known only inside Foundation, so a request holding
    /// one inline would be copied and destroyed through runtime calls every time (a
    /// navigation copies its request several times; measured by the Benchmarks' `open-url`
    /// row).
    @usableFromInline let urlBox: URLBox?

    /// Creates a request (for tests of guards).
    @inlinable
    public init(
        id: UInt64,
        operation: NavigationOperation<Route>,
        url: URL? = nil,
        redirectedFrom: [NavigationOperation<Route>] = []
    ) {
        self.id = id
        self.operation = operation
        urlBox = url.map { URLBox($0) }
        self.redirectedFrom = redirectedFrom
    }

    /// The same attempt, redirected to `operation`.
    func redirected(to operation: NavigationOperation<Route>) -> Self {
        Self(id: id, operation: operation, urlBox: urlBox, redirectedFrom: redirectedFrom + [self.operation])
    }

    private init(
        id: UInt64, operation: NavigationOperation<Route>, urlBox: URLBox?, redirectedFrom: [NavigationOperation<Route>]
    ) {
        self.id = id
        self.operation = operation
        self.urlBox = urlBox
        self.redirectedFrom = redirectedFrom
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

/// A URL in a box of its own (see ``NavigationRequest/urlBox``); equal and hashed as the
/// URL, so requests compare their URLs.
@usableFromInline
final class URLBox: Sendable, Hashable {
    @usableFromInline let url: URL

    @inlinable
    init(_ url: URL) {
        self.url = url
    }

    @usableFromInline
    static func == (lhs: URLBox, rhs: URLBox) -> Bool {
        lhs.url == rhs.url
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(url)
    }
}
