/// Why following a table's redirects failed.
public struct RouteRedirectError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// A redirect led back to a path already visited.
        case loop
        /// More redirects than allowed in a row.
        case tooManyRedirects(limit: Int)
    }

    /// The paths visited, in order, ending with the one that closed the loop or passed
    /// the limit.
    public let chain: [String]
    /// What went wrong.
    public let reason: Reason

    /// A sentence for logs with the chain: `Redirect loop: /a -> /b -> /a`.
    public var description: String {
        switch reason {
        case .loop: "Redirect loop: \(chain.joined(separator: " -> "))"
        case .tooManyRedirects(let limit): "More than \(limit) redirects: \(chain.joined(separator: " -> "))"
        }
    }
}
