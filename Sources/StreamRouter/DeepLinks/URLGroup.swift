/// One compiled URL group: the schemes and hosts it accepts and its mappings' patterns, in
/// declaration order. Not generic: the routes its mappings make are closures that
/// ``URLMatcherGroup`` keeps, by the mapping's number; everything matching reads is here,
/// so that the whole lookup (``_URLLookup``) is compiled for concrete types.
///
/// The patterns, compiled when they were registered, make one ``_RouteTrie`` (the engine of
/// route tables) when the group is made, so a lookup walks the URL's decoded segments once
/// and finds the first mapping in declaration order that matches.
///
/// An immutable class: a lookup visits each group it tries without copying its sets and
/// arrays. Not public: users name groups (``URLMatcherGroup``), never one compiled group.
package final class URLGroup: Sendable {
    /// The schemes `http` and `https`, accepted by groups that name no scheme.
    package static let webSchemes = ["http", "https"]

    /// The accepted schemes, lowercased.
    package let schemes: Set<String>
    /// The accepted hosts, lowercased; `nil` when the group reads the host as the first
    /// path segment instead (custom-scheme links such as `myapp://user/5/profile`).
    package let hosts: Set<String>?
    /// The registered patterns, in declaration order (malformed ones left out).
    let compiledPatterns: [_URLPattern]
    /// The patterns that failed their check; their mappings never match.
    package let patternErrors: [URLPatternError]
    /// The patterns' trie: its entry `i` is ``compiledPatterns`` `[i]`.
    let trie: _RouteTrie

    init(schemes: [String], hosts: [String]?, patterns: [_URLPattern], patternErrors: [URLPatternError]) {
        self.schemes = Set(schemes.map { $0.lowercased() })
        self.hosts = hosts.map { Set($0.map { $0.lowercased() }) }
        compiledPatterns = patterns
        self.patternErrors = patternErrors
        trie = _RouteTrie(patterns.map(\.segments))
    }

    /// The registered patterns' texts, in declaration order (malformed ones left out).
    package var patterns: [String] { compiledPatterns.map(\.text) }

    /// Whether the group reads the host as the first path segment (it names no hosts).
    var hostLeadsPath: Bool { hosts == nil }

    /// Whether the group accepts the scheme written as `raw` (ASCII case ignored).
    func accepts(scheme raw: UnsafeBufferPointer<UInt8>) -> Bool {
        let lowercased = raw.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
        return schemes.contains(String(decoding: lowercased, as: UTF8.self))
    }

    /// Whether the group accepts the host written as `raw`; `isPlain` when those bytes are
    /// already decoded and lowercased (see ``DeepLinkURL/Parts/hostIsPlain``).
    func accepts(host raw: UnsafeBufferPointer<UInt8>, isPlain: Bool) -> Bool {
        guard let hosts else { return true }
        guard !raw.isEmpty else { return false }
        let text = Substring(decoding: raw, as: UTF8.self)
        guard !isPlain else { return hosts.contains(String(text)) }
        guard let decoded = PercentEncoding.decode(text)?.lowercased() else { return false }
        return hosts.contains(decoded)
    }
}
