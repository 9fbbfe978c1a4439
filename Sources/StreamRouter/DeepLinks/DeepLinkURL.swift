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
        host = rawHost.isEmpty ? nil : PercentEncoding.decode(rawHost)?.lowercased()
    }

    /// Reads `scheme://host[:port]/path...` from the bytes of `text`.
    /// - Returns: The parts, or `nil` when the URL has another shape (no scheme, user info,
    ///   an IP literal, a port that is not digits).
    private static func parse(_ text: String) -> DeepLinkURL? {
        let utf8 = text.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")),
            let first = utf8.first, isLetter(first),
            utf8[..<colon].allSatisfy(isSchemeByte)
        else { return nil }
        var index = utf8.index(after: colon)
        var rawHost = Substring()
        if utf8[index...].starts(with: "//".utf8) {
            index = utf8.index(index, offsetBy: 2)
            let hostStart = index
            var portStart: String.Index?
            while index < utf8.endIndex {
                let byte = utf8[index]
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
                if byte == UInt8(ascii: "@") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") { return nil }
                if byte == UInt8(ascii: ":") {
                    guard portStart == nil else { return nil }
                    portStart = index
                } else if portStart != nil, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    return nil
                }
                index = utf8.index(after: index)
            }
            rawHost = Substring(utf8[hostStart..<(portStart ?? index)])
        }
        let pathStart = index
        while index < utf8.endIndex, utf8[index] != UInt8(ascii: "?"), utf8[index] != UInt8(ascii: "#") {
            index = utf8.index(after: index)
        }
        return DeepLinkURL(
            scheme: String(Substring(utf8[..<colon])).lowercased(),
            rawHost: rawHost,
            encodedPath: Substring(utf8[pathStart..<index])
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
