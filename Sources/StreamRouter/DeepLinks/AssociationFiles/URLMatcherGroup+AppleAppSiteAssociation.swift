import Foundation

extension URLMatcherGroup {
    /// The `apple-app-site-association` file for the group's universal links: JSON in the
    /// `applinks.details[].components` form, claiming exactly the paths the mappings take;
    /// keys sorted, so the same group always gives the same bytes.
    ///
    /// ```swift
    /// let aasa = try group.appleAppSiteAssociation(appIDs: ["ABCDE12345.com.example.store"], forHost: "example.com")
    /// // {"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.store"],
    /// //   "components":[{"/":"/orders/*/*","exclude":true},{"/":"/orders/*"},{"/":"/products"}]}]}}
    /// ```
    ///
    /// Each mapping it can express is one component, with `*` for each parameter or `*`
    /// segment (a partial segment keeps its prefix and suffix: `@{handle}` is `/@*`). A
    /// component's `*` matches any run of characters, `/` included, where a parameter takes
    /// one segment; so each such hole is preceded by an `exclude` component for the paths
    /// where it would span several (`/orders/*/*` before `/orders/*`), and the mappings are
    /// listed deepest first, so that no exclusion hides a deeper mapping's paths. A rest
    /// segment (`feed/{path...}`) is `/feed/*` and `/feed`, claiming every depth; its other
    /// holes get no exclusion. The query and the fragment play no part, as in matching.
    ///
    /// Serve one file per host, at `https://<host>/.well-known/apple-app-site-association`:
    /// with `forHost`, the file lists only the mappings of the `https` groups naming that host
    /// (case-insensitive), so a click-tracking host's catch-all claims nothing on the main
    /// site; without, every `https` group's (for an app with one host). The mappings it
    /// cannot express (custom schemes, hosts read from the path) are left out and listed by
    /// ``appleAppSiteAssociationGaps``. ``overclaimedPaths(inAppleAppSiteAssociation:host:)``
    /// checks a served file claims nothing the group refuses.
    /// - Parameters:
    ///   - appIDs: The apps, as `TEAMID.bundle.id`.
    ///   - host: The host the file is served on; `nil` for every host.
    /// - Returns: The file's bytes (UTF-8 JSON).
    /// - Throws: ``AssociationFileError`` for no app ID or a malformed one, or a file larger
    ///   than the system reads (``ServedAssociationFileError/maximumFileSize``).
    public func appleAppSiteAssociation(
        appIDs: [String], forHost host: String? = nil
    ) throws(AssociationFileError) -> Data {
        guard !appIDs.isEmpty else { throw .noAppIDs }
        for id in appIDs where id.isEmpty || id.unicodeScalars.contains(where: Self.isForbiddenInAppID) {
            throw .malformedAppID(id)
        }
        let components: [[String: Any]] = appleAppSiteAssociationComponents(forHost: host).map {
            $0.exclude ? ["/": $0.path, "exclude": true] : ["/": $0.path]
        }
        let file: [String: Any] = ["applinks": ["details": [["appIDs": appIDs, "components": components]]]]
        let data: Data
        do {
            data = try JSONSerialization.data(
                withJSONObject: file, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        } catch {
            throw .encodingFailed("\(error)")
        }
        let limit = ServedAssociationFileError.maximumFileSize
        guard data.count <= limit else { throw .fileTooLarge(size: data.count, limit: limit) }
        return data
    }

    /// The components of the file for `host` (`nil`: every host), in order (see
    /// ``appleAppSiteAssociation(appIDs:forHost:)``).
    func appleAppSiteAssociationComponents(forHost host: String?) -> [(path: String, exclude: Bool)] {
        let host = host?.lowercased()
        let mappings = associationMappings.filter { mapping in
            appleAppSiteAssociationGap(of: mapping) == nil
                && (host.map { mapping.matcher.hosts?.contains($0) ?? false } ?? true)
        }
        func isRest(_ mapping: AssociationMapping<Route>) -> Bool {
            if case .restCapture = mapping.segments.last { true } else { false }
        }
        // Rest segments first (any depth), then the deepest: an exclusion only hides paths
        // deeper than its own mapping's.
        let ordered = mappings.enumerated().sorted { first, second in
            let (a, b) = (first.element, second.element)
            if isRest(a) != isRest(b) { return isRest(a) }
            if a.segments.count != b.segments.count { return a.segments.count > b.segments.count }
            return first.offset < second.offset
        }.map(\.element)
        var components: [(path: String, exclude: Bool)] = []
        for mapping in ordered {
            if isRest(mapping) {
                let prefix = AssociationPath(segments: mapping.segments.dropLast()).componentPattern
                components.append((prefix == "/" ? "/*" : prefix + "/*", false))
                components.append((prefix, false))
                continue
            }
            let path = AssociationPath(segments: mapping.segments[...])
            components += path.spanningHoles.map { ($0, true) }
            components.append((path.componentPattern, false))
        }
        return components
    }

    /// The sample paths a served `apple-app-site-association` file for `host` claims that
    /// no mapping of the group takes: paths made from each mapping (its holes filled with
    /// one segment, with two, one segment deeper) and from each of the file's components
    /// (its `*` filled likewise), each claimed when the first component matching it
    /// (without a query or fragment condition) is not an `exclude` one, and refused when
    /// `https://<host><path>` matches no mapping's pattern. Empty when the file claims
    /// nothing in vain, as far as those samples tell.
    ///
    /// - Parameters:
    ///   - served: The file as served.
    ///   - host: The host it is served on.
    /// - Returns: The claimed paths no mapping takes, in the order they were made.
    /// - Throws: ``ServedAssociationFileError`` when the file cannot be read.
    public func overclaimedPaths(
        inAppleAppSiteAssociation served: Data, host: String
    ) throws(ServedAssociationFileError) -> [String] {
        let components = try ServedComponent.read(served).filter { !$0.hasConditions }
        var samples: [String] = []
        for mapping in associationMappings {
            let path = AssociationPath(segments: mapping.segments[...])
            samples += path.samples
        }
        for component in components {
            samples += AssociationPath.samples(ofGlob: component.path)
        }
        let claimers = ServedComponent.FirstClaimer(components)
        var seen = Set<String>()
        var steps = ServedAssociationFileError.maximumCheckSteps
        var overclaimed: [String] = []
        for sample in samples where seen.insert(sample).inserted {
            guard let claimer = try claimers.first(claiming: sample, steps: &steps), !claimer.exclude,
                let url = URL(string: "https://\(host)\(sample)")
            else { continue }
            switch match(url) {
            case .failure(.noMatchingPath), .failure(.unknownHost): overclaimed.append(sample)
            default: break
            }
        }
        return overclaimed
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
    /// The file is read strictly, as input the app does not control: a file larger than the
    /// system reads (``ServedAssociationFileError/maximumFileSize``), a value of the wrong
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
        // A component written as a mapping's own pattern (every one of a generated file) meets
        // that mapping's paths: a set lookup, where a search of every path would cost each
        // component a glob walk per mapping.
        let own = Set(paths.map(\.componentPattern))
        let unmatched = components.filter { component in
            !component.exclude && !own.contains(component.path)
                && !paths.contains { $0.intersects(glob: component.glob) }
        }
        return AppleAppSiteAssociationCoverage(mappings: uncovered, unmatchedComponents: unmatched.map(\.path))
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

    /// Finds the first of a file's components whose glob matches a path: the components
    /// without a wildcard (`*`, `?`) are looked up by their path, so that only the others are
    /// scanned. A file of many plain paths (the older `paths` form) is so checked in time
    /// linear in its paths.
    struct FirstClaimer {
        let components: [ServedComponent]
        /// The first index of each path without a wildcard, by its scalars.
        let plain: [[Unicode.Scalar]: Int]
        /// The indices of the components with a wildcard, in order.
        let wildcards: [Int]

        init(_ components: [ServedComponent]) {
            self.components = components
            var plain: [[Unicode.Scalar]: Int] = [:]
            var wildcards: [Int] = []
            for (index, component) in components.enumerated() {
                if component.glob.contains(where: { $0 == "*" || $0 == "?" }) {
                    wildcards.append(index)
                } else if plain[component.glob] == nil {
                    plain[component.glob] = index
                }
            }
            self.plain = plain
            self.wildcards = wildcards
        }

        /// The first component whose glob matches `path`, if any, comparing in at most
        /// `steps` steps (see ``AssociationPath/glob(_:matches:steps:)``).
        /// - Throws: ``ServedAssociationFileError/tooCostlyToCheck(steps:)`` when they run out.
        func first(claiming path: String, steps: inout Int) throws(ServedAssociationFileError) -> ServedComponent? {
            let scalars = Array(path.unicodeScalars)
            let exact = plain[scalars] ?? components.count
            for index in wildcards {
                guard index < exact else { break }
                switch AssociationPath.glob(components[index].glob, matches: scalars, steps: &steps) {
                case true?: return components[index]
                case false?: continue
                case nil: throw .tooCostlyToCheck(steps: ServedAssociationFileError.maximumCheckSteps)
                }
            }
            return exact < components.count ? components[exact] : nil
        }
    }

    /// The components of every entry of `applinks.details`, in order. Strict: a file larger
    /// than ``ServedAssociationFileError/maximumFileSize``, a value of the wrong type, or a
    /// path pattern longer than ``ServedAssociationFileError/maximumPathLength`` makes the file
    /// unreadable.
    static func read(_ data: Data) throws(ServedAssociationFileError) -> [ServedComponent] {
        let limit = ServedAssociationFileError.maximumFileSize
        guard data.count <= limit else { throw .fileTooLarge(size: data.count, limit: limit) }
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
