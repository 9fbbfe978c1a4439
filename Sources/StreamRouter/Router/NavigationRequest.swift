import Foundation

/// One navigation attempt on a ``Router``, as guards and ``Router/events`` see it.
public struct NavigationRequest<Route: RouteProvider>: Sendable, Hashable, CustomStringConvertible {
    /// Identifies the attempt: unique per router, increasing in call order, and kept by
    /// the requests a guard redirects it to.
    public var id: UInt64 { _fields.id }
    /// What is asked.
    public var operation: NavigationOperation<Route> { _fields.operation }
    /// The URL that led here through ``Router/openURL(_:)``, `nil` for a direct call;
    /// kept across redirects.
    public var url: URL? { _fields.url }
    /// The operations this attempt was redirected from, oldest first; empty when a guard
    /// has not redirected it.
    public var redirectedFrom: [NavigationOperation<Route>] { _fields.redirectedFrom }
    /// Where the navigation came from (a tap, a link, a notification, ...; see
    /// ``NavigationSource``); kept across redirects.
    public var source: NavigationSource { _fields.source }
    /// The fields, boxed: a navigation copies its request into each event and step (a box,
    /// see the Performance design article).
    @usableFromInline let _fields: _Fields

    /// Creates a request (for tests of guards).
    /// - Parameters:
    ///   - id: The attempt's id.
    ///   - operation: What is asked.
    ///   - url: The URL that led here, if any.
    ///   - redirectedFrom: The operations it was redirected from, oldest first.
    ///   - source: Where it came from; `nil` (the default) for the source a router gives
    ///     such a request: ``NavigationSource/restoration`` for a restore,
    ///     ``NavigationSource/link`` with a `url`, ``NavigationSource/inApp`` otherwise.
    @inlinable
    public init(
        id: UInt64,
        operation: NavigationOperation<Route>,
        url: URL? = nil,
        redirectedFrom: [NavigationOperation<Route>] = [],
        source: NavigationSource? = nil
    ) {
        _fields = _Fields(
            id: id, operation: operation, url: url, redirectedFrom: redirectedFrom,
            source: source ?? ._default(for: redirectedFrom.first ?? operation, url: url))
    }

    /// The same attempt, redirected to `operation`.
    func redirected(to operation: NavigationOperation<Route>) -> Self {
        Self(id: id, operation: operation, url: url, redirectedFrom: redirectedFrom + [self.operation], source: source)
    }

    /// The same attempt, asking `operation` instead (decided at its turn).
    @inlinable
    func deciding(_ operation: NavigationOperation<Route>) -> Self {
        Self(id: id, operation: operation, url: url, redirectedFrom: redirectedFrom, source: source)
    }

    /// A request's fields; equal and hashed by value.
    @usableFromInline
    final class _Fields: Sendable, Hashable {
        @usableFromInline let id: UInt64
        @usableFromInline let operation: NavigationOperation<Route>
        @usableFromInline let url: URL?
        @usableFromInline let redirectedFrom: [NavigationOperation<Route>]
        @usableFromInline let source: NavigationSource

        @inlinable
        init(
            id: UInt64, operation: NavigationOperation<Route>, url: URL?, redirectedFrom: [NavigationOperation<Route>],
            source: NavigationSource
        ) {
            self.id = id
            self.operation = operation
            self.url = url
            self.redirectedFrom = redirectedFrom
            self.source = source
        }

        @usableFromInline
        static func == (lhs: _Fields, rhs: _Fields) -> Bool {
            lhs === rhs
                || (lhs.id == rhs.id && lhs.operation == rhs.operation && lhs.url == rhs.url
                    && lhs.redirectedFrom == rhs.redirectedFrom && lhs.source == rhs.source)
        }

        @usableFromInline
        func hash(into hasher: inout Hasher) {
            hasher.combine(id)
            hasher.combine(operation)
            hasher.combine(url)
            hasher.combine(redirectedFrom)
            hasher.combine(source)
        }
    }

    /// The id, the operation, the URL and the redirects, for logs.
    public var description: String {
        var text = "#\(id) \(operation)"
        if let url { text += " from \(url.absoluteString.excerptForLogs)" }
        if source != ._default(for: redirectedFrom.first ?? operation, url: url) { text += " (source \(source))" }
        if !redirectedFrom.isEmpty {
            text += " (redirected from \(redirectedFrom.map(\.description).joined(separator: " -> ")))"
        }
        return text
    }
}
