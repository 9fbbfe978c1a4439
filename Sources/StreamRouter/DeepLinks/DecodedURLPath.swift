/// The segments of a URL path, each percent-decoded once, and the same segments in
/// ``PercentEncoding/canonical(_:)`` form joined as the path a group's ``RouteTable``
/// matches (a decoded `/` or `..` stays inside its segment there).
///
/// A decoded segment holding a control character (`%00`, `%0A`, `%1B`, `%7F`, `%C2%85`)
/// is refused with the ``InputPolicy`` reason, so such text never reaches a route.
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
            do throws(InputError) {
                try InputPolicy.standard.check(decodedSegment: decoded)
            } catch {
                return .failure(.rejectedInput(error))
            }
            segments.append(decoded)
            canonical += "/" + PercentEncoding.canonical(decoded)
        }
        return .success(DecodedURLPath(segments: segments, canonical: canonical.isEmpty ? "/" : canonical))
    }
}
