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
    package static let webSchemes = ["http", "https"]

    /// The accepted schemes, lowercased (made when read, for diagnostics and association
    /// files: matching reads their bytes).
    package var schemes: Set<String> { Set(schemeBytes.texts) }
    /// The accepted hosts, lowercased; `nil` when the group reads the host as the first
    /// path segment instead (custom-scheme links such as `myapp://user/5/profile`). Made
    /// when read, as ``schemes``.
    package var hosts: Set<String>? { hostLeadsPath ? nil : Set(hostBytes.texts) }
    /// The registered patterns' texts, in declaration order (malformed ones left out).
    let patternTexts: _FlatTexts
    /// The registered patterns, in declaration order (malformed ones left out), as strings
    /// made when read (for diagnostics: matching reads ``patternTexts``).
    package var patterns: [String] { patternTexts.texts }
    /// The patterns that failed their check; their mappings never match.
    package let patternErrors: [URLPatternError]
    /// The schemes' bytes, compared with the scheme as written (ASCII case ignored).
    private let schemeBytes: _FlatTexts
    /// The hosts' bytes, compared with a plain host as written (no string made).
    private let hostBytes: _FlatTexts
    /// Whether the group reads the host as the first path segment (it names no hosts).
    let hostLeadsPath: Bool

    init(schemes: [String], hosts: [String]?, patterns: _FlatTexts, patternErrors: [URLPatternError]) {
        patternTexts = patterns
        self.patternErrors = patternErrors
        hostLeadsPath = hosts == nil
        schemeBytes = Self.lowercasedOnce(schemes)
        hostBytes = Self.lowercasedOnce(hosts ?? [])
    }

    /// `texts` lowercased, each once (no string made for one already lowercase ASCII, as a
    /// host or scheme usually is).
    private static func lowercasedOnce(_ texts: [String]) -> _FlatTexts {
        var flat = _FlatTexts()
        for text in texts {
            let isLowercaseASCII = text.utf8.allSatisfy {
                $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
            }
            var lowercased = isLowercaseASCII ? text : text.lowercased()
            lowercased.withUTF8 { bytes in
                if !flat.contains(bytes, lowercasing: false) { flat.append(bytes) }
            }
        }
        return flat
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
            guard var decoded = PercentEncoding.decode(Substring(decoding: raw, as: UTF8.self))?.lowercased() else {
                return false
            }
            return decoded.withUTF8 { hostBytes.contains($0, lowercasing: false) }
        }
        return hostBytes.contains(raw, lowercasing: false)
    }
}
