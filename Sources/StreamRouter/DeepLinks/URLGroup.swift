import Foundation

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
    /// The first host given, lowercased: the host of the links the group's mappings make.
    let firstHost: String?
    /// The registered patterns, in declaration order (malformed ones left out).
    let compiledPatterns: [_URLPattern]
    /// The patterns that failed their check; their mappings never match.
    package let patternErrors: [URLPatternError]
    /// ``schemes`` and ``hosts`` as UTF-8 (with the ASCII spelling of an international
    /// host), for lookups.
    private let schemeBytes: [[UInt8]]
    private let hostBytes: [[UInt8]]?
    /// The patterns' trie: its entry `i` is ``compiledPatterns`` `[i]`.
    let trie: _RouteTrie

    init(schemes: [String], hosts: [String]?, patterns: [_URLPattern], patternErrors: [URLPatternError]) {
        self.schemes = Set(schemes.map { $0.lowercased() })
        self.hosts = hosts.map { Set($0.map { $0.lowercased() }) }
        firstHost = hosts?.first?.lowercased()
        schemeBytes = self.schemes.map { Array($0.utf8) }
        hostBytes = self.hosts.map { $0.flatMap(Self.spellings).map { Array($0.utf8) } }
        compiledPatterns = patterns
        self.patternErrors = patternErrors
        trie = _RouteTrie(patterns.map(\.segments))
    }

    /// `run`, two or more groups that accept the same URLs, as one: their patterns in order, in
    /// one trie.
    init(merging run: [URLGroup]) {
        let first = run[0]
        schemes = first.schemes
        hosts = first.hosts
        firstHost = first.firstHost
        schemeBytes = first.schemeBytes
        hostBytes = first.hostBytes
        compiledPatterns = run.flatMap(\.compiledPatterns)
        patternErrors = run.flatMap(\.patternErrors)
        trie = _RouteTrie(compiledPatterns.map(\.segments))
    }

    /// Whether both accept the same schemes and hosts, and link with the same first host.
    func acceptsTheSameURLs(as other: URLGroup) -> Bool {
        schemes == other.schemes && hosts == other.hosts && firstHost == other.firstHost
    }

    /// The registered patterns' texts, in declaration order (malformed ones left out).
    package var patterns: [String] { compiledPatterns.map(\.text) }

    /// Whether the group reads the host as the first path segment (it names no hosts).
    var hostLeadsPath: Bool { hosts == nil }

    /// Whether the group accepts the scheme written as `raw` (ASCII case ignored).
    func accepts(scheme raw: UnsafeBufferPointer<UInt8>) -> Bool {
        schemeBytes.contains { Self.bytes(raw, equalIgnoringASCIICase: $0) }
    }

    func accepts(host raw: UnsafeBufferPointer<UInt8>, isPlain: Bool) -> Bool {
        guard let hostBytes else { return true }
        guard !raw.isEmpty else { return false }
        guard !isPlain else { return hostBytes.contains { Self.bytes(raw, equalIgnoringASCIICase: $0) } }
        guard let decoded = PercentEncoding.decode(Substring(decoding: raw, as: UTF8.self))?.lowercased() else {
            return false
        }
        return hosts?.contains(decoded) == true
    }

    /// `host`, and for an international one (`café.example`) its ASCII spelling too
    /// (`xn--caf-dma.example`, as Foundation writes it in a URL's text): a link read back
    /// from its text holds that one.
    private static func spellings(of host: String) -> [String] {
        guard !host.utf8.allSatisfy({ $0 < 0x80 }), let text = URL(string: "https://\(host)/")?.absoluteString,
            text.hasPrefix("https://"), text.hasSuffix("/")
        else { return [host] }
        let ascii = text.dropFirst("https://".count).dropLast().lowercased()
        guard ascii != host, ascii.utf8.allSatisfy({ $0 < 0x80 }) else { return [host] }
        return [host, ascii]
    }

    /// Whether `raw` is `lowercased`'s bytes, ASCII letters compared without case: no text
    /// is made per lookup.
    private static func bytes(_ raw: UnsafeBufferPointer<UInt8>, equalIgnoringASCIICase lowercased: [UInt8]) -> Bool {
        guard raw.count == lowercased.count else { return false }
        for index in 0..<raw.count {
            let byte = raw[index]
            let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            if folded != lowercased[index] { return false }
        }
        return true
    }
}
