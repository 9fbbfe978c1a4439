/// One compiled URL group: the schemes and hosts it accepts and its mappings' patterns, in
/// declaration order. Not generic: the routes its mappings make are closures that
/// ``URLMatcherGroup`` keeps, by the mapping's number; everything matching reads is here,
/// so that the whole lookup (``_URLLookup``) is compiled for concrete types.
///
/// The patterns are checked when registered and compiled into a ``_RouteTrie`` (the engine
/// of route tables) once the groups have been matched a few times (see ``_URLLookup``), so
/// a lookup walks the URL's decoded segments instead of testing every pattern in turn, and
/// returns the first mapping in declaration order that matches.
///
/// An immutable class: the lookup visits each group it tries without copying (and
/// retaining) its sets and arrays. Not public: users name groups (``URLMatcherGroup``),
/// never one compiled group.
package final class URLGroup: Sendable {
    /// The schemes `http` and `https`, accepted by groups that name no scheme.
    package static var webSchemes: Set<String> { ["http", "https"] }

    /// The accepted schemes, lowercased.
    package let schemes: Set<String>
    /// The accepted hosts, lowercased; `nil` when the group reads the host as the first
    /// path segment instead (custom-scheme links such as `myapp://user/5/profile`).
    package let hosts: Set<String>?
    /// The registered patterns, in declaration order (malformed ones left out).
    package let patterns: [String]
    /// The patterns that failed their check; their mappings never match.
    package let patternErrors: [URLPatternError]
    /// The schemes' bytes, compared with the scheme as written (ASCII case ignored).
    private let schemeBytes: FlatTexts
    /// The hosts' bytes, compared with a plain host as written (no string made).
    private let hostBytes: FlatTexts
    /// Whether the group reads the host as the first path segment (it names no hosts).
    let hostLeadsPath: Bool

    init(schemes: [String], hosts: [String]?, patterns: [String], patternErrors: [URLPatternError]) {
        self.schemes = Set(schemes.map { $0.lowercased() })
        self.hosts = hosts.map { Set($0.map { $0.lowercased() }) }
        self.patterns = patterns
        self.patternErrors = patternErrors
        hostLeadsPath = hosts == nil
        schemeBytes = FlatTexts(self.schemes.sorted())
        hostBytes = FlatTexts((self.hosts ?? []).sorted())
    }

    /// Whether the group accepts the scheme written as `raw`.
    func accepts(scheme raw: UnsafeBufferPointer<UInt8>) -> Bool {
        schemeBytes.contains(raw, lowercasing: true)
    }

    /// Whether the group accepts the host written as `raw`; `isPlain` when those bytes are
    /// already decoded and lowercased (see ``DeepLinkURL/Parts/hostIsPlain``).
    func accepts(host raw: UnsafeBufferPointer<UInt8>, isPlain: Bool) -> Bool {
        guard !hostLeadsPath else { return true }
        guard !raw.isEmpty else { return false }
        guard isPlain else {
            let decoded = PercentEncoding.decode(Substring(decoding: raw, as: UTF8.self))?.lowercased()
            return decoded.map { hosts?.contains($0) ?? false } ?? false
        }
        return hostBytes.contains(raw, lowercasing: false)
    }
}

/// A few short texts as one byte array, looked up by their bytes: no array per text, so
/// a lookup retains nothing but the one array.
private struct FlatTexts: Sendable {
    private let bytes: [UInt8]
    /// Where each text ends in `bytes` (each starts where the one before ends).
    private let ends: [Int]

    init(_ texts: [String]) {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for text in texts {
            bytes += text.utf8
            ends.append(bytes.count)
        }
        self.bytes = bytes
        self.ends = ends
    }

    /// Whether one of the texts is `raw`, ASCII letters of `raw` lowercased first when
    /// `lowercasing` (the texts are lowercase).
    func contains(_ raw: UnsafeBufferPointer<UInt8>, lowercasing: Bool) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            ends.withUnsafeBufferPointer { ends in
                var start = 0
                for end in ends {
                    defer { start = end }
                    guard end - start == raw.count else { continue }
                    var offset = 0
                    while offset < raw.count {
                        var byte = raw[offset]
                        if lowercasing, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { byte |= 0x20 }
                        guard byte == bytes[start + offset] else { break }
                        offset += 1
                    }
                    if offset == raw.count { return true }
                }
                return false
            }
        }
    }
}
