import Foundation

// `openURL` and the steps it takes are `@inlinable`, like the pipeline (the Performance
// design article).
extension Router {
    /// Opens a deep link: matches `url` against ``urlMatchers`` and navigates to the route
    /// it maps to (pushed, or presented for a `.sheet` route), or, for a mapping made with
    /// ``URLPathMapper/mapStack(_:_:)-6zf5g``, replaces the tree with the stack it builds
    /// (presents it over the current stack when its first route is presented); returns
    /// after that navigation ends.
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
    /// mapping runs when this is called, so the navigation takes its turn in call order; an
    /// `async` mapping is awaited first, and an action
    /// (``URLPathMapper/mapAction(_:accepting:_:)``) runs once the link's turn completed.
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
    ///   redirected) or an action link's action ran; `false` otherwise.
    @inlinable
    @discardableResult
    public func openURL(_ url: URL) async -> Bool {
        await _openURL(url, source: nil)
    }

    /// Opens a deep link as ``openURL(_:)`` does, saying where it came from: a notification,
    /// a widget, an App Intent (``NavigationSource/link`` is the default).
    ///
    /// ```swift
    /// await router.openURL(intentURL, source: .intent)
    /// ```
    /// - Returns: `true` when a route was navigated to, `false` otherwise.
    @inlinable
    @discardableResult
    public func openURL(_ url: URL, source: NavigationSource) async -> Bool {
        await _openURL(url, source: source)
    }

    @inlinable
    func _openURL(_ url: URL, source: NavigationSource?) async -> Bool {
        if _urlHold.isHolding {
            return await _openURLWhileHoldingSlowPath(url, source: source)
        }
        guard let found = _reportingMappingFound(for: url) else { return false }
        if _isAwaitedMapping(found) {
            return await _open(url, _resolveAwaitedMapping(url, found), source: source)
        }
        guard let request = _beginOpening(url, found: found, source: source) else { return false }
        return await _finishOpening(url, request)
    }

    /// What a link's `routes` do: a stack (`mapStack`) whose first route is pushed replaces
    /// the tree; one whose first route is presented, like a single route, is shown over the
    /// current stack, which is kept (each route by its transition).
    @inlinable
    static func _linkOperation(_ routes: [Route], _ isStack: Bool) -> NavigationOperation<Route> {
        guard isStack, routes.first?.transition.presentationStyle == nil else { return .navigate(to: routes) }
        return .replace(with: routes)
    }

    /// Opens what a mapping that is awaited or performs an action resolved to, or
    /// publishes why it resolved to nothing.
    @usableFromInline
    func _open(
        _ url: URL, _ resolved: Result<_URLOpening<Route>, URLNotHandledReason>, source: NavigationSource?
    ) async -> Bool {
        switch resolved {
        case .success(.routes(let routes, let replacesStack)):
            return await _finishOpening(
                url, _enqueue(Self._linkOperation(routes, replacesStack), url: url, source: source))
        case .success(.action(let perform, let pattern)):
            // The link's turn, which the guards see, shows nothing; the action runs after it.
            guard await _finishOpening(url, _enqueue(.navigate(to: []), url: url, source: source)) else {
                return false
            }
            do {
                try await perform()
            } catch {
                _publishNotHandled(url, .mappingFailed(pattern: pattern, error: error))
                return false
            }
            _storage.update { _, publish in publish(.urlHandledByAction(url, pattern: pattern)) }
            return true
        case .failure(let reason):
            _publishNotHandled(url, reason)
            return false
        }
    }

    /// What the mapping `found` for `url` opens, whatever its kind (awaited first when it is
    /// `async`, see ``_resolveAwaitedMapping(_:_:)``), or why it opens nothing.
    @usableFromInline
    func _opening(
        _ url: URL, _ found: (mapping: Int, match: MatchedURL)
    ) async -> Result<_URLOpening<Route>, URLNotHandledReason> {
        guard let urlMatchers else { return .failure(.noURLsRegistered) }
        if _isAwaitedMapping(found) {
            return await _resolveAwaitedMapping(url, found)
        }
        if let stack = urlMatchers._stack(for: found) {
            return stack.map { .routes($0, replacesStack: true) }
        }
        return urlMatchers._route(for: found).map { .routes([$0], replacesStack: false) }
    }

