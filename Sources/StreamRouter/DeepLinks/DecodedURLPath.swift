/// The segments of a URL path, each percent-decoded once, and the same segments in
/// ``PercentEncoding/canonical(_:)`` form joined as the path a group's ``RouteTable``
/// matches (a decoded `/` or `..` stays inside its segment there).
struct DecodedURLPath {
    let segments: [String]
    let canonical: String

    static func decode(_ encoded: [Substring]) -> Result<DecodedURLPath, URLNotHandledReason> {
        var segments: [String] = []
        segments.reserveCapacity(encoded.count)
        var canonical = ""
        for segment in encoded {
            guard let decoded = PercentEncoding.decode(segment) else {
                return .failure(.undecodablePathSegment(String(segment)))
            }
            segments.append(decoded)
            canonical += "/" + PercentEncoding.canonical(decoded)
        }
        return .success(DecodedURLPath(segments: segments, canonical: canonical.isEmpty ? "/" : canonical))
    }
}
