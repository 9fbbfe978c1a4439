import Foundation

/// The compiled groups of a ``URLMatcherGroup``, in the order they are tried, and what
/// each mapping's match reports. Not generic, so that the whole lookup, up to the
/// ``MatchedURL`` the winning closure receives, is compiled for concrete types; the
/// group's `match` only runs that closure.
@usableFromInline
final class _URLLookup: Sendable {
    /// The groups, in the order they are tried, as declared (for diagnostics).
    let groups: [URLGroup]
    /// What the walk tries: the groups, with each run of consecutive groups that accept the
    /// same schemes and hosts (the groups of an app's feature modules on its one host) as one
    /// group, their patterns in order in one trie: one walk of the path, whatever the number
    /// of such groups, and the same first match.
    private let steps: [URLGroup]
    /// The number, in the flat list of every group's mappings, of each step's first one.
    private let firstMappings: [Int]

    /// The groups, tried in this order.
    init(_ groups: [URLGroup]) {
        self.groups = groups
        var runs: [[URLGroup]] = []
        for group in groups {
            if let last = runs.last?.last, last.acceptsTheSameURLs(as: group) {
                runs[runs.count - 1].append(group)
            } else {
                runs.append([group])
            }
        }
        steps = runs.map { $0.count == 1 ? $0[0] : URLGroup(merging: $0) }
        var firstMappings: [Int] = []
        var count = 0
        for step in steps {
            firstMappings.append(count)
            count += step.compiledPatterns.count
        }
        self.firstMappings = firstMappings
    }

    /// One group's lookup: its schemes (`nil`: ``URLGroup/webSchemes``) and hosts (`nil`: the
    /// host is read as the first path segment), its compiled patterns and those that failed
    /// their check.
    convenience init(schemes: [String]?, hosts: [String]?, patterns: [_URLPattern], patternErrors: [URLPatternError]) {
        self.init([
            URLGroup(
                schemes: schemes ?? URLGroup.webSchemes, hosts: hosts, patterns: patterns, patternErrors: patternErrors)
        ])
    }

    /// Why the walk over the groups found no mapping: how far it got.
    private enum Miss: Error {
        /// A segment could not be decoded or holds a control character.
        case refused(URLNotHandledReason)
        case unsupportedScheme
        case unknownHost
        /// Some group accepted the scheme and host but no path; `hostLeads` when the last
        /// one reads the host as the first segment.
        case noMatchingPath(hostLeads: Bool)
    }

    /// The first mapping, group by group in order, whose group accepts the URL's scheme
    /// and host and whose pattern matches its decoded path.
    /// - Returns: The mapping, by its number in the flat list of every group's mappings,
    ///   and what its closure receives.
    /// - Throws: The furthest any group got (see ``URLNotHandledReason``).
    @usableFromInline
    func find(_ rawURL: URL) throws(URLNotHandledReason) -> (mapping: Int, match: MatchedURL) {
        guard !groups.isEmpty else { throw .noURLsRegistered }
        // The closure hands a refusal out through `refusal`.
        var refusal: URLNotHandledReason?
        let matched = DeepLinkURL.withParts(of: rawURL) {
            text, parts -> (group: Int, entry: Int, values: [String])? in
            func written(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
            }
            do throws(Miss) {
                return try URLSegmentDecoder.withDecoder(of: text, parts: parts) { decoder throws(Miss) in
                    try walk(&decoder, hostIsPlain: parts.hostIsPlain)
                }
            } catch {
                switch error {
                case .refused(let reason):
                    refusal = reason
                case .unsupportedScheme:
                    refusal = .unsupportedScheme(written(parts.scheme).lowercased())
                case .unknownHost:
                    refusal = .unknownHost(written(parts.host))
                case .noMatchingPath(let hostLeads):
                    refusal = .noMatchingPath(
                        hostLeads ? "/" + written(parts.host) + written(parts.path) : written(parts.path))
                }
                return nil
            }
        }
        guard let matched else { throw refusal ?? .noURLsRegistered }
        let pattern = steps[matched.group].compiledPatterns[matched.entry]
        let match = MatchedURL(
            rawURL: rawURL, pattern: pattern.text, names: pattern.parameterNames, values: matched.values)
        return (firstMappings[matched.group] + matched.entry, match)
    }

    /// Tries the steps in order on the decoder's URL.
    private func walk(
        _ decoder: inout URLSegmentDecoder, hostIsPlain: Bool
    ) throws(Miss) -> (group: Int, entry: Int, values: [String]) {
        var schemeAccepted = false
        var hostAccepted = false
        var unmatchedHostLeads = false
        for position in steps.indices {
            let group = steps[position]
            guard group.accepts(scheme: decoder.scheme) else { continue }
            schemeAccepted = true
            let hostIsSegment = group.hostLeadsPath
            guard group.accepts(host: decoder.host, isPlain: hostIsPlain) else { continue }
            hostAccepted = true
            let segments: PathSegments
            do throws(URLNotHandledReason) {
                segments = try decoder.segments(hostLeads: hostIsSegment)
            } catch {
                throw .refused(error)
            }
            if let matched = group.trie.firstCaptures(in: segments) {
                return (position, matched.entry, matched.values)
            }
            // Report the path this group matched: with the host in front when the group
            // reads the host as the first segment (`myapp://ITEM/1` is `/ITEM/1`).
            unmatchedHostLeads = hostIsSegment && !decoder.host.isEmpty
        }
        if !schemeAccepted { throw .unsupportedScheme }
        if !hostAccepted { throw .unknownHost }
        throw .noMatchingPath(hostLeads: unmatchedHostLeads)
    }
}
