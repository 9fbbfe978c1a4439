extension RouteTable {
    /// Finds the screen for `path`, following redirects; each redirect is looked up again in
    /// this table. A loop, or more than `maximumRedirects` redirects, throws instead of going
    /// on forever.
    /// - Returns: The screen and final path, or `nil` when no screen's entry matches the
    ///   path, or the path a redirect led to.
    /// - Throws: ``RouteRedirectError``.
    public func resolve<Screen>(
        _ path: String,
        maximumRedirects: Int = 16
    ) throws(RouteRedirectError) -> ResolvedRoute<Screen>? where Value == RouteDestination<Screen> {
        let end = try followingRedirects(path, maximumRedirects: maximumRedirects)
        guard let match = end.match, case .screen(let screen) = match.value else { return nil }
        return ResolvedRoute(screen: screen, information: match.information, path: end.path, redirectedFrom: end.chain)
    }

    /// Where `path` ends once the redirects are followed: the first path no redirect
    /// matches, with the screen entry matching it (`nil` when none does) and the paths
    /// redirected from.
    func followingRedirects<Screen>(
        _ path: String,
        maximumRedirects: Int = 16
    ) throws(RouteRedirectError) -> (path: String, match: Match?, chain: [String])
    where Value == RouteDestination<Screen> {
        var current = PathResolver.normalize(path)
        var chain: [String] = []
        while let match = firstMatch(current) {
            guard case .redirect(let target) = match.value else { return (current, match, chain) }
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
        return (current, nil, chain)
    }
}
