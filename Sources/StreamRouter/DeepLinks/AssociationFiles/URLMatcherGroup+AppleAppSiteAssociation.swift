import Foundation

extension URLMatcherGroup {
    /// The `apple-app-site-association` file for the group's universal links: JSON in the
    /// `applinks.details[].components` form, one component per mapping it can express, in
    /// declaration order, with `*` for each parameter or `*` segment (a partial segment keeps
    /// its prefix and suffix: `@{handle}` is `/@*`); the query and the
    /// fragment play no part, as in matching. Keys are sorted, so the same group always
    /// gives the same bytes.
    ///
    /// ```swift
    /// let aasa = try group.appleAppSiteAssociation(appIDs: ["ABCDE12345.com.example.store"])
    /// // {"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.store"],
    /// //   "components":[{"/":"/orders/*"},{"/":"/products"}]}]}}
    /// ```
    ///
    /// Serve it at `https://<host>/.well-known/apple-app-site-association` on each host of
    /// the group's `https` groups: it lists every such group's paths, so a host also claims
    /// the paths of the other hosts' groups (the app refuses their links, as it does any
    /// other). The mappings it cannot express (custom schemes, hosts read from the path)
    /// are left out and listed by ``appleAppSiteAssociationGaps``.
    ///
    /// > Note: In a component, `*` matches any run of characters, `/` included, where a
    /// > parameter takes exactly one segment: the file may claim more paths than the
    /// > mappings take (`/orders/1/2` for `orders/{id}`); ``Router/openURL(_:)`` answers
    /// > `false` for them.
    /// - Parameter appIDs: The apps, as `TEAMID.bundle.id`.
    /// - Returns: The file's bytes (UTF-8 JSON).
    /// - Throws: ``AssociationFileError`` for no app ID or a malformed one.
    public func appleAppSiteAssociation(appIDs: [String]) throws(AssociationFileError) -> Data {
        guard !appIDs.isEmpty else { throw .noAppIDs }
        for id in appIDs where id.isEmpty || id.unicodeScalars.contains(where: Self.isForbiddenInAppID) {
            throw .malformedAppID(id)
        }
        let components = appleAppSiteAssociationPaths.map { ["/": $0.componentPattern] }
        let file: [String: Any] = ["applinks": ["details": [["appIDs": appIDs, "components": components]]]]
        do {
            return try JSONSerialization.data(
                withJSONObject: file, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        } catch {
            throw .encodingFailed("\(error)")
        }
    }

    private static func isForbiddenInAppID(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\""
    }

    /// The mappings an `apple-app-site-association` file cannot express, in declaration
    /// order: those of groups that accept no `https` or read the host from the path, and
    /// those whose literals hold `*` or `?`.
    public var appleAppSiteAssociationGaps: [AssociationFileGap] {
        associationMappings.compactMap { mapping in
            appleAppSiteAssociationGap(of: mapping).map {
                AssociationFileGap(mapping: mapping.index, pattern: mapping.pattern, reason: $0)
            }
        }
    }

    /// What a served `apple-app-site-association` file leaves out: the mappings it can
    /// express that none of its components covers, and its components that match no
    /// mapping (see ``AppleAppSiteAssociationCoverage``). Components are read in order, as
    /// the system reads them: the first that covers a mapping's every path decides (an
    /// `exclude` one leaves it out); one with a query (`?`) or fragment (`#`) condition never
    /// covers (the mappings ignore both). The older `paths` form (`"NOT /path"`) is read too.
    ///
    /// The file is read strictly, as input the app does not control: a value of the wrong
    /// type (`{"/": 5}`) or a path pattern longer than
    /// ``ServedAssociationFileError/maximumPathLength`` makes it unreadable
    /// (``AppleAppSiteAssociationCoverage/unreadable``). Path patterns are compared by Unicode
    /// scalar (`?` is one scalar; a `*` followed by a combining mark is still a wildcard), in
    /// memory in proportion to a mapping's path, not to the component's, and a bounded stack.
    ///
    /// ```swift
    /// let missing = group.uncoveredMappings(inAppleAppSiteAssociation: served)
    /// #expect(missing.isComplete, "\(missing)")
    /// ```
    /// - Parameter served: The file as served.
    /// - Returns: The coverage; an unreadable file covers nothing.
    public func uncoveredMappings(inAppleAppSiteAssociation served: Data) -> AppleAppSiteAssociationCoverage {
        let expressible = associationMappings.filter { appleAppSiteAssociationGap(of: $0) == nil }
        let paths = expressible.map { AssociationPath(segments: $0.segments[...]) }
        let components: [ServedComponent]
        do throws(ServedAssociationFileError) {
            components = try ServedComponent.read(served)
        } catch {
            let all = zip(expressible, paths).map {
                AppleAppSiteAssociationCoverage.UncoveredMapping(
                    mapping: $0.index, pattern: $0.pattern, component: $1.componentPattern)
            }
            return AppleAppSiteAssociationCoverage(mappings: all, unmatchedComponents: [], unreadable: error)
        }
        var uncovered: [AppleAppSiteAssociationCoverage.UncoveredMapping] = []
        for (mapping, path) in zip(expressible, paths) {
            let decider = components.first { component in
                (component.exclude || !component.hasConditions) && path.isCovered(byGlob: component.glob)
            }
            if decider == nil || decider?.exclude == true {
                uncovered.append(
                    .init(mapping: mapping.index, pattern: mapping.pattern, component: path.componentPattern))
            }
        }
        let unmatched = components.filter { component in
            !component.exclude && !paths.contains { $0.intersects(glob: component.glob) }
        }
        return AppleAppSiteAssociationCoverage(mappings: uncovered, unmatchedComponents: unmatched.map(\.path))
    }

    /// The paths of the mappings the file expresses, in declaration order.
    var appleAppSiteAssociationPaths: [AssociationPath] {
        associationMappings.compactMap { mapping in
            appleAppSiteAssociationGap(of: mapping) == nil ? AssociationPath(segments: mapping.segments[...]) : nil
        }
    }

    /// Why the file cannot express `mapping`, `nil` when it can.
    private func appleAppSiteAssociationGap(of mapping: AssociationMapping<Route>) -> AssociationFileGap.Reason? {
        guard mapping.matcher.schemes.contains("https") else { return .noHTTPS }
        guard let hosts = mapping.matcher.hosts else { return .hostInPath }
        guard !hosts.isEmpty else { return .noHost }
        if let character = AssociationPath(segments: mapping.segments[...]).wildcardCharacter {
            return .wildcardCharacter(character)
        }
        return nil
    }
}

/// One component of a served `apple-app-site-association` file.
struct ServedComponent {
    /// The path pattern (`*` when the component names none: any path).
    let path: String
    /// Its scalars, as the checks read them.
    let glob: [Unicode.Scalar]
    let exclude: Bool
    /// Whether it also sets a query (`?`) or fragment (`#`) condition.
    let hasConditions: Bool

