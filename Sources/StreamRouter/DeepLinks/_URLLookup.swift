import Foundation
import Synchronization

/// The compiled groups of a ``URLMatcherGroup``, in the order they are tried, and what
/// each mapping's match reports. Not generic, so that the whole lookup, up to the
/// ``MatchedURL`` the winning closure receives, is compiled for concrete types; the
/// group's `match` only runs that closure.
@usableFromInline
final class _URLLookup: Sendable {
    /// The groups, in the order they are tried.
    let groups: [URLGroup]
    /// The number, in the flat list of every group's mappings, of each group's first one.
    private let firstMappings: [Int]
    /// Per mapping of the flat list: its pattern text, checked when it was registered (what
    /// a lookup scans before the patterns are compiled).
    private let patterns: _FlatTexts
    /// The compiled patterns, once the group has been matched ``scansBeforeCompiling``
    /// times.
    ///
    /// Held as one retained reference in an atomic (released in `deinit`), so that a lookup
    /// reads it with one acquiring load: a `Mutex` cost every lookup a lock, and
    /// `AtomicLazyReference` a generic-metadata lookup (not specialised).
    private let compiled = Atomic<Unmanaged<Compiled>?>(nil)
    /// The lookups so far that scanned the patterns.
    private let scans = Atomic<Int>(0)

    /// How many lookups scan the patterns in turn before they are compiled into tries: a
    /// scan costs a few byte comparisons per mapping, compiling about a microsecond per
    /// mapping, so a router that opens one link (an app launched from it) never compiles,
    /// and one that opens many compiles once, early. Both answer the same.
    static let scansBeforeCompiling = 16

    /// The patterns compiled: one trie per group, entry `i` for the group's mapping `i`,
    /// and each mapping's pattern text and parameter names in the order its pattern names
    /// them.
    private final class Compiled: Sendable {
        let tries: [_RouteTrie]
        let texts: [String]
        let parameterNames: [[String]]

        init(tries: [_RouteTrie], texts: [String], parameterNames: [[String]]) {
            self.tries = tries
            self.texts = texts
            self.parameterNames = parameterNames
        }
    }

    /// The groups in order, their patterns checked by ``_URLPattern/validate(_:)``.
    /// Compiles nothing.
    init(_ groups: [URLGroup]) {
        self.groups = groups
        var firstMappings: [Int] = []
        var patterns = _FlatTexts()
        for group in groups {
            firstMappings.append(patterns.count)
            if patterns.count == 0 {
                patterns = group.patternTexts  // one group: its arrays, not a copy
            } else {
                patterns.append(contentsOf: group.patternTexts)
            }
        }
        self.firstMappings = firstMappings
        self.patterns = patterns
    }

    /// One group's lookup: its schemes (`nil`: ``URLGroup/webSchemes``) and hosts (`nil`: the
    /// host is read as the first path segment), its checked patterns and those that failed
    /// their check.
    @usableFromInline
    convenience init(schemes: [String]?, hosts: [String]?, patterns: _FlatTexts, patternErrors: [URLPatternError]) {
        self.init([
            URLGroup(
                schemes: schemes ?? URLGroup.webSchemes, hosts: hosts, patterns: patterns, patternErrors: patternErrors)
        ])
    }

    /// The compiled patterns, compiling them on the lookup that reaches
    /// ``scansBeforeCompiling``; `nil` before.
    private func compiledPatterns() -> Compiled? {
        if let compiled = compiled.load(ordering: .acquiring) {
            return compiled.takeUnretainedValue()
        }
        guard scans.wrappingAdd(1, ordering: .relaxed).newValue >= Self.scansBeforeCompiling,
            let built = compile()
        else { return nil }
        // Lookups racing here may each compile; the first stored is the one all use.
        let retained = Unmanaged.passRetained(built)
        let (stored, first) = compiled.compareExchange(
            expected: nil, desired: retained, ordering: .acquiringAndReleasing)
        guard stored else {
            retained.release()
            return first?.takeUnretainedValue()
        }
        return built
    }

