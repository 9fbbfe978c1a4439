/// One compiled URL group: the schemes and hosts it accepts and its path mappings, in
/// declaration order. Made by the `group` builders of ``URLMatcherGroup``.
///
/// The mappings' patterns are checked when registered and compiled into a ``_RouteTrie``
/// (the engine of route tables) once the group has been matched a few times (see
/// ``_URLLookup``), so a lookup walks the URL's decoded segments instead of testing every
/// pattern in turn, and returns the first mapping in declaration order that matches.
///
/// Not public: users name groups (``URLMatcherGroup``), never one compiled group.
package struct URLMatcher<Route: Sendable>: Sendable {
    /// The schemes `http` and `https`, accepted by groups that name no scheme.
    package static var webSchemes: Set<String> { ["http", "https"] }

    /// The accepted schemes, lowercased.
    package var schemes: Set<String> { index.schemes }
    /// The accepted hosts, lowercased; `nil` when the group reads the host as the first
    /// path segment instead (custom-scheme links such as `myapp://user/5/profile`).
    package var hosts: Set<String>? { index.hosts }
    /// The patterns that failed to compile; their mappings never match.
    package let patternErrors: [URLPatternError]

    /// The registered patterns, in declaration order (malformed ones left out), and the
    /// closures that make their routes, the same order.
    package let patterns: [String]
    let routes: [@Sendable (MatchedURL) throws -> Route]
    /// The closures of the stack mappings, by the mapping's number in the group.
    let stacks: [Int: @Sendable (MatchedURL) throws -> [Route]]
    /// The closures of the `async` mappings, by the mapping's number in the group.
    let asyncRoutes: [Int: @Sendable (MatchedURL) async throws -> Route]
    /// What matching reads of the group besides its patterns: the schemes and the hosts.
    let index: URLGroupIndex

    init(schemes: [String], hosts: [String]?, build: (URLPathMapper<Route>) -> Void) {
        let mapper = URLPathMapper<Route>()
        build(mapper)
        (patterns, routes, stacks, asyncRoutes) = mapper.mappings
        patternErrors = mapper.patternErrors
        index = URLGroupIndex(
            schemes: Set(schemes.map { $0.lowercased() }),
            hosts: hosts.map { Set($0.map { $0.lowercased() }) }
        )
    }
}
