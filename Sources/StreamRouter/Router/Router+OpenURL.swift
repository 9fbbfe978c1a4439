import Foundation

// `openURL` and the steps it takes are `@inlinable`, like the pipeline (the Performance
// design article).
extension Router {
    /// Opens a deep link: matches `url` against ``urlMatchers`` and navigates to the route
    /// it maps to (pushed, or presented for a `.sheet` route), or, for a mapping made with
    /// ``URLPathMapper/mapStack(_:_:)-(String,(MatchedURL)->[Route])``, replaces the tree with the stack it builds;
    /// returns after that navigation ends.
    ///
    /// ```swift
    /// let handled = await router.openURL(URL(string: "https://store.example.com/user/3/profile")!)
    /// ```
    ///
    /// Untrusted URLs are safe: anything unknown or malformed is a `false`, never a crash,
    /// and a URL the router's ``policy`` rejects (too long, control characters) is never
    /// matched.
    /// Each `false` publishes ``RouterEvent/urlNotHandled(_:reason:)`` saying why (unknown
    /// scheme, host or path, a parameter that did not convert, a failed navigation). The
    /// mapping runs when this is called, so the navigation takes its turn in call order.
    ///
    /// While ``holdURLs(expiringAfter:)`` is in effect, a URL that passes the input policy
    /// and matches a pattern is held: this call waits until ``releaseURLs()`` opens it
    /// (then returns whether it was handled), it expires (`false`, reason
    /// ``URLNotHandledReason/expired``) or the calling task is cancelled (`false`, reason
    /// ``URLNotHandledReason/navigationFailed(_:)`` with
    /// ``NavigationError/taskCancelled``). A link that comes while the hold keeps
    /// ``InputPolicy/maximumHeldURLs`` links already is not held: `false` at once, reason
    /// ``URLNotHandledReason/tooManyHeld(limit:)``.
    ///
    /// - Parameter url: The URL, as received.
    /// - Returns: `true` when a route was navigated to (possibly another one, if a guard
    ///   redirected), `false` otherwise.
    @inlinable
    @discardableResult
    public func openURL(_ url: URL) async -> Bool {
        if _urlHold.isHolding {
            return await _openURLWhileHoldingSlowPath(url)
        }
        guard let found = _reportingMappingFound(for: url) else { return false }
        if _isAsyncMapping(found), let resolved = await _resolveAsyncMapping(url, found) {
            return await _open(url, resolved)
        }
        guard let request = _beginOpening(url, found: found) else { return false }
        return await _finishOpening(url, request)
    }

    /// Navigates to the route an `async` mapping resolved, or publishes why there is none.
    @usableFromInline
    func _open(_ url: URL, _ resolved: Result<Route, URLNotHandledReason>) async -> Bool {
        switch resolved {
        case .success(let route):
            return await _finishOpening(url, _enqueue(.navigate(to: [route]), url: url))
        case .failure(let reason):
            _publishNotHandled(url, reason)
            return false
        }
    }

    /// Awaits the mapping `found` for `url` (after the input policy) when it is `async`:
    /// `nil` for any other. Runs the closure in a task of its own, cancelled with the
    /// calling task, and, under ``NavigationOptions/Concurrency/latestWins``, by a
    /// navigation called before it ends.
    @usableFromInline
    func _resolveAsyncMapping(
        _ url: URL, _ found: (mapping: Int, match: MatchedURL)
    ) async -> Result<Route, URLNotHandledReason>? {
        guard let resolve = urlMatchers?._asyncRoutes[found.mapping] else { return nil }
        let match = found.match
        let work = Task { () async -> Result<Route, any Error> in
            do {
                return .success(try await resolve(match))
            } catch {
                return .failure(error)
            }
        }
        let superseded = _Locked(false)
        // Called by a later navigation, after it took this out of `urlResolutions` (unlocked).
        let supersede: @Sendable () -> Void = {
            superseded.withLock { $0 = true }
            work.cancel()
        }
        let id = urlResolutions.withLock { $0.add(supersede) }
        let result = await withTaskCancellationHandler {
            await work.value
        } onCancel: {
            work.cancel()
        }
        urlResolutions.withLock { $0.remove(id) }
        if superseded.withLock({ $0 }) {
            return .failure(.navigationFailed(.superseded))
        }
        if Task.isCancelled {
            return .failure(.navigationFailed(.taskCancelled))
        }
        return result.mapError { URLMatcherGroup<Route>._reason(for: $0, in: match) }
    }

