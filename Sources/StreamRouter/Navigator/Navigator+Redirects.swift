extension Navigator {
    /// Navigates to `path`, first following `table`'s redirects: the history gets the final
    /// path, once (a redirect replaces, it does not add an entry), whether or not an entry
    /// of `table` matches it. Resolving against the
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
            try table.followingRedirects(target).path
        }
    }

    /// The screen for the current path, then for each change, with `table`'s redirects
    /// followed: a path that reaches a redirect yields the final screen, whose
    /// ``ResolvedRoute/path`` is the path it redirects to and whose
    /// ``ResolvedRoute/redirectedFrom`` is not empty. A redirect loop yields a failure; a
    /// path with no screen, or a redirect to one, yields `nil`.
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
    ///
    /// Unbounded by default (`bufferingPolicy`): an unread stream keeps every path since it
    /// subscribed, about 25 bytes each plus the path's text, resolved when read.
    public func screens<Screen>(
        in table: RouteTable<RouteDestination<Screen>>,
        bufferingPolicy: BufferingPolicy = .unbounded
    ) -> some AsyncSequence<Result<ResolvedRoute<Screen>?, RouteRedirectError>, Never> & Sendable {
        paths(bufferingPolicy: bufferingPolicy).map { path in
            Result { () throws(RouteRedirectError) in try table.resolve(path) }
        }
    }
}
