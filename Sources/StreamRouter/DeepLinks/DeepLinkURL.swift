import Foundation

/// The parts of a URL that URL matching looks at, found once per match, as offsets into
/// the URL's bytes (nothing is copied).
///
/// - The scheme is kept as written; groups compare it without regard to ASCII case
///   (schemes are case-insensitive).
/// - The host is kept as written; groups compare a plain one byte for byte and decode and
///   lowercase any other (hosts are case-insensitive). An empty host counts as none; the
///   port and the user info are ignored.
/// - The path is kept percent-encoded, as written; ``URLSegmentDecoder`` splits it on `/`,
///   dropping empty segments, so a trailing or doubled slash does not change what matches,
///   and decodes each segment once. The query and the fragment are not part of it.
///
/// The usual URL, `scheme://host/path[?query][#fragment]` without a base URL, port, user
/// info, IP literal or IDNA (`xn--`) host, is read from its string in one pass over the
/// bytes: Foundation's `host` and `path` accessors cost more than the whole match of a
/// 100-mapping group on Linux (the `open-url` benchmark). Every other URL is read through
/// those accessors.
enum DeepLinkURL {
    /// Where the parts are in the text they are read from, in UTF-8 offsets.
    struct Parts {
        /// The scheme as written (empty when the URL has none).
        let scheme: Range<Int>
        /// The host as written, percent-encoded.
        let host: Range<Int>
        /// The path as written, percent-encoded.
        let path: Range<Int>
        /// Whether the host as written is already decoded and lowercased (ASCII, no `%`, no
        /// capital letter): then it is compared byte for byte as written.
        let hostIsPlain: Bool
    }

    /// Calls `body` with the text the parts of `url` are read from and where they are in
    /// it: the URL's string, or for a URL read through Foundation's accessors, the scheme,
    /// the host and the path one after the other.
    static func withParts<Result>(of url: URL, _ body: (UnsafeBufferPointer<UInt8>, Parts) -> Result) -> Result {
        if url.baseURL == nil {
            var text = url.absoluteString
            // `withUTF8` makes a bridged string's bytes contiguous first.
            let direct: Result? = text.withUTF8 { bytes in parse(bytes).map { body(bytes, $0) } }
            if let direct { return direct }
        }
        let absolute = url.absoluteURL
        let scheme = absolute.scheme ?? ""
        let host = absolute.host(percentEncoded: true) ?? ""
        let path = absolute.path(percentEncoded: true)
        let hostStart = scheme.utf8.count
        let pathStart = hostStart + host.utf8.count
        let parts = Parts(
            scheme: 0..<hostStart,
            host: hostStart..<pathStart,
            path: pathStart..<(pathStart + path.utf8.count),
            hostIsPlain: host.utf8.allSatisfy(isPlainHostByte)
        )
        var source = scheme + host + path
        return source.withUTF8 { body($0, parts) }
    }

    private static func isPlainHostByte(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != UInt8(ascii: "%") && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Reads `scheme://host/path...` from the bytes of a URL's string, in one pass.
    /// - Returns: Where the parts are, or `nil` when the URL has another shape (no scheme,
    ///   user info, an IP literal, a port, an IDNA host).
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Parts? {
        guard let first = bytes.first, isLetter(first) else { return nil }
        var index = 1
        while index < bytes.count, isSchemeByte(bytes[index]) {
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        let colon = index
        index += 1
        var host = index..<index
        var hostIsPlain = true
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            index += 2
            let hostStart = index
            hostBytes: while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
                    break hostBytes
                case UInt8(ascii: "@"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"):
                    // User info, IP literals and ports (even empty ones) are left to Foundation.
                    return nil
                case UInt8(ascii: "-"):
                    // Foundation gives an IDNA host (`xn--caf-dma`) decoded (`café`): left to it.
                    if index - hostStart >= 3, bytes[index - 1] == UInt8(ascii: "-"),
                        bytes[index - 2] | 0x20 == UInt8(ascii: "n"), bytes[index - 3] | 0x20 == UInt8(ascii: "x")
                    {
                        return nil
                    }
                default:
                    hostIsPlain = hostIsPlain && isPlainHostByte(byte)
                }
                index += 1
            }
            host = hostStart..<index
        }
        let pathStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") {
            index += 1
        }
        return Parts(scheme: 0..<colon, host: host, path: pathStart..<index, hostIsPlain: hostIsPlain)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
