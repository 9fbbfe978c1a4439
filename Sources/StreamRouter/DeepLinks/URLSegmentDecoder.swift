/// Splits a URL's path on the byte `/` and percent-decodes each segment once, into one
/// byte buffer, as the route trie walks it: no segment array, no joined path, no
/// re-encoding. The host, for groups that read it as the first segment, is decoded into the
/// same buffer in front of the path, ASCII letters lowercased (hosts are case-insensitive),
/// the first time such a group asks.
///
/// A `%` not followed by two hex digits, or a decoded segment that is not valid UTF-8, is
/// refused with ``URLNotHandledReason/undecodablePathSegment(_:)``; a decoded segment
/// holding a control character (`%00`, `%07`, `%0A`, `%1B`, `%7F`, `%C2%85`) with
/// ``URLNotHandledReason/rejectedInput(_:)`` and the ``InputPolicy`` reason, so such text
/// never reaches a route.
///
/// Only valid inside ``withDecoder(of:parts:_:)``: it points into storage that lives only for
/// that call.
struct URLSegmentDecoder {
    /// The scheme as written.
    let scheme: UnsafeBufferPointer<UInt8>
    /// The host and the path as written, percent-encoded.
    let host: UnsafeBufferPointer<UInt8>
    private let path: UnsafeBufferPointer<UInt8>
    /// The decoded bytes: the host's first (`hostCapacity` bytes), then the path's.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    /// Start and end offsets in `bytes`, in pairs: the host's first, then each path
    /// segment's.
    private let bounds: UnsafeMutableBufferPointer<Int>
    private let hostCapacity: Int
    /// The number of path segments once decoded (a refusal ends the match, so it is never
    /// asked again).
    private var pathSegments: Int?
    /// Where the host's bytes end once decoded.
    private var hostSegment: Int?

    private init(
        scheme: UnsafeBufferPointer<UInt8>,
        host: UnsafeBufferPointer<UInt8>,
        path: UnsafeBufferPointer<UInt8>,
        bytes: UnsafeMutableBufferPointer<UInt8>,
        bounds: UnsafeMutableBufferPointer<Int>
    ) {
        self.scheme = scheme
        self.host = host
        self.path = path
        self.bytes = bytes
        self.bounds = bounds
        hostCapacity = host.count
    }

    /// Calls `body` with a decoder of the URL whose scheme, host and path as written are
    /// `parts` of `text` (see ``DeepLinkURL/withParts(of:_:)``).
    static func withDecoder<Result, Failure: Error>(
        of text: UnsafeBufferPointer<UInt8>,
        parts: DeepLinkURL.Parts,
        _ body: (inout URLSegmentDecoder) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let byteCount = parts.host.count + parts.path.count
        // At most one segment per two bytes of the path (with its slash), plus the host.
        let boundCount = 2 * (parts.path.count / 2 + 2)
        let boundBytes = boundCount * MemoryLayout<Int>.stride
        // One allocation for both: the bounds first (aligned), then the decoded bytes.
        return try withUnsafeTemporaryAllocation(
            byteCount: boundBytes + byteCount, alignment: MemoryLayout<Int>.alignment
        ) { storage throws(Failure) in
            let bounds = UnsafeMutableBufferPointer(
                start: storage.baseAddress?.bindMemory(to: Int.self, capacity: boundCount), count: boundCount)
            let bytes = UnsafeMutableBufferPointer(
                start: storage.baseAddress.map { ($0 + boundBytes).bindMemory(to: UInt8.self, capacity: byteCount) },
                count: byteCount)
            var decoder = URLSegmentDecoder(
                scheme: UnsafeBufferPointer(rebasing: text[parts.scheme]),
                host: UnsafeBufferPointer(rebasing: text[parts.host]),
                path: UnsafeBufferPointer(rebasing: text[parts.path]),
                bytes: bytes, bounds: bounds
            )
            return try body(&decoder)
        }
    }

    /// The decoded segments of the path, led by the host when `hostLeads` (and the URL has
    /// one).
    /// - Throws: Why they cannot be decoded. (Typed throws rather than a `Result`: the
    ///   reason is a large enum, and copying a `Result` of it per segment cost more than
    ///   decoding.)
    mutating func segments(hostLeads: Bool) throws(URLNotHandledReason) -> PathSegments {
        let hasHost = hostLeads && !host.isEmpty
        if hasHost {
            let end: Int
            if let known = hostSegment {
                end = known
            } else {
                end = try decode(host, at: 0)
                // A host is case-insensitive, for every scheme: it leads the path lowercased.
                for index in 0..<end where bytes[index] >= UInt8(ascii: "A") && bytes[index] <= UInt8(ascii: "Z") {
                    bytes[index] |= 0x20
                }
                hostSegment = end
            }
            bounds[0] = 0
            bounds[1] = end
        }
        let count: Int
        if let known = pathSegments {
            count = known
        } else {
            count = try decodePath()
            pathSegments = count
        }
        let first = hasHost ? 0 : 2
        let view = UnsafeMutableBufferPointer(rebasing: bounds[first..<(2 + 2 * count)])
        return PathSegments(bytes: UnsafeBufferPointer(bytes), bounds: view, count: count + (hasHost ? 1 : 0))
    }

    /// Decodes every non-empty segment of the path into the buffer after the host.
    /// - Returns: The number of segments.
    private func decodePath() throws(URLNotHandledReason) -> Int {
        var count = 0
        var end = hostCapacity
        var index = 0
        while index < path.count {
            guard path[index] != UInt8(ascii: "/") else {
                index += 1
                continue
            }
            let start = index
            while index < path.count, path[index] != UInt8(ascii: "/") {
                index += 1
            }
            let segmentEnd = try decode(UnsafeBufferPointer(rebasing: path[start..<index]), at: end)
            count += 1
            bounds[2 * count] = end
            bounds[2 * count + 1] = segmentEnd
            end = segmentEnd
        }
        return count
    }

    /// Decodes `segment` into the buffer from `start`.
    /// - Returns: Where its bytes end.
    /// - Throws: Why it is refused.
    private func decode(_ segment: UnsafeBufferPointer<UInt8>, at start: Int) throws(URLNotHandledReason) -> Int {
        var end = start
        var index = 0
        var escaped = false
        while index < segment.count {
            let byte = segment[index]
            index += 1
            guard byte == UInt8(ascii: "%") else {
                bytes[end] = byte
                end += 1
                continue
            }
            guard index + 1 < segment.count, let high = PathBytes.hexValue(segment[index]),
                let low = PathBytes.hexValue(segment[index + 1])
            else {
                throw .undecodablePathSegment(String(decoding: segment, as: UTF8.self))
            }
            index += 2
            bytes[end] = high << 4 | low
            end += 1
            escaped = true
        }
        let decoded = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if escaped {
            var iterator = decoded.makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            scalars: while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid: continue
                case .emptyInput: break scalars
                case .error: throw .undecodablePathSegment(String(decoding: segment, as: UTF8.self))
                }
            }
        }
        if PathBytes.containsControlCharacter(decoded),
            let (scalar, offset) = PathBytes.firstControlCharacter(in: String(decoding: decoded, as: UTF8.self))
        {
            throw .rejectedInput(.controlCharacter(.urlPathSegment, scalar: scalar, offset: offset))
        }
        return end
    }
}