    deinit {
        compiled.load(ordering: .acquiring)?.release()
    }

    /// Compiles every pattern; `nil` if one does not compile (never: each was checked when
    /// it was registered), and then lookups keep scanning.
    private func compile() -> Compiled? {
        var tries: [_RouteTrie] = []
        let texts = patterns.texts
        var parameterNames: [[String]] = []
        for position in groups.indices {
            let end = position + 1 < firstMappings.count ? firstMappings[position + 1] : patterns.count
            var segments: [[_RouteTrie.Segment]] = []
            for pattern in texts[firstMappings[position]..<end] {
                guard let compiled = try? _URLPattern(pattern) else { return nil }
                segments.append(compiled.segments)
                parameterNames.append(compiled.parameterNames)
            }
            tries.append(_RouteTrie(segments))
        }
        return Compiled(tries: tries, texts: texts, parameterNames: parameterNames)
    }

    /// The first of the group's mappings (numbered from 0 in the group) whose pattern
    /// matches `segments`, scanning the patterns in declaration order; only the one that
    /// matches makes its captures.
    private func scan(group position: Int, _ segments: PathSegments) -> (entry: Int, values: SegmentCaptures)? {
        let first = firstMappings[position]
        let end = position + 1 < firstMappings.count ? firstMappings[position + 1] : patterns.count
        guard let found = patterns.firstIndex(in: first..<end, where: { _URLPattern.matches($0, segments) }),
            let values = patterns.withBytes(at: found, { _URLPattern.captures(matching: $0, segments) })
        else { return nil }
        return (found - first, values)
    }

    /// The parameter names of mapping `mapping` of the flat list, in its pattern's order.
    private func parameterNames(of mapping: Int, _ compiled: Compiled?) -> [String] {
        if let compiled {
            return compiled.parameterNames[mapping]
        }
        return patterns.withBytes(at: mapping) { _URLPattern.parameterNames(of: $0) }
    }

    /// The pattern text of mapping `mapping` of the flat list.
    private func text(of mapping: Int, _ compiled: Compiled?) -> String {
        compiled?.texts[mapping] ?? patterns[mapping]
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
    /// - Throws: The furthest any group got (see ``URLNotHandledReason``). Typed throws
    ///   rather than a `Result`, which cost a copy of the match per call.
    @usableFromInline
    func find(_ rawURL: URL) throws(URLNotHandledReason) -> (mapping: Int, match: MatchedURL) {
        guard !groups.isEmpty else { throw .noURLsRegistered }
        let compiled = compiledPatterns()
        // The closure hands a refusal out through `refusal`, for the same reason.
        var refusal: URLNotHandledReason?
        let matched = DeepLinkURL.withParts(of: rawURL) { text, parts -> (mapping: Int, values: SegmentCaptures)? in
            func written(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
            }
            do throws(Miss) {
                return try URLSegmentDecoder.withDecoder(of: text, parts: parts) { decoder throws(Miss) in
                    try walk(&decoder, hostIsPlain: parts.hostIsPlain, compiled: compiled)
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
        let match = MatchedURL(
            rawURL: rawURL, pattern: text(of: matched.mapping, compiled),
            names: parameterNames(of: matched.mapping, compiled),
            values: matched.values)
        return (matched.mapping, match)
    }

    /// Tries the groups in order on the decoder's URL.
    private func walk(
        _ decoder: inout URLSegmentDecoder, hostIsPlain: Bool, compiled: Compiled?
    ) throws(Miss) -> (mapping: Int, values: SegmentCaptures) {
        var schemeAccepted = false
        var hostAccepted = false
        var unmatchedHostLeads = false
        for position in groups.indices {
            let group = groups[position]
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
            let found =
                compiled.map { $0.tries[position].firstCaptures(in: segments) } ?? scan(group: position, segments)
            if let matched = found {
                return (firstMappings[position] + matched.entry, matched.values)
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
