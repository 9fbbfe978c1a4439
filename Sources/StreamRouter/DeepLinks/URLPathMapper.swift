import Synchronization

/// Collects the path mappings of one URL group; the `$0` of
/// `.group("store.example.com") { $0.map("products") { .allProducts } }`.
///
/// A builder, used inside the group's closure: each pattern is checked when it is mapped, and
/// when the closure returns, the group keeps what was collected (mappings added later are
/// ignored).
/// Mappings are tried in declaration order and the first that matches wins, so put specific
/// patterns before general ones. A malformed pattern is not an error at the call site (the
/// closures have no `try`): it is skipped and kept in ``URLMatcherGroup/patternErrors``.
///
/// > Note: Thread-safe, though a group's closure normally runs on one thread.
public final class URLPathMapper<Route: Sendable>: Sendable {
    /// The registered patterns, compiled, what each mapping does, and the patterns that
    /// failed their check.
    struct Collected: Sendable {
        var patterns: [_URLPattern] = []
        var mappings: [_URLMapping<Route>] = []
        /// What makes each mapping's link from a route (`linking:`), `nil` for none.
        var links: [(@Sendable (Route) -> [String: String]?)?] = []
        var patternErrors: [URLPatternError] = []

        /// Compiles `pattern` and appends it with `mapping` and `link`; a malformed pattern is
        /// appended to ``patternErrors`` instead.
        mutating func add(
            _ pattern: String, _ mapping: _URLMapping<Route>, link: (@Sendable (Route) -> [String: String]?)? = nil
        ) {
            do throws(URLPatternError) {
                patterns.append(try _URLPattern(pattern))
            } catch {
                patternErrors.append(error)
                return
            }
            mappings.append(mapping)
            links.append(link)
        }
    }

    let collected = Mutex(Collected())

    init() {}

    /// Maps a path pattern to a fixed route.
    ///
    /// ```swift
    /// $0.map("products") { .allProducts }
    /// $0.map("user/*/logout") { .logout }      // `*` is exactly one segment
    /// ```
    /// - Parameters:
    ///   - pattern: Literal segments, `{name}` parameters and `*` (one segment each), and
    ///     last, `{name...}` for the rest of the path (zero or more segments, joined by `/`);
    ///     leading and trailing `/` mean nothing.
    ///   - route: Makes the route; may throw to refuse the URL (``Router/openURL(_:)``
    ///     then returns `false`).
    public func map(_ pattern: String, _ route: @escaping @Sendable () throws -> Route) {
        map(pattern) { (_: MatchedURL) in try route() }
    }

    /// Maps a path pattern to a route made from the match.
    ///
    /// ```swift
    /// $0.map("user/{id}/profile") { try .profile(id: $0.param("id")) }
    /// $0.map("*/referral") { .referral(url: $0.rawURL) }
    /// ```
    /// - Parameters:
    ///   - pattern: Literal segments, `{name}` parameters and `*` (one segment each), and
    ///     last, `{name...}` for the rest of the path (zero or more segments, joined by `/`);
    ///     leading and trailing `/` mean nothing.
    ///   - route: Makes the route from the ``MatchedURL``; a throw (such as a failed
    ///     ``MatchedURL/param(_:as:)``) makes ``Router/openURL(_:)`` return `false` and
    ///     is published with the reason.
    ///
    public func map(_ pattern: String, _ route: @escaping @Sendable (MatchedURL) throws -> Route) {
        collected.withLock { $0.add(pattern, .route(route)) }
    }

    /// Maps a path pattern to a route made from the match, and says how to make the link of
    /// such a route: the value of each of the pattern's parameters (a rest segment's holds
    /// its `/`s), or `nil` for a route this mapping does not make. ``URLMatcherGroup/url(for:)``
    /// and every router kind's `url(for:)` then give the route's canonical link.
    ///
    /// ```swift
    /// $0.map("user/{id}/profile", linking: { route in
    ///     if case .profile(let id) = route { ["id": "\(id)"] } else { nil }
    /// }) { try .profile(id: $0.param("id")) }
    /// ```
    /// - Parameters:
    ///   - pattern: As for ``map(_:_:)-4vvm3``.
    ///   - link: The parameters of a route's link, `nil` for a route the mapping does not make.
    ///   - route: Makes the route from the ``MatchedURL``, as for ``map(_:_:)-4vvm3``.
    public func map(
        _ pattern: String,
        linking link: @escaping @Sendable (Route) -> [String: String]?,
        _ route: @escaping @Sendable (MatchedURL) throws -> Route
    ) {
        collected.withLock { $0.add(pattern, .route(route), link: link) }
    }

