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
    /// The registered patterns (checked, not compiled: see ``_URLLookup``), the closures that
    /// make their routes, and the patterns that failed their check. Patterns and closures
    /// are kept apart, so that a group's patterns are handed on without a copy.
    @usableFromInline
    struct _Collected: Sendable {
        /// The patterns' texts, one byte array for all (no string per mapping).
        @usableFromInline var patterns = _FlatTexts()
        @usableFromInline var routes: [_URLRouteClosure<Route>] = []
        /// The closures of the mappings made with ``URLPathMapper/mapStack(_:_:)-(URLPathPattern,(MatchedURL)->[Route])``, by the
        /// mapping's number (empty for a group with none).
        @usableFromInline var stacks = [Int: @Sendable (MatchedURL) throws -> [Route]]()
        /// The closures of the mappings made with an `async` closure, by the mapping's number
        /// (empty for a group with none).
        @usableFromInline var asyncRoutes = [Int: @Sendable (MatchedURL) async throws -> Route]()
        @usableFromInline var patternErrors: [URLPatternError] = []

        @inlinable init() {}

        /// Appends a mapping's closure (room for 16 made at the first: a group of 100 grows
        /// the array 4 times, not 8).
        @inlinable
        mutating func _append(_ route: _URLRouteClosure<Route>) {
            if routes.isEmpty { routes.reserveCapacity(16) }
            routes.append(route)
        }
    }

    @usableFromInline let _collected: Mutex<_Collected>

    /// Made in the inlinable body, not as the property's initial value: that is a function of
    /// its own, unspecialised, which looked up two types' metadata per group.
    @inlinable init() {
        _collected = Mutex(_Collected())
    }

    /// Maps a path pattern to a fixed route.
    ///
    /// ```swift
    /// $0.map("products") { .allProducts }
    /// $0.map("user/*/logout") { .logout }      // `*` is exactly one segment
    /// ```
    /// - Parameters:
    ///   - pattern: Literal segments, `{name}` parameters and `*` (one segment each);
    ///     leading and trailing `/` mean nothing. A string literal, interpolations included
    ///     (see ``URLPathPattern``).
    ///   - route: Makes the route; may throw to refuse the URL (``Router/openURL(_:)``
    ///     then returns `false`).
    ///
    /// > Note: Inlinable, as the other `map`.
    @inlinable
    public func map(_ pattern: URLPathPattern, _ route: @escaping @Sendable () throws -> Route) {
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
    ///     leading and trailing `/` mean nothing. A string literal, interpolations included
    ///     (see ``URLPathPattern``).
    ///   - route: Makes the route from the ``MatchedURL``; a throw (such as a failed
    ///     ``MatchedURL/param(_:as:)``) makes ``Router/openURL(_:)`` return `false` and
    ///     is published with the reason.
    ///
    /// > Note: Inlinable, so that registering runs specialised for `Route` in the caller's
    /// > module: compiled generically, each call looked up generic metadata several times
    /// > (the `open-url` cold-start row registers 100 mappings).
    @inlinable
    public func map(_ pattern: URLPathPattern, _ route: @escaping @Sendable (MatchedURL) throws -> Route) {
        _collected.withLock {
            if let error = $0.patterns._appendPattern(pattern) {
                $0.patternErrors.append(error)
            } else {
                $0._append(_URLRouteClosure(route))
            }
        }
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
    public func map(_ pattern: URLPathPattern, _ route: @escaping @Sendable (MatchedURL) async throws -> Route) {
        _collected.withLock {
            if let error = $0.patterns._appendPattern(pattern) {
                $0.patternErrors.append(error)
                return
            }
            $0.asyncRoutes[$0.routes.count] = route
            $0._append(_URLRouteClosure { _ in throw URLAsyncMappingError.needsAwait })
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
    public func mapStack(_ pattern: URLPathPattern, _ stack: @escaping @Sendable (MatchedURL) throws -> [Route]) {
        register(stack: stack, for: pattern)
    }

    /// Maps a path pattern to a fixed stack that replaces the current one (see
    /// ``mapStack(_:_:)-(URLPathPattern,(MatchedURL)->[Route])``).
    ///
    /// ```swift
    /// $0.mapStack("orders") { [.home, .orders] }
    /// ```
    public func mapStack(_ pattern: URLPathPattern, _ stack: @escaping @Sendable () throws -> [Route]) {
        register(stack: { (_: MatchedURL) in try stack() }, for: pattern)
    }

    private func register(stack: @escaping @Sendable (MatchedURL) throws -> [Route], for pattern: URLPathPattern) {
        _collected.withLock {
            if let error = $0.patterns._appendPattern(pattern) {
                $0.patternErrors.append(error)
                return
            }
            $0.stacks[$0.routes.count] = stack
            $0._append(
                _URLRouteClosure { match in
                    guard let last = try stack(match).last else { throw URLStackError.emptyStack }
                    return last
                })
        }
    }
}

// The same mappings for a pattern held in a `String` (a literal picks the `URLPathPattern`
// ones, which keep it without a string).
extension URLPathMapper {
    /// Maps a path pattern held in a `String` to a fixed route (see ``map(_:_:)-4vvm3``).
    @_disfavoredOverload
    public func map(_ pattern: String, _ route: @escaping @Sendable () throws -> Route) {
        map(URLPathPattern(pattern), route)
    }

    /// Maps a path pattern held in a `String` to a route made from the match (see
    /// ``map(_:_:)-4vvm3``).
    @_disfavoredOverload
    public func map(_ pattern: String, _ route: @escaping @Sendable (MatchedURL) throws -> Route) {
        map(URLPathPattern(pattern), route)
    }

    /// Maps a path pattern held in a `String` to a route that takes awaiting to make (see
    /// ``map(_:_:)-9rdeb``).
    @_disfavoredOverload
    public func map(_ pattern: String, _ route: @escaping @Sendable (MatchedURL) async throws -> Route) {
        map(URLPathPattern(pattern), route)
    }

    /// Maps a path pattern held in a `String` to a whole stack (see
    /// ``mapStack(_:_:)-(URLPathPattern,(MatchedURL)->[Route])``).
    @_disfavoredOverload
    public func mapStack(_ pattern: String, _ stack: @escaping @Sendable (MatchedURL) throws -> [Route]) {
        mapStack(URLPathPattern(pattern), stack)
    }

    /// Maps a path pattern held in a `String` to a fixed stack (see
    /// ``mapStack(_:_:)-(URLPathPattern,(MatchedURL)->[Route])``).
    @_disfavoredOverload
    public func mapStack(_ pattern: String, _ stack: @escaping @Sendable () throws -> [Route]) {
        mapStack(URLPathPattern(pattern), stack)
    }
}

extension _FlatTexts {
    /// Appends the text of `pattern` when it is a valid URL pattern; otherwise appends nothing
    /// and returns why it is not (what a mapping of it keeps in
    /// ``URLMatcherGroup/patternErrors``).
    ///
    /// > Note: Checks with ``_URLPattern/isValid(_:)`` first and builds the error only for
    /// > a malformed pattern: returning the optional error from every check cost each
    /// > mapping a copy of it (the `open-url` cold-start row registers 100 mappings).
    @usableFromInline
    mutating func _appendPattern(_ pattern: URLPathPattern) -> URLPatternError? {
        let appended = pattern.withBytes { bytes in
            guard _URLPattern.isValid(bytes) else { return false }
            append(bytes)
            return true
        }
        return appended ? nil : pattern.withBytes { _URLPattern.error(in: $0) }
    }
}

/// Why a ``URLPathMapper/mapStack(_:_:)-(URLPathPattern,(MatchedURL)->[Route])`` mapping gave no route to
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
