import Foundation

/// The parts of a URL that URL matching looks at, read once per ``Router/openURL(_:)``.
///
/// - The scheme is lowercased (schemes are case-insensitive).
/// - The host is percent-decoded and lowercased (hosts are case-insensitive); an empty host
///   counts as none. The port and the user info are ignored.
/// - The path is kept percent-encoded and split on `/`, dropping empty segments, so a
///   trailing or doubled slash does not change what matches. Segments are decoded later,
///   one by one (see ``PercentEncoding``). The query and the fragment are not part of it.
struct DeepLinkURL {
    /// The lowercased scheme, `""` when the URL has none.
    let scheme: String
    /// The decoded, lowercased host, `nil` when absent, empty or undecodable.
    let host: String?
    /// The host as written in the URL, percent-encoded (for messages).
    let rawHost: String
    /// The host as written, as one more path segment: custom-scheme links such as
    /// `myapp://user/5/profile` put the first path segment where the host goes.
    let hostSegment: Substring?
    /// The non-empty segments of the path, still percent-encoded.
    let encodedSegments: [Substring]
    /// The path as written, percent-encoded (for messages).
    let encodedPath: String

    init(_ url: URL) {
        let absolute = url.absoluteURL
        scheme = (absolute.scheme ?? "").lowercased()
        let encodedHost = absolute.host(percentEncoded: true) ?? ""
        rawHost = encodedHost
        hostSegment = encodedHost.isEmpty ? nil : Substring(encodedHost)
        host = encodedHost.isEmpty ? nil : PercentEncoding.decode(Substring(encodedHost))?.lowercased()
        encodedPath = absolute.path(percentEncoded: true)
        encodedSegments = encodedPath.split(separator: "/", omittingEmptySubsequences: true)
    }
}
