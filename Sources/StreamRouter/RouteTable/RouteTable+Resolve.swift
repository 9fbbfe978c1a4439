extension RouteTable {
    /// Finds the screen for `path`, following redirects; each redirect is looked up again in
    /// this table. A loop, or more than `maximumRedirects` redirects, throws instead of going
    /// on forever.
    /// - Returns: The screen and final path, or `nil` when no entry matches.
    /// - Throws: ``RouteRedirectError``.
    public func resolve<Screen>(
        _ path: String,
        maximumRedirects: Int = 16
    ) throws(RouteRedirectError) -> ResolvedRoute<Screen>? where Value == RouteDestination<Screen> {
        var current = PathResolver.normalize(path)
        var chain: [String] = []
        while let match = firstMatch(current) {
            switch match.value {
            case .screen(let screen):
                return ResolvedRoute(
                    screen: screen, information: match.information, path: current, redirectedFrom: chain)
            case .redirect(let target):
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
        }
        return nil
    }
}
