import Foundation
import Synchronization

/// The URLs a ``RouteProvider`` answers to: groups of hosts (and schemes) with path
/// patterns, each mapped to a route (XRouter's `URLMatcherGroup`).
///
/// ```swift
/// static func registerURLs() -> URLMatcherGroup<AppRoute>? {
///     .init(matchers: [
///         .group(["example.com", "store.example.com"]) {
///             $0.map("products") { .allProducts }
///             $0.map("products/{category}/view") { try .products(category: $0.param("category")) }
///             $0.map("user/*/logout") { .logout }
///         },
///         .group(scheme: "myapp") {                  // myapp://user/5/profile
///             $0.map("user/{id}/profile") { try .profile(id: $0.param("id")) }
///         },
///     ])
/// }
/// ```
///
/// How a URL is matched:
/// - Groups are tried in order; within a group, the first mapping in declaration order
///   that matches wins. A group that accepts the scheme and host but has no matching path
///   falls through to the next group, so a host may be listed in several groups.
/// - Scheme and host are case-insensitive; the port and user info are ignored. Groups
///   accept `http` and `https` unless they name their schemes; other schemes (`myapp`)
///   only where a group names them.
/// - A group made with ``group(scheme:hosts:_:)`` and no hosts reads the host as the first
///   path segment (`myapp://user/5/profile` has the path `user/5/profile`;
///   `myapp:///user/5/profile` too), lowercased, since a host is case-insensitive:
///   `MYAPP://USER/5/profile` opens the same route. Write the first segment of such a
///   group's patterns in lowercase: a capitalised one (`Home/{id}`) matches only the form
///   without a host (`myapp:///Home/5`), never `myapp://Home/5`.
/// - The path must match whole, never a prefix. Empty segments are dropped, so a trailing
///   or doubled slash changes nothing; the query and the fragment play no part.
/// - The path is split on `/` first, then each segment is percent-decoded exactly once:
///   `%2F` never makes a new segment and `%2e%2e` is the text `..`, never a step up. Dot
///   segments are not resolved, encoded or not: they are ordinary segments. Literal
///   segments compare case-sensitively with the decoded text.
/// - Untrusted input never crashes: anything that does not match is an answer of
///   ``URLNotHandledReason``, including a segment that is not valid percent-encoded UTF-8.
///
/// > Note: A group is an immutable value; ``Router`` reads `Route.registerURLs()` once, when
/// > it is created. Its patterns are compiled when they are registered (a malformed one is
/// > in ``patternErrors`` at once), and into one trie when the group is made.
public struct URLMatcherGroup<Route: Sendable>: Sendable {
    /// What matching reads of every group: the compiled groups, in the order they are
    /// tried.
    @usableFromInline let _lookup: _URLLookup
    /// Every group's mappings, one group after the other (the numbering of
    /// ``_URLLookup/find(_:)``).
    @usableFromInline let _mappings: [_URLMapping<Route>]
    /// What makes each mapping's link from a route, by the same numbering.
    let links: [(@Sendable (Route) -> [String: String]?)?]
    /// The feature module each mapping came from (see ``module(_:through:)``), by the same
    /// numbering; `nil` for the app's own mappings.
    let moduleNames: [String?]

    /// The compiled groups, in the order they are tried (for tests and diagnostics).
    package var groups: [URLGroup] { _lookup.groups }

    /// Joins groups, tried in the given order.
    ///
    /// - Parameter matchers: Groups, usually made with the `group` builders.
    public init(matchers: [URLMatcherGroup<Route>]) {
        guard matchers.count != 1 else {
            self = matchers[0]
            return
        }
        _lookup = _URLLookup(matchers.flatMap { $0.groups })
        _mappings = matchers.flatMap { $0._mappings }
        links = matchers.flatMap { $0.links }
        moduleNames = matchers.flatMap { $0.moduleNames }
    }

    /// A group made of compiled parts (a module's group lifted into the app's).
    init(
        lookup: _URLLookup, mappings: [_URLMapping<Route>], links: [(@Sendable (Route) -> [String: String]?)?],
        moduleNames: [String?]
    ) {
        _lookup = lookup
        _mappings = mappings
        self.links = links
        self.moduleNames = moduleNames
    }

    /// One group: its schemes (`nil`: `http` and `https`) and hosts, and the mappings `build`
    /// registers.
    init(schemes: [String]?, hosts: [String]?, build: (URLPathMapper<Route>) -> Void) {
        let mapper = URLPathMapper<Route>()
        build(mapper)
        let collected = mapper.collected.withLock { $0 }
        _lookup = _URLLookup(
            schemes: schemes, hosts: hosts, patterns: collected.patterns, patternErrors: collected.patternErrors)
        _mappings = collected.mappings
        links = collected.links
        moduleNames = Array(repeating: nil, count: collected.mappings.count)
    }

