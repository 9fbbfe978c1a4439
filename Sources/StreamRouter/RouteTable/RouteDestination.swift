/// What a route table entry leads to: a screen, or a redirect to another path
/// (SwiftUIRouter's `Navigate(to:)` inside `SwitchRoutes`).
///
/// ```swift
/// let table = RouteTable<RouteDestination<String>>([
///     (try PathPattern("/news/*"), .screen("news")),
///     (try PathPattern("/old-news/*"), .redirect(to: "/news")),
/// ])
/// try table.resolve("/old-news/5")?.path     // "/news"
/// ```
public enum RouteDestination<Screen: Sendable>: Sendable {
    /// Show this screen.
    case screen(Screen)
    /// Go to this path instead, resolved against the matched route's path (so `".."` and
    /// relative paths work as in a nested `Navigate(to:)`).
    case redirect(to: String)
}

/// The screen a path leads to once a table's redirects are followed.
public struct ResolvedRoute<Screen: Sendable>: Sendable {
    /// The screen.
    public let screen: Screen
    /// What the screen's pattern matched.
    public let information: RouteInformation
    /// The final path, after redirects.
    public let path: String
    /// The paths redirected from, in order (empty when there was no redirect).
    public let redirectedFrom: [String]
}

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

extension RouteTable {
    /// Finds the screen for `path`, following redirects; each redirect is looked up again in
    /// this table. A loop, or more than `maximumRedirects` redirects, throws instead of going
    /// on forever.
    /// - Returns: The screen and final path, or `nil` when no entry matches.
    /// - Throws: ``RouteRedirectError``.
    public func resolve<Screen>(
        _ path: String,
        maximumRedirects: Int = 16
    ) throws(RouteRedirectError) -> ResolvedRoute<Screen>? where Value == RouteDestination<Screen> {
        var current = PathResolver.normalize(path)
        var chain: [String] = []
        while let match = firstMatch(current) {
            switch match.value {
            case .screen(let screen):
                return ResolvedRoute(
                    screen: screen, information: match.information, path: current, redirectedFrom: chain)
            case .redirect(let target):
                chain.append(current)
                let next = match.information.resolve(target)
                if chain.contains(next) {
                    throw RouteRedirectError(chain: chain + [next], reason: .loop)
                }
                guard chain.count <= maximumRedirects else {
                    throw RouteRedirectError(chain: chain + [next], reason: .tooManyRedirects(limit: maximumRedirects))
                }
                current = next
            }
        }
        return nil
    }
}

extension Navigator {
    /// Navigates to `path`, first following `table`'s redirects: the history gets the final
    /// path, once (a redirect replaces, it does not add an entry). Resolving against the
    /// current path, following the redirects and committing happen in one critical section,
    /// so a concurrent navigation can never come in between.
    /// - Throws: ``RouteRedirectError`` for a redirect loop; the navigator is then unchanged.
    /// - Returns: The published action, or `nil` when nothing changed (or ``policy`` rejects
    ///   the path).
    @discardableResult
    public func navigate<Screen>(
        _ path: String,
        replace: Bool = false,
        redirectsIn table: RouteTable<RouteDestination<Screen>>
    ) throws(RouteRedirectError) -> NavigationAction? {
        try navigate(path, replace: replace) { target throws(RouteRedirectError) in
            try table.resolve(target)?.path ?? target
        }
    }

    /// The screen for the current path, then for each change, with `table`'s redirects
    /// followed: a path that reaches a redirect yields the final screen, whose
    /// ``ResolvedRoute/path`` is the path it redirects to and whose
    /// ``ResolvedRoute/redirectedFrom`` is not empty. A redirect loop yields a failure.
    ///
    /// The stream only reports: it never navigates (every subscriber would otherwise apply
    /// the redirect once). Navigate with ``navigate(_:replace:redirectsIn:)`` and the history
    /// never holds a redirecting path; to correct one reached another way (a path restored
    /// from an older version), navigate to the reported path yourself:
    ///
    /// ```swift
    /// for await resolution in navigator.screens(in: table) {
    ///     if case .success(let route?) = resolution, !route.redirectedFrom.isEmpty {
    ///         navigator.navigate(route.path, replace: true)
    ///     }
    /// }
    /// ```
    public func screens<Screen>(
        in table: RouteTable<RouteDestination<Screen>>,
        bufferingPolicy: BufferingPolicy = .unbounded
    ) -> some AsyncSequence<Result<ResolvedRoute<Screen>?, RouteRedirectError>, Never> & Sendable {
        paths(bufferingPolicy: bufferingPolicy).map { path in
            Result { () throws(RouteRedirectError) in try table.resolve(path) }
        }
    }
}
