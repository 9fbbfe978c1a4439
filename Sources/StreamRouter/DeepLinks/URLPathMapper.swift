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
    /// The registered patterns, compiled, the closures that make their routes, and the
    /// patterns that failed their check.
    struct Collected: Sendable {
        var patterns: [_URLPattern] = []
        var routes: [@Sendable (MatchedURL) throws -> Route] = []
        /// The closures of the mappings made with ``URLPathMapper/mapStack(_:_:)-(String,(MatchedURL)->[Route])``, by the
        /// mapping's number (empty for a group with none).
        var stacks: [Int: @Sendable (MatchedURL) throws -> [Route]] = [:]
        /// The closures of the mappings made with an `async` closure, by the mapping's number
        /// (empty for a group with none).
        var asyncRoutes: [Int: @Sendable (MatchedURL) async throws -> Route] = [:]
        var patternErrors: [URLPatternError] = []

        /// Compiles `pattern` and appends it with `route`; a malformed pattern is appended to
        /// ``patternErrors`` instead.
        /// - Returns: The mapping's number, `nil` when its pattern is malformed.
        mutating func add(_ pattern: String, _ route: @escaping @Sendable (MatchedURL) throws -> Route) -> Int? {
            do throws(URLPatternError) {
                patterns.append(try _URLPattern(pattern))
            } catch {
                patternErrors.append(error)
                return nil
            }
            routes.append(route)
            return routes.count - 1
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
    ///   - pattern: Literal segments, `{name}` parameters and `*` (one segment each);
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
    ///   - pattern: Literal segments, `{name}` parameters and `*` (one segment each);
    ///     leading and trailing `/` mean nothing.
    ///   - route: Makes the route from the ``MatchedURL``; a throw (such as a failed
    ///     ``MatchedURL/param(_:as:)``) makes ``Router/openURL(_:)`` return `false` and
    ///     is published with the reason.
    ///
    public func map(_ pattern: String, _ route: @escaping @Sendable (MatchedURL) throws -> Route) {
        collected.withLock { _ = $0.add(pattern, route) }
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
    /// pattern matches.
    /// - Parameters:
    ///   - pattern: As for ``map(_:_:)-4vvm3``.
    ///   - route: Makes the route from the ``MatchedURL``, awaiting what it needs; a throw
    ///     refuses the URL, as for `map`.
    public func map(_ pattern: String, _ route: @escaping @Sendable (MatchedURL) async throws -> Route) {
        collected.withLock {
            if let number = $0.add(pattern, { _ in throw URLAsyncMappingError.needsAwait }) {
                $0.asyncRoutes[number] = route
            }
        }
    }

    /// Maps a path pattern to a whole stack that replaces the current one, for links that
    /// should build a sensible back stack instead of pushing on whatever is showing.
    ///
    /// ```swift
    /// $0.mapStack("orders/{id}") { [.orders, .order(id: try $0.param("id"))] }
    /// ```
    ///
    /// ``Router/openURL(_:)`` replaces the router's tree with the stack (as
    /// ``Router/replace(with:)`` does, each route shown by its transition); a
    /// ``TabRouter`` replaces the stack of the tab of its last route; a ``SplitRouter``
    /// fills its columns in order. ``URLMatcherGroup/match(_:)`` gives the stack's last
    /// route (an empty stack fails it with ``URLStackError/emptyStack``).
    /// - Parameters:
    ///   - pattern: As for ``map(_:_:)-4vvm3``: literal segments,
    ///     `{name}` parameters and `*`.
    ///   - stack: Makes the stack, bottom first, from the ``MatchedURL``; a throw refuses
    ///     the URL, as for `map`.
    public func mapStack(_ pattern: String, _ stack: @escaping @Sendable (MatchedURL) throws -> [Route]) {
        register(stack: stack, for: pattern)
    }

    /// Maps a path pattern to a fixed stack that replaces the current one (see
    /// ``mapStack(_:_:)-(String,(MatchedURL)->[Route])``).
    ///
    /// ```swift
    /// $0.mapStack("orders") { [.home, .orders] }
    /// ```
    public func mapStack(_ pattern: String, _ stack: @escaping @Sendable () throws -> [Route]) {
        register(stack: { (_: MatchedURL) in try stack() }, for: pattern)
    }

    private func register(stack: @escaping @Sendable (MatchedURL) throws -> [Route], for pattern: String) {
        let last: @Sendable (MatchedURL) throws -> Route = { match in
            guard let last = try stack(match).last else { throw URLStackError.emptyStack }
            return last
        }
        collected.withLock {
            if let number = $0.add(pattern, last) {
                $0.stacks[number] = stack
            }
        }
    }
}

/// Why a ``URLPathMapper/mapStack(_:_:)-(String,(MatchedURL)->[Route])`` mapping gave no route to
/// ``URLMatcherGroup/match(_:)``.
public enum URLStackError: Error, Sendable, Hashable {
    /// The mapping built an empty stack (which ``Router/openURL(_:)`` opens as the root).
    case emptyStack
}

/// Why ``URLMatcherGroup/match(_:)`` gave no route for a URL whose mapping is `async` (see
/// ``URLPathMapper/map(_:_:)-9rdeb``).
public enum URLAsyncMappingError: Error, Sendable, Hashable {
    /// The mapping must be awaited: ``Router/openURL(_:)`` does.
    case needsAwait
}
