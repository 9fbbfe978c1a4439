/// What URL matching reads of one group: its schemes, its hosts and its mappings' patterns
/// compiled into a ``RouteTrie``. Not generic, so that the whole lookup is compiled for
/// concrete types: ``URLMatcherGroup/match(_:)`` only runs the winning mapping's closure in
/// generic code.
struct URLGroupIndex: Sendable {
    /// The accepted schemes, lowercased.
    let schemes: Set<String>
    /// The accepted hosts, lowercased; `nil` when the group reads the host as the first
    /// path segment.
    let hosts: Set<String>?
    /// The hosts' bytes, compared with a plain host as written (no string made).
    let hostBytes: [[UInt8]]
    /// The mappings' patterns, entry `i` for mapping `i`.
    let trie: RouteTrie

    init(schemes: Set<String>, hosts: Set<String>?, trie: RouteTrie) {
        self.schemes = schemes
        self.hosts = hosts
        self.trie = trie
        hostBytes = (hosts ?? []).sorted().map { Array($0.utf8) }
    }

    /// Whether the group accepts the host `url` names, whose bytes as written are `raw`.
    private func accepts(hostOf url: DeepLinkURL, raw: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let hosts, !raw.isEmpty else { return hosts == nil }
        guard url.hostIsPlain else { return url.host.map(hosts.contains) ?? false }
        return hostBytes.contains { host in
            host.count == raw.count && host.withUnsafeBufferPointer { $0.elementsEqual(raw) }
        }
    }

    /// The mapping a URL selects: its group, its position in the group, and what its
    /// `{name}`s took.
    struct Found {
        let group: Int
        let mapping: Int
        let parameters: [String: String]
    }

    /// The first mapping, group by group in order, whose group accepts the URL's scheme
    /// and host and whose pattern matches its decoded path; or the furthest any group got
    /// (see ``URLNotHandledReason``).
    static func find(_ url: DeepLinkURL, in groups: [URLGroupIndex]) -> Result<Found, URLNotHandledReason> {
        URLSegmentDecoder.withDecoder(for: url) { decoder in
            var schemeAccepted = false
            var hostAccepted = false
            var unmatchedHostLeads = false
            for (position, group) in groups.enumerated() {
                guard group.schemes.contains(url.scheme) else { continue }
                schemeAccepted = true
                let hostIsSegment = group.hosts == nil
                guard group.accepts(hostOf: url, raw: decoder.host) else { continue }
                hostAccepted = true
                let segments: PathSegments
                switch decoder.segments(hostLeads: hostIsSegment) {
                case .success(let decoded): segments = decoded
                case .failure(let reason): return .failure(reason)
                }
                var found: Found?
                group.trie.firstMatch(in: segments) { index, bindings in
                    found = Found(
                        group: position, mapping: index,
                        parameters: group.trie.captures(of: index, bindings, in: segments))
                    return true
                }
                if let found { return .success(found) }
                // Report the path this group matched: with the host in front when the group
                // reads the host as the first segment (`myapp://ITEM/1` is `/ITEM/1`).
                unmatchedHostLeads = hostIsSegment && !url.hostRange.isEmpty
            }
            if !schemeAccepted { return .failure(.unsupportedScheme(url.scheme)) }
            if !hostAccepted { return .failure(.unknownHost(String(url.rawHost))) }
            let path = unmatchedHostLeads ? "/" + url.rawHost + url.encodedPath : String(url.encodedPath)
            return .failure(.noMatchingPath(path))
        }
    }
}