    /// Maps a path pattern to a whole stack (see ``mapStack(_:_:)-6zf5g``), and says how to
    /// make the link of a stack's last route (see ``map(_:linking:_:)``).
    /// - Parameters:
    ///   - pattern: As for ``map(_:_:)-4vvm3``.
    ///   - link: The parameters of the link of a route the stack ends with, `nil` for others.
    ///   - stack: Makes the stack, bottom first, from the ``MatchedURL``.
    public func mapStack(
        _ pattern: String,
        linking link: @escaping @Sendable (Route) -> [String: String]?,
        _ stack: @escaping @Sendable (MatchedURL) throws -> [Route]
    ) {
        collected.withLock { $0.add(pattern, .stack(stack), link: link) }
    }

    /// Maps a path pattern to a route that takes awaiting to make: a remote account found by
    /// a search, a short link resolved by a server.
    ///
    /// ```swift
    /// $0.map("@{handle}") { match async throws in
    ///     try await .account(id: api.searchAccount(try match.param("handle")))
    /// }
    /// ```
    ///
    /// ``Router/openURL(_:)`` awaits the closure before the navigation takes its turn, so a
    /// navigation called meanwhile never waits behind it; the calling task's cancellation
    /// cancels it, and so does, under ``NavigationOptions/Concurrency/latestWins``, a
    /// navigation called meanwhile (`openURL` then returns `false`, with
    /// ``URLNotHandledReason/navigationFailed(_:)`` of ``NavigationError/taskCancelled`` or
    /// ``NavigationError/superseded``). ``URLMatcherGroup/match(_:)``, which is synchronous,
    /// cannot run it: it fails with ``URLNotHandledReason/mappingFailed(pattern:error:)`` and
    /// ``URLAsyncMappingError/needsAwait``; ``Router/canOpen(_:)`` says `true` when the
    /// pattern matches (give the mapping a check, with ``map(_:accepting:_:)``, for a
    /// precise answer).
    /// - Parameters:
    ///   - pattern: As for ``map(_:_:)-4vvm3``.
    ///   - route: Makes the route from the ``MatchedURL``, awaiting what it needs; a throw
    ///     refuses the URL, as for `map`.
    public func map(_ pattern: String, _ route: @escaping @Sendable (MatchedURL) async throws -> Route) {
        collected.withLock {
            $0.add(pattern, .awaited(check: nil, resolve: { [try await route($0)] }, replacesStack: false))
        }
    }

    /// Maps a path pattern to a route that takes awaiting to make, after a synchronous check
    /// of the match: the part of the decision that needs no network.
    ///
    /// ```swift
    /// // An `@user` link on a known instance, not a `www` page: searched for over the network.
    /// $0.map("{handle}", accepting: { (try? $0.param("handle"))?.hasPrefix("@") == true }) { match in
    ///     try await .account(id: api.searchAccount(try match.param("handle")))
    /// }
    /// ```
    ///
    /// ``Router/canOpen(_:)`` answers with the check, and ``Router/openURL(_:)`` runs it
    /// before awaiting the closure: a match it refuses is not handled (`false`, with
    /// ``URLNotHandledReason/mappingFailed(pattern:error:)`` and
    /// ``URLAsyncMappingError/refusedByCheck``). The two then agree but for what only the
    /// await can know (the closure throwing, a guard refusing).
    /// - Parameters:
    ///   - pattern: As for ``map(_:_:)-4vvm3``.
    ///   - check: Whether the mapping takes the match; synchronous, quick, and with no effect.
    ///   - route: Makes the route, as for ``map(_:_:)-9rdeb``.
    public func map(
        _ pattern: String,
        accepting check: @escaping @Sendable (MatchedURL) -> Bool,
        _ route: @escaping @Sendable (MatchedURL) async throws -> Route
    ) {
        collected.withLock {
            $0.add(pattern, .awaited(check: check, resolve: { [try await route($0)] }, replacesStack: false))
        }
    }