    /// Resolves the mapping `found` for `url` (after the input policy), which is awaited or
    /// performs an action: runs its check, then awaits its closure in a task of its own,
    /// cancelled with the calling task, and, under
    /// ``NavigationOptions/Concurrency/latestWins``, by a navigation called before it ends.
    /// An action is not performed here: it is what the link opens.
    @usableFromInline
    func _resolveAwaitedMapping(
        _ url: URL, _ found: (mapping: Int, match: MatchedURL)
    ) async -> Result<_URLOpening<Route>, URLNotHandledReason> {
        let match = found.match
        let resolve: @Sendable (MatchedURL) async throws -> [Route]
        let replacesStack: Bool
        // Registered before the check runs: a navigation called from now on supersedes it.
        let resolution = _Locked<(superseded: Bool, work: Task<Result<[Route], any Error>, Never>?)>((false, nil))
        // Called by a later navigation, after it took this out of `urlResolutions` (unlocked).
        let supersede: @Sendable () -> Void = {
            resolution.withLock { resolution in
                resolution.superseded = true
                return resolution.work
            }?.cancel()
        }
        let id = urlResolutions.withLock { $0.add(supersede) }
        defer { urlResolutions.withLock { $0.remove(id) } }
        switch urlMatchers?._mappings[found.mapping] {
        case .awaited(let check, let resolver, let replaces):
            guard check?(match) ?? true else {
                return .failure(.mappingFailed(pattern: match.pattern, error: URLAsyncMappingError.refusedByCheck))
            }
            (resolve, replacesStack) = (resolver, replaces)
        case .action(let check, let perform):
            guard check?(match) ?? true else {
                return .failure(.mappingFailed(pattern: match.pattern, error: URLAsyncMappingError.refusedByCheck))
            }
            return .success(.action({ try await perform(match) }, pattern: match.pattern))
        case .route, .stack, .tab, nil:
            return .failure(.noURLsRegistered)  // never asked: those open at once
        }
        let work = Task { () async -> Result<[Route], any Error> in
            do {
                return .success(try await resolve(match))
            } catch {
                return .failure(error)
            }
        }
        let supersededAlready = resolution.withLock { resolution in
            resolution.work = work
            return resolution.superseded
        }
        if supersededAlready {
            work.cancel()
        }
        let result = await withTaskCancellationHandler {
            await work.value
        } onCancel: {
            work.cancel()
        }
        if resolution.withLock({ $0.superseded }) {
            return .failure(.navigationFailed(.superseded))
        }
        if Task.isCancelled {
            return .failure(.navigationFailed(.taskCancelled))
        }
        return result.map { .routes($0, replacesStack: replacesStack) }.mapError {
            URLMatcherGroup<Route>._reason(for: $0, in: match)
        }
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
    func _beginOpening(_ url: URL, source: NavigationSource?) -> NavigationRequest<Route>? {
        guard let found = _reportingMappingFound(for: url) else { return nil }
        return _beginOpening(url, found: found, source: source)
    }

    /// Enqueues the navigation of a URL that passed the input policy and whose mapping was
    /// found (a held link, when it is released): runs the mapping closure only.
    @inlinable
    func _beginOpening(
        _ url: URL, found: (mapping: Int, match: MatchedURL), source: NavigationSource?
    ) -> NavigationRequest<Route>? {
        guard let urlMatchers else { return nil }
        if let stack = urlMatchers._stack(for: found) {
            return _beginOpening(url, stack: stack, source: source)
        }
        switch urlMatchers._route(for: found) {
        case .success(let route):
            return _enqueue(.navigate(to: [route]), url: url, source: source)
        case .failure(let reason):
            _publishNotHandled(url, reason)
            return nil
        }
    }

    /// Enqueues the navigation of a URL mapped with ``URLPathMapper/mapStack(_:_:)-6zf5g``
    /// (see ``_linkOperation(_:_:)``).
    @usableFromInline
    func _beginOpening(
        _ url: URL, stack: Result<[Route], URLNotHandledReason>, source: NavigationSource?
    ) -> NavigationRequest<Route>? {
        switch stack {
        case .success(let routes):
            return _enqueue(Self._linkOperation(routes, true), url: url, source: source)
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

    /// The canonical link of `route` (see ``URLMatcherGroup/url(for:)``): for a share
    /// button, Handoff or an App Intent; `nil` when no mapping makes one that opens it.
    public func url(for route: Route) -> URL? {
        urlMatchers?.url(for: route)
    }

    /// Whether ``openURL(_:)`` would handle `url` were no guard to refuse it: the input
    /// policy, the matching and the mapping closure, synchronously, with no navigation and
    /// no event (for SwiftUI's `OpenURLAction`, which must answer at once). A parameter
    /// that does not convert is `false`, as for ``openURL(_:)``. For a mapping that is
    /// awaited or performs an action, the mapping's synchronous check answers (`true` when
    /// it has none): what only the await can know is not known here.
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
        return urlMatchers._mappings[found.mapping].canOpen(found.match)
    }
}
