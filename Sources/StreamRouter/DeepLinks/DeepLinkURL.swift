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
/// The usual URL, `scheme://host[:port]/path[?query][#fragment]` without a base URL, user
/// info or IP literal, is read from its string in one pass over the bytes: Foundation's
/// `host` and `path` accessors cost more than the whole match of a 100-mapping group on
/// Linux (the `open-url` benchmark). Every other URL is read through those accessors.
struct DeepLinkURL {
    /// The lowercased scheme, `""` when the URL has none.
    let scheme: String
    /// The decoded, lowercased host, `nil` when absent, empty or undecodable.
    let host: String?
    /// The host as written in the URL, percent-encoded (for messages and as a segment).
    let rawHost: Substring
    /// The path as written, percent-encoded.
    let encodedPath: Substring

    init(_ url: URL) {
        if url.baseURL == nil, let parts = Self.parse(url.absoluteString) {
            self = parts
            return
        }
        let absolute = url.absoluteURL
        let encodedHost = absolute.host(percentEncoded: true) ?? ""
        self.init(
            scheme: (absolute.scheme ?? "").lowercased(),
            rawHost: Substring(encodedHost),
            encodedPath: Substring(absolute.path(percentEncoded: true))
        )
    }

    private init(scheme: String, rawHost: Substring, encodedPath: Substring) {
        self.scheme = scheme
        self.rawHost = rawHost
        self.encodedPath = encodedPath
        let isPlain = rawHost.utf8.allSatisfy {
            $0 < 0x80 && $0 != UInt8(ascii: "%") && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
        }
        if rawHost.isEmpty {
            host = nil
        } else if isPlain {
            host = String(rawHost)  // already decoded and lowercased
        } else {
            host = PercentEncoding.decode(rawHost)?.lowercased()
        }
    }

    /// Reads `scheme://host[:port]/path...` from the bytes of `text`.
    /// - Returns: The parts, or `nil` when the URL has another shape (no scheme, user info,
    ///   an IP literal, a port that is not digits).
    private static func parse(_ text: String) -> DeepLinkURL? {
        var text = text
        let source = text
        // Offsets into the bytes; `withUTF8` makes a bridged string contiguous first.
        let offsets: (colon: Int, host: Range<Int>, path: Range<Int>)? = text.withUTF8 { bytes in
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isLetter(bytes[0]),
                bytes[..<colon].allSatisfy(isSchemeByte)
            else { return nil }
            var index = colon + 1
            var host = index..<index
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
                index += 2
                let hostStart = index
                var portStart: Int?
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
                    if byte == UInt8(ascii: "@") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") {
                        return nil
                    }
                    if byte == UInt8(ascii: ":") {
                        guard portStart == nil else { return nil }
                        portStart = index
                    } else if portStart != nil, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                        return nil
                    }
                    index += 1
                }
                host = hostStart..<(portStart ?? index)
            }
            let pathStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") {
                index += 1
            }
            return (colon, host, pathStart..<index)
        }
        guard let offsets else { return nil }
        let utf8 = source.utf8
        func part(_ range: Range<Int>) -> Substring {
            Substring(
                utf8[
                    utf8.index(
                        utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(
                            utf8.startIndex, offsetBy: range.upperBound)])
        }
        return DeepLinkURL(
            scheme: String(part(0..<offsets.colon)).lowercased(),
            rawHost: part(offsets.host),
            encodedPath: part(offsets.path)
        )
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
