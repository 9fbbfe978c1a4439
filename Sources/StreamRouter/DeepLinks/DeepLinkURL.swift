import Foundation

/// The parts of a URL that URL matching looks at, read once per match.
///
/// - The scheme is lowercased (schemes are case-insensitive).
/// - The host is percent-decoded and lowercased (hosts are case-insensitive); an empty host
///   counts as none. The port and the user info are ignored.
/// - The path is kept percent-encoded, as written; ``URLSegmentDecoder`` splits it on `/`,
///   dropping empty segments, so a trailing or doubled slash does not change what matches,
///   and decodes each segment once. The query and the fragment are not part of it.
///
/// The usual URL, `scheme://host/path[?query][#fragment]` without a base URL, port, user
/// info, IP literal or IDNA (`xn--`) host, is read from its string in one pass over the bytes: Foundation's
/// `host` and `path` accessors cost more than the whole match of a 100-mapping group on
/// Linux (the `open-url` benchmark). Every other URL is read through those accessors.
struct DeepLinkURL {
    /// The lowercased scheme, `""` when the URL has none.
    let scheme: String
    /// The text the host and the path are read from: the URL's string, or for a URL read
    /// through Foundation's accessors, the host followed by the path.
    let source: String
    /// Where the host as written (percent-encoded) is in `source`, in UTF-8 offsets.
    let hostRange: Range<Int>
    /// Where the path as written (percent-encoded) is in `source`.
    let pathRange: Range<Int>
    /// Whether the host as written is already decoded and lowercased (ASCII, no `%`, no
    /// capital letter): then it is compared byte for byte as written.
    let hostIsPlain: Bool

    init(_ url: URL) {
        if url.baseURL == nil, let parts = Self.parse(url.absoluteString) {
            self = parts
            return
        }
        let absolute = url.absoluteURL
        let host = absolute.host(percentEncoded: true) ?? ""
        let path = absolute.path(percentEncoded: true)
        let hostLength = host.utf8.count
        self.init(
            scheme: (absolute.scheme ?? "").lowercased(),
            source: host + path,
            hostRange: 0..<hostLength,
            pathRange: hostLength..<(hostLength + path.utf8.count),
            hostIsPlain: host.utf8.allSatisfy(Self.isPlainHostByte)
        )
    }

    private init(scheme: String, source: String, hostRange: Range<Int>, pathRange: Range<Int>, hostIsPlain: Bool) {
        self.scheme = scheme
        self.source = source
        self.hostRange = hostRange
        self.pathRange = pathRange
        self.hostIsPlain = hostIsPlain
    }

    /// The host as written in the URL, percent-encoded.
    var rawHost: Substring { slice(hostRange) }

    /// The path as written, percent-encoded.
    var encodedPath: Substring { slice(pathRange) }

    private func slice(_ range: Range<Int>) -> Substring {
        let utf8 = source.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return Substring(utf8[start..<utf8.index(start, offsetBy: range.count)])
    }

    /// The decoded, lowercased host, `nil` when absent, empty or undecodable.
    var host: String? {
        guard !hostRange.isEmpty else { return nil }
        return hostIsPlain ? String(rawHost) : PercentEncoding.decode(rawHost)?.lowercased()
    }

    private static func isPlainHostByte(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != UInt8(ascii: "%") && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Reads `scheme://host/path...` from the bytes of `text`.
    /// - Returns: The parts, or `nil` when the URL has another shape (no scheme, user info,
    ///   an IP literal, a port).
    private static func parse(_ text: String) -> DeepLinkURL? {
        var text = text
        let source = text
        // Offsets into the bytes; `withUTF8` makes a bridged string contiguous first.
        let offsets: (scheme: String, host: Range<Int>, path: Range<Int>, hostIsPlain: Bool)? = text.withUTF8 { bytes in
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isLetter(bytes[0]),
                bytes[..<colon].allSatisfy(isSchemeByte)
            else { return nil }
            var index = colon + 1
            var host = index..<index
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
                index += 2
                let hostStart = index
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
                    // User info, IP literals and ports (even empty ones) are left to Foundation.
                    if byte == UInt8(ascii: "@") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
                        || byte == UInt8(ascii: ":")
                    {
                        return nil
                    }
                    index += 1
                }
                host = hostStart..<index
                // Foundation gives an IDNA host (`xn--caf-dma`) decoded (`café`): left to it.
                if containsPunycode(UnsafeBufferPointer(rebasing: bytes[host])) { return nil }
            }
            let pathStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") {
                index += 1
            }
            let scheme = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<colon]), as: UTF8.self).lowercased()
            return (scheme, host, pathStart..<index, bytes[host].allSatisfy(isPlainHostByte))
        }
        guard let offsets else { return nil }
        return DeepLinkURL(
            scheme: offsets.scheme,
            source: source,
            hostRange: offsets.host,
            pathRange: offsets.path,
            hostIsPlain: offsets.hostIsPlain
        )
    }

    /// Whether `host` holds `xn--` (any case), the prefix of an IDNA label.
    private static func containsPunycode(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
        guard host.count >= 4 else { return false }
        for start in 0...(host.count - 4)
        where host[start] | 0x20 == UInt8(ascii: "x") && host[start + 1] | 0x20 == UInt8(ascii: "n")
            && host[start + 2] == UInt8(ascii: "-") && host[start + 3] == UInt8(ascii: "-")
        {
            return true
        }
        return false
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
