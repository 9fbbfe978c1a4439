import Foundation

extension URLMatcherGroup where Route: Equatable {
    /// The canonical link of `route`: made by the first mapping that says how
    /// (``URLPathMapper/map(_:linking:_:)``), those of groups accepting `https` first, with
    /// its group's first host (`https://store.example.com/user/3/profile`; a custom scheme's
    /// group that reads the host from the path gives `myapp://user/3/profile`), each
    /// parameter percent-encoded. A link is given only when it opens `route` again:
    /// ``match(_:)`` of it yields `route`, and a browser or `URL.standardized` leaves its path
    /// as it is (no segment is `.` or `..`, which they remove, encoded or not).
    ///
    /// ```swift
    /// group.url(for: .profile(id: 3))   // https://store.example.com/user/3/profile
    /// ```
    /// - Parameter route: Any route.
    /// - Returns: Its link, or `nil` when no mapping makes one that opens it (no mapping says
    ///   how, a parameter is missing or empty, a segment would be `.` or `..`, or an earlier
    ///   mapping takes the link).
    public func url(for route: Route) -> URL? {
        let mappings = associationMappings
        let order = mappings.indices.filter { links[$0] != nil }.sorted { first, second in
            let (a, b) = (
                mappings[first].matcher.schemes.contains("https"), mappings[second].matcher.schemes.contains("https")
            )
            return a != b ? a : first < second
        }
        for index in order {
            guard let parameters = links[index]?(route),
                let url = Self.link(of: mappings[index], parameters),
                case .success(let opened) = match(url), opened == route
            else { continue }
            return url
        }
        return nil
    }

    /// The `https` links ``url(for:)`` makes for `routes` that a served
    /// `apple-app-site-association` file does not claim: for each, the first of the file's
    /// components (without a query or fragment condition) whose path matches the link's path
    /// is an `exclude` one, or none matches. Such a link opens the browser, not the app.
    ///
    /// ```swift
    /// let served = try group.appleAppSiteAssociation(appIDs: ["ABCDE12345.com.example.app"])
    /// try group.unclaimedLinks(for: [.profile(id: 3)], inAppleAppSiteAssociation: served)   // []
    /// ```
    /// - Parameters:
    ///   - routes: The routes whose links are checked (those without a link, or with a link of
    ///     another scheme, are skipped).
    ///   - served: The file as served on the links' host.
    /// - Returns: The unclaimed links, in the order of `routes`.
    /// - Throws: ``ServedAssociationFileError`` when the file cannot be read.
    public func unclaimedLinks(
        for routes: [Route], inAppleAppSiteAssociation served: Data
    ) throws(ServedAssociationFileError) -> [URL] {
        let claimers = ServedComponent.FirstClaimer(try ServedComponent.read(served).filter { !$0.hasConditions })
        // The app's links, not paths made from the file: the steps are bounded by the file's
        // size times theirs.
        var steps = Int.max
        var unclaimed: [URL] = []
        for route in routes {
            guard let link = url(for: route), link.scheme == "https" else { continue }
            let claimer = try claimers.first(claiming: link.path(percentEncoded: true), steps: &steps)
            if claimer.map({ $0.exclude }) ?? true { unclaimed.append(link) }
        }
        return unclaimed
    }

    /// The link `mapping` makes with `parameters`, `nil` when one is missing or empty, or when
    /// a segment is a dot segment (`.`, `..`), which URL parsers resolve away.
    private static func link(of mapping: AssociationMapping<Route>, _ parameters: [String: String]) -> URL? {
        var segments: [String] = []
        for segment in mapping.segments {
            switch segment {
            case .literal(let text):
                segments.append(encoded(text))
            case .capture(let name), .optionalCapture(let name):
                guard let value = parameters[name], !value.isEmpty else { return nil }
                segments.append(encoded(value))
            case .partialCapture(let prefix, let name, let suffix):
                guard let value = parameters[name], !value.isEmpty else { return nil }
                segments.append(encoded(prefix) + encoded(value) + encoded(suffix))
            case .skip:
                guard let value = parameters["*"], !value.isEmpty else { return nil }
                segments.append(encoded(value))
            case .rest:
                return nil
            case .restCapture(let name):
                guard let value = parameters[name] else { return nil }
                segments += value.split(separator: "/").map { encoded(String($0)) }
            }
        }
        guard !segments.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        let group = mapping.matcher
        let scheme = group.schemes.contains("https") ? "https" : group.schemes.sorted().first ?? "https"
        let path = segments.joined(separator: "/")
        guard let host = group.firstHost else {
            return path.isEmpty ? nil : URL(string: "\(scheme)://\(path)")
        }
        return URL(string: "\(scheme)://\(host)/\(path)")
    }

    /// `text` with everything but the unreserved characters percent-encoded, so that it
    /// reads back as one segment holding `text`.
    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static var unreserved: CharacterSet {
        CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    }
}