    /// A group for one host, over `http` and `https`.
    ///
    /// - Parameters:
    ///   - host: The host, case-insensitive (`"store.example.com"`).
    ///   - mapPaths: Registers the path mappings on the `$0` mapper.
    public static func group(_ host: String, _ mapPaths: (URLPathMapper<Route>) -> Void) -> Self {
        group([host], mapPaths)
    }

    /// A group for several hosts, over `http` and `https`.
    ///
    /// - Parameters:
    ///   - hosts: The hosts, case-insensitive.
    ///   - mapPaths: Registers the path mappings on the `$0` mapper.
    public static func group(_ hosts: [String], _ mapPaths: (URLPathMapper<Route>) -> Void) -> Self {
        Self(schemes: nil, hosts: hosts, build: mapPaths)
    }

    /// A group for one scheme, such as a custom `myapp` scheme.
    ///
    /// - Parameters:
    ///   - scheme: The scheme, case-insensitive.
    ///   - hosts: The accepted hosts; `nil` (the default) reads the host as the first path
    ///     segment, as custom-scheme links usually do (`myapp://user/5` is path `user/5`).
    ///   - mapPaths: Registers the path mappings on the `$0` mapper.
    public static func group(
        scheme: String,
        hosts: [String]? = nil,
        _ mapPaths: (URLPathMapper<Route>) -> Void
    ) -> Self {
        group(schemes: [scheme], hosts: hosts, mapPaths)
    }

    /// A group for the given schemes and hosts.
    ///
    /// - Parameters:
    ///   - schemes: The schemes, case-insensitive; `http` and `https` are accepted only if
    ///     listed.
    ///   - hosts: The accepted hosts; `nil` reads the host as the first path segment.
    ///   - mapPaths: Registers the path mappings on the `$0` mapper.
    public static func group(
        schemes: [String],
        hosts: [String]? = nil,
        _ mapPaths: (URLPathMapper<Route>) -> Void
    ) -> Self {
        Self(schemes: schemes, hosts: hosts, build: mapPaths)
    }

    /// The patterns that failed to compile, in every group; their mappings never match.
    /// Expect it empty in a test.
    public var patternErrors: [URLPatternError] {
        groups.flatMap(\.patternErrors)
    }

    /// The route `url` maps to, or why it maps to none. Pure: navigates nowhere and
    /// publishes nothing (``Router/openURL(_:)`` does both).
    ///
    /// - Parameter url: Any URL, trusted or not.
    /// - Returns: The route the first matching mapping made, or the reason no mapping did.
    ///
    /// > Note: Inlinable, so that the little generic code of a match (running the winning
    /// > closure) is compiled for `Route` in the caller's module; unspecialised, it asked the
    /// > runtime for generic metadata on every match (the `open-url` benchmark).
    @inlinable
    public func match(_ url: URL) -> Result<Route, URLNotHandledReason> {
        let found: (mapping: Int, match: MatchedURL)
        do throws(URLNotHandledReason) {
            found = try _lookup.find(url)
        } catch {
            return .failure(error)
        }
        return _route(for: found)
    }

    /// The route the mapping `found` (from ``_URLLookup/find(_:)``) makes, or why it makes
    /// none.
    @inlinable
    func _route(for found: (mapping: Int, match: MatchedURL)) -> Result<Route, URLNotHandledReason> {
        do {
            return .success(try _mappings[found.mapping].route(for: found.match))
        } catch {
            return .failure(Self._reason(for: error, in: found.match))
        }
    }

    /// Why a mapping closure that threw for `match` did not handle its URL.
    @usableFromInline
    static func _reason(for error: any Error, in match: MatchedURL) -> URLNotHandledReason {
        if let error = error as? URLParameterError {
            return .parameterConversionFailed(error)
        }
        return .mappingFailed(pattern: match.pattern, error: error)
    }

    /// The stack the mapping `found` makes when it was made with
    /// ``URLPathMapper/mapStack(_:_:)-6zf5g``, `nil` for any other.
    @usableFromInline
    func _stack(for found: (mapping: Int, match: MatchedURL)) -> Result<[Route], URLNotHandledReason>? {
        guard case .stack(let stack) = _mappings[found.mapping] else { return nil }
        do {
            return .success(try stack(found.match))
        } catch {
            return .failure(Self._reason(for: error, in: found.match))
        }
    }
}