    /// Maps a path pattern to a stack that takes awaiting to make (an email click-tracking
    /// link resolved over the network to the page it names), opened as a stack made at
    /// once is (see ``mapStack(_:_:)-6zf5g``), and awaited as
    /// ``map(_:_:)-9rdeb``'s closure is: before the navigation takes its turn, cancelled with
    /// the calling task and, under ``NavigationOptions/Concurrency/latestWins``, by a
    /// navigation called meanwhile (which then changes nothing).
    ///
    /// ```swift
    /// $0.mapStack("mpss/c/{token}") { match async throws in
    ///     let comment = try await api.resolveClick(try match.param("token"))
    ///     return [.project(comment.projectID), .comments(comment.projectID)]
    /// }
    /// ```
    /// - Parameters:
    ///   - pattern: As for ``map(_:_:)-4vvm3``.
    ///   - stack: Makes the stack, bottom first, awaiting what it needs; a throw refuses
    ///     the URL.
    public func mapStack(_ pattern: String, _ stack: @escaping @Sendable (MatchedURL) async throws -> [Route]) {
        collected.withLock { $0.add(pattern, .awaited(check: nil, resolve: stack, replacesStack: true)) }
    }

    /// Maps a path pattern to a stack that takes awaiting to make, after a synchronous check
    /// of the match (see ``map(_:accepting:_:)``, and
    /// ``mapStack(_:_:)-6b5t0`` for the stack).
    /// - Parameters:
    ///   - pattern: As for ``map(_:_:)-4vvm3``.
    ///   - check: Whether the mapping takes the match; synchronous, quick, and with no effect.
    ///   - stack: Makes the stack, bottom first, awaiting what it needs.
    public func mapStack(
        _ pattern: String,
        accepting check: @escaping @Sendable (MatchedURL) -> Bool,
        _ stack: @escaping @Sendable (MatchedURL) async throws -> [Route]
    ) {
        collected.withLock { $0.add(pattern, .awaited(check: check, resolve: stack, replacesStack: true)) }
    }

    /// Maps a path pattern to an action of the app's (toggle a setting, verify an email)
    /// that shows no screen of its own.
    ///
    /// ```swift
    /// $0.mapAction("settings/dark-mode/{on}") { match in
    ///     try await settings.setDarkMode(match.param("on", as: Bool.self))
    /// }
    /// ```
    ///
    /// ``Router/openURL(_:)`` takes a turn for the link as for any link: a navigation
    /// (`navigate(to: [])`, which shows nothing) from the URL, which the guards see
    /// (``PendingNavigation/request``'s `url`) and may refuse or redirect. Once it
    /// completed, the action runs (outside the router's turn, so it may navigate itself);
    /// `openURL` returns `true` when it returns, and
    /// ``RouterEvent/urlHandledByAction(_:pattern:)`` is published. An action that throws
    /// makes `openURL` return `false`, with
    /// ``URLNotHandledReason/mappingFailed(pattern:error:)``. ``Router/canOpen(_:)`` says
    /// `true` when the pattern matches and the `check` (if any) takes the match;
    /// ``URLMatcherGroup/match(_:)`` fails with ``URLAsyncMappingError/performsAction``.
    /// - Parameters:
    ///   - pattern: As for ``map(_:_:)-4vvm3``.
    ///   - check: Whether the mapping takes the match, as for ``map(_:accepting:_:)``;
    ///     none by default.
    ///   - perform: The action.
    public func mapAction(
        _ pattern: String,
        accepting check: (@Sendable (MatchedURL) -> Bool)? = nil,
        _ perform: @escaping @Sendable (MatchedURL) async throws -> Void
    ) {
        collected.withLock { $0.add(pattern, .action(check: check, perform: perform)) }
    }

