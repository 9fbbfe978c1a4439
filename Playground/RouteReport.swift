import StreamRouter

/// A few route patterns of the demo app, and a printout of the navigator's state: the
/// current path, the history sizes and which patterns match, with their parameters.
struct RouteReport {
    /// The globs shown after every step.
    static let globs = ["/", "/news/:id?", "/news/:id", "/settings/*"]

    private let patterns: [PathPattern]

    /// Compiles ``globs``; a glob that fails to compile is reported and left out.
    init() {
        var patterns: [PathPattern] = []
        for glob in Self.globs {
            do {
                patterns.append(try PathPattern(glob))
            } catch {
                print("error: \(error)")
            }
        }
        self.patterns = patterns
    }

    /// Prints the state of `navigator`.
    func show(_ navigator: Navigator) {
        let path = navigator.path
        print("  at \(path)  (back: \(navigator.historyStackSize), forward: \(navigator.forwardStackSize))")
        let matches = patterns.compactMap { pattern in pattern.match(path).map { (pattern, $0) } }
        guard !matches.isEmpty else {
            print("    no pattern matches")
            return
        }
        let width = patterns.map(\.description.count).max() ?? 0
        for (pattern, information) in matches {
            let glob = pattern.description
            let padding = String(repeating: " ", count: max(width - glob.count, 0))
            let parameters = information.parameters.sorted { $0.key < $1.key }.map { "  \($0.key)=\($0.value)" }
            print("    \(glob)\(padding)  matches  path=\(information.path)\(parameters.joined())")
        }
    }

    /// Prints the route table of ``globs`` (each entry with its index and conflict) and the
    /// conflicts of the store app's deep links.
    func showRoutes() {
        let table = RouteTable(patterns.enumerated().map { ($0.element, $0.offset) })
        for line in table.debugDescription.split(separator: "\n") {
            print("  \(line)")
        }
        let links = StoreRoute.registerURLs()?.conflicts ?? []
        let described = links.isEmpty ? "no conflicts" : links.map(\.description).joined(separator: "; ")
        print("  store app deep links: \(described)")
    }
}