    /// Cancels every `async` mapping being awaited (a navigation was called under
    /// ``NavigationOptions/Concurrency/latestWins``).
    @usableFromInline
    func _supersedeURLResolutions() {
        let cancels = urlResolutions.withLock { $0.removeAll() }
        for cancel in cancels {
            cancel()
        }
    }

    /// Matches `url` and enqueues its navigation, or publishes why it is not handled.
    @inlinable
    func _beginOpening(_ url: URL) -> NavigationRequest<Route>? {
        guard let found = _reportingMappingFound(for: url) else { return nil }
        return _beginOpening(url, found: found)
    }

    /// Enqueues the navigation of a URL that passed the input policy and whose mapping was
    /// found (a held link, when it is released): runs the mapping closure only.
    @inlinable
    func _beginOpening(_ url: URL, found: (mapping: Int, match: MatchedURL)) -> NavigationRequest<Route>? {
        guard let urlMatchers else { return nil }
        if let stack = urlMatchers._stack(for: found) {
            return _beginOpening(url, stack: stack)
        }
        switch urlMatchers._route(for: found) {
        case .success(let route):
            return _enqueue(.navigate(to: [route]), url: url)
        case .failure(let reason):
            _publishNotHandled(url, reason)
            return nil
        }
    }

    /// Enqueues the navigation of a URL mapped with ``URLPathMapper/mapStack(_:_:)-(String,(MatchedURL)->[Route])``: the
    /// stack replaces the tree.
    @usableFromInline
    func _beginOpening(_ url: URL, stack: Result<[Route], URLNotHandledReason>) -> NavigationRequest<Route>? {
        switch stack {
        case .success(let routes):
            return _enqueue(.replace(with: routes), url: url)
        case .failure(let reason):
            _publishNotHandled(url, reason)
            return nil
        }
    }

    /// Runs the navigation of an opened URL.
    /// - Returns: Whether it committed.
    @inlinable
    func _finishOpening(_ url: URL, _ request: NavigationRequest<Route>) async -> Bool {
        do {
            try await _run(request)
            return true
        } catch {
            _publishNotHandled(url, .navigationFailed(error))
            return false
        }
    }

    @usableFromInline
    func _publishNotHandled(_ url: URL, _ reason: URLNotHandledReason) {
        _storage.update { _, publish in publish(.urlNotHandled(url, reason: reason)) }
    }

    /// Whether ``openURL(_:)`` would handle `url` were no guard to refuse it: the input
    /// policy, the matching and the mapping closure, synchronously, with no navigation and
    /// no event (for SwiftUI's `OpenURLAction`, which must answer at once). A parameter
    /// that does not convert is `false`, as for ``openURL(_:)``.
    ///
    /// ```swift
    /// .environment(\.openURL, OpenURLAction { url in
    ///     guard router.canOpen(url) else { return .systemAction }
    ///     Task { await router.openURL(url) }
    ///     return .handled
    /// })
    /// ```
    public func canOpen(_ url: URL) -> Bool {
        guard let found = try? _mappingFound(for: url), let urlMatchers else { return false }
        if _isAsyncMapping(found) {
            return true  // its closure must be awaited: the pattern matches
        }
        if let stack = urlMatchers._stack(for: found) {
            return (try? stack.get()) != nil
        }
        return (try? urlMatchers._route(for: found).get()) != nil
    }
}