    /// The components of every entry of `applinks.details`, in order. Strict: a value of
    /// the wrong type, or a path pattern longer than
    /// ``ServedAssociationFileError/maximumPathLength``, makes the file unreadable.
    static func read(_ data: Data) throws(ServedAssociationFileError) -> [ServedComponent] {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .notJSON("\(error)")
        }
        guard let root = json as? [String: Any], let applinks = root["applinks"] as? [String: Any],
            let details = applinks["details"] as? [Any]
        else {
            throw .missingDetails
        }
        var components: [ServedComponent] = []
        for (index, detail) in details.enumerated() {
            let location = "applinks.details[\(index)]"
            guard let detail = detail as? [String: Any] else { throw .wrongType(at: location, expected: "an object") }
            if let listed = detail["components"] {
                guard let listed = listed as? [Any] else {
                    throw .wrongType(at: location + ".components", expected: "an array")
                }
                for (index, component) in listed.enumerated() {
                    components.append(try Self(component: component, at: "\(location).components[\(index)]"))
                }
            } else if let paths = detail["paths"] {
                guard let paths = paths as? [Any] else {
                    throw .wrongType(at: location + ".paths", expected: "an array")
                }
                for (index, path) in paths.enumerated() {
                    let location = "\(location).paths[\(index)]"
                    guard let path = path as? String else { throw .wrongType(at: location, expected: "a string") }
                    let excluded = path.hasPrefix("NOT ")
                    let pattern = excluded ? String(path.dropFirst(4)) : path
                    try checkLength(of: pattern, at: location)
                    components.append(ServedComponent(path: pattern, exclude: excluded, hasConditions: false))
                }
            }
        }
        return components
    }

    init(path: String, exclude: Bool, hasConditions: Bool) {
        self.path = path
        glob = Array(path.unicodeScalars)
        self.exclude = exclude
        self.hasConditions = hasConditions
    }

    /// The component `value` of the `components` form, at `location`.
    private init(component value: Any, at location: String) throws(ServedAssociationFileError) {
        guard let component = value as? [String: Any] else { throw .wrongType(at: location, expected: "an object") }
        switch component["/"] {
        case nil: path = "*"
        case let text as String: path = text
        default: throw .wrongType(at: location + #"["/"]"#, expected: "a string")
        }
        try Self.checkLength(of: path, at: location + #"["/"]"#)
        glob = Array(path.unicodeScalars)
        switch component["exclude"] {
        case nil: exclude = false
        case let flag as Bool: exclude = flag
        default: throw .wrongType(at: location + #"["exclude"]"#, expected: "a boolean")
        }
        hasConditions = component["?"] != nil || component["#"] != nil
    }

    private static func checkLength(of path: String, at location: String) throws(ServedAssociationFileError) {
        let length = path.utf8.count
        let limit = ServedAssociationFileError.maximumPathLength
        guard length <= limit else { throw .pathTooLong(at: location, length: length, limit: limit) }
    }
}
