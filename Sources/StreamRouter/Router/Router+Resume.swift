extension Router {
    /// The last navigation a guard redirected, as it was asked (its first operation and its
    /// URL), kept until ``resumeRedirected()`` performs it or ``discardRedirected()`` drops
    /// it; `nil` when there is none.
    ///
    /// It is the request a login screen finishes after a guard sent the user there: see
    /// ``resumeRedirected()``.
    public var redirectedRequest: NavigationRequest<Route>? {
        _storage.read { $0.redirectedRequest }
    }

    /// Performs the last navigation a guard redirected (``redirectedRequest``) again, as a
    /// new navigation through every guard, from the current state; it is no longer kept
    /// once this is called (a guard that redirects it again keeps it again).
    ///
    /// ```swift
    /// router.addGuard(named: "auth") { pending in
    ///     pending.destinations.contains(.checkout) && !session.isLoggedIn ? .redirect(to: .login) : .allow
    /// }
    /// try await router.navigate(to: .checkout)   // shows .login (a modal route)
    /// // in the login screen, once logged in:
    /// try await router.dismiss()
    /// try await router.resumeRedirected()        // shows .checkout, through the guards
    /// ```
    ///
    /// The operation is the one asked (``NavigationOperation/navigate(to:)`` of
    /// `.checkout` above) and keeps its URL for a deep link. It is applied to the state at
    /// the time it runs, so leave the login screen first (dismiss it, or pop it), or resume
    /// with it on the stack. It is a new navigation like any other: under
    /// ``NavigationOptions/Concurrency/latestWins`` it supersedes the navigations waiting.
    /// From inside a guard, preparation or transition handler of this router it throws
    /// ``NavigationError/reentrantNavigation`` at once and keeps the request.
    /// - Returns: `false` when there was nothing to resume (nothing is navigated), `true`
    ///   when the navigation committed.
    /// - Throws: ``NavigationError`` when the resumed navigation is cancelled or fails; the
    ///   state is then unchanged.
    @discardableResult
    public func resumeRedirected() async throws(NavigationError) -> Bool {
        // From inside a hook the navigation fails at once: keep the request for a later call.
        let isReentrant = _isRunningHook
        let kept: NavigationRequest<Route>? = _storage.update { storage, _ in
            isReentrant ? storage.redirectedRequest : storage.redirectedRequest.take()
        }
        guard let kept else { return false }
        // A new navigation like any other: under `.latestWins` it supersedes those waiting.
        try await _run(_enqueue(kept.operation, url: kept.url, source: kept.source))
        return true
    }

    /// Forgets ``redirectedRequest`` (the user gave up logging in, say), so that
    /// ``resumeRedirected()`` does nothing.
    public func discardRedirected() {
        _storage.update { storage, _ in storage.redirectedRequest = nil }
    }
}