    /// Maps a path pattern to a whole stack, for links that should build a sensible back
    /// stack instead of pushing on whatever is showing.
    ///
    /// ```swift
    /// $0.mapStack("orders/{id}") { [.orders, .order(id: try $0.param("id"))] }
    /// ```
    ///
    /// Where the stack goes, on every router kind:
    ///
    /// | The stack's first route | ``Router`` and ``SplitRouter`` | ``TabRouter`` |
    /// |---|---|---|
    /// | pushed | replaces the tree (as ``Router/replace(with:)``; a split router's columns in order) | replaces the tree of the tab of its last route |
    /// | presented (`.sheet`, `.fullScreen`) | presented over the current stack, which is kept, the rest pushed inside it | the same, on the tab of its first route, or above the tabs when that route has no tab |
    ///
    /// A single route (``map(_:_:)-4vvm3``) goes where the stack `[route]` would.
    /// ``URLMatcherGroup/match(_:)`` gives the stack's last route (an empty stack fails it
    /// with ``URLStackError/emptyStack``).
    /// - Parameters:
    ///   - pattern: As for ``map(_:_:)-4vvm3``: literal segments,
    ///     `{name}` parameters and `*`.
    ///   - stack: Makes the stack, bottom first, from the ``MatchedURL``; a throw refuses
    ///     the URL, as for `map`.
    public func mapStack(_ pattern: String, _ stack: @escaping @Sendable (MatchedURL) throws -> [Route]) {
        register(stack: stack, for: pattern)
    }

    /// Maps a path pattern to a fixed stack (see
    /// ``mapStack(_:_:)-6zf5g``).
    ///
    /// ```swift
    /// $0.mapStack("orders") { [.home, .orders] }
    /// ```
    public func mapStack(_ pattern: String, _ stack: @escaping @Sendable () throws -> [Route]) {
        register(stack: { (_: MatchedURL) in try stack() }, for: pattern)
    }

    /// Maps a path pattern to a tab of a ``TabRouter`` (`/activity`): the link selects the
    /// tab, keeping its stack, as a tap on the tab bar that does not pop.
    ///
    /// ```swift
    /// $0.mapTab("activity") { _ in AppTab.activity }
    /// ```
    ///
    /// ``TabRouter/openURL(_:)`` dismisses what is presented above the tabs (through its
    /// guards), then selects the tab; a value that is not one of the tab router's tabs is
    /// not handled, with ``URLNotHandledReason/mappingFailed(pattern:error:)`` and
    /// ``URLAsyncMappingError/selectsTab``, and neither is the link on a ``Router`` or
    /// ``SplitRouter``, which have no tabs (``URLMatcherGroup/match(_:)`` fails the same way).
    /// - Parameters:
    ///   - pattern: As for ``map(_:_:)-4vvm3``.
    ///   - tab: The tab, from the ``MatchedURL``; a throw refuses the URL.
    public func mapTab<Tab: Hashable & Sendable>(
        _ pattern: String, _ tab: @escaping @Sendable (MatchedURL) throws -> Tab
    ) {
        collected.withLock { $0.add(pattern, .tab({ try tab($0) })) }
    }

    private func register(stack: @escaping @Sendable (MatchedURL) throws -> [Route], for pattern: String) {
        collected.withLock { $0.add(pattern, .stack(stack)) }
    }
}

/// Why a ``URLPathMapper/mapStack(_:_:)-6zf5g`` mapping gave no route to
/// ``URLMatcherGroup/match(_:)``.
public enum URLStackError: Error, Sendable, Hashable {
    /// The mapping built an empty stack (which ``Router/openURL(_:)`` opens as the root).
    case emptyStack
}

/// Why a mapping that is awaited, performs an action or selects a tab gave no route (see
/// ``URLPathMapper/map(_:_:)-9rdeb``, ``URLPathMapper/mapAction(_:accepting:_:)`` and
/// ``URLPathMapper/mapTab(_:_:)``).
public enum URLAsyncMappingError: Error, Sendable, Hashable {
    /// The mapping must be awaited: ``Router/openURL(_:)`` does.
    case needsAwait
    /// The mapping performs an action and makes no route (see
    /// ``URLPathMapper/mapAction(_:accepting:_:)``): ``Router/openURL(_:)`` performs it.
    case performsAction
    /// The mapping's synchronous check refused the match (see
    /// ``URLPathMapper/map(_:accepting:_:)``).
    case refusedByCheck
    /// The mapping selects a tab (see ``URLPathMapper/mapTab(_:_:)``), and the router has no
    /// such tab.
    case selectsTab
}
