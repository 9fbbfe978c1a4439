/// What URL matching reads of one group besides its patterns: its schemes and its hosts. Not generic, so that the whole lookup is compiled for
/// concrete types (see ``_URLLookup``).
///
/// An immutable class: the lookup visits each group it tries without copying (and
/// retaining) its sets and arrays.
final class URLGroupIndex: Sendable {
    /// The accepted schemes, lowercased.
    let schemes: Set<String>
    /// The accepted hosts, lowercased; `nil` when the group reads the host as the first
    /// path segment.
    let hosts: Set<String>?
    /// The schemes' bytes, compared with the scheme as written (ASCII case ignored).
    private let schemeBytes: FlatTexts
    /// The hosts' bytes, compared with a plain host as written (no string made).
    private let hostBytes: FlatTexts
    /// Whether the group reads the host as the first path segment (it names no hosts).
    let hostLeadsPath: Bool

    init(schemes: Set<String>, hosts: Set<String>?) {
        self.schemes = schemes
        self.hosts = hosts
        hostLeadsPath = hosts == nil
        schemeBytes = FlatTexts(schemes.sorted())
        hostBytes = FlatTexts((hosts ?? []).sorted())
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
