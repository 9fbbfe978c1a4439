/// Splits a URL's path on the byte `/` and percent-decodes each segment once, into one
/// byte buffer, as the route trie walks it: no segment array, no joined path, no
/// re-encoding. The host, for groups that read it as the first segment, is decoded into the
/// same buffer in front of the path, the first time such a group asks.
///
/// A `%` not followed by two hex digits, or a decoded segment that is not valid UTF-8, is
/// refused with ``URLNotHandledReason/undecodablePathSegment(_:)``; a decoded segment
/// holding a control character (`%00`, `%07`, `%0A`, `%1B`, `%7F`, `%C2%85`) with
/// ``URLNotHandledReason/rejectedInput(_:)`` and the ``InputPolicy`` reason, so such text
/// never reaches a route.
///
/// Only valid inside ``withDecoder(for:_:)``: it points into storage that lives only for
/// that call.
struct URLSegmentDecoder {
    private let url: DeepLinkURL
    /// The decoded bytes: the host's first (`hostCapacity` bytes), then the path's.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    /// Start and end offsets in `bytes`, in pairs: the host's first, then each path
    /// segment's.
    private let bounds: UnsafeMutableBufferPointer<Int>
    private let hostCapacity: Int
    /// The number of path segments once decoded, or why they are refused.
    private var pathSegments: Result<Int, URLNotHandledReason>?
    /// Where the host's bytes end once decoded, or why it is refused.
    private var hostSegment: Result<Int, URLNotHandledReason>?

    private init(url: DeepLinkURL, bytes: UnsafeMutableBufferPointer<UInt8>, bounds: UnsafeMutableBufferPointer<Int>) {
        self.url = url
        self.bytes = bytes
        self.bounds = bounds
        hostCapacity = url.rawHost.utf8.count
    }

    /// Calls `body` with a decoder of `url`'s path.
    static func withDecoder<Result>(for url: DeepLinkURL, _ body: (inout URLSegmentDecoder) -> Result) -> Result {
        let byteCount = url.rawHost.utf8.count + url.encodedPath.utf8.count
        // At most one segment per two bytes of the path (with its slash), plus the host.
        let boundCount = 2 * (url.encodedPath.utf8.count / 2 + 2)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: byteCount) { bytes in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: boundCount) { bounds in
                var decoder = URLSegmentDecoder(url: url, bytes: bytes, bounds: bounds)
                return body(&decoder)
            }
        }
    }

    /// The decoded segments of the path, led by the host when `hostLeads` (and the URL has
    /// one), or why they cannot be decoded.
    mutating func segments(hostLeads: Bool) -> Result<PathSegments, URLNotHandledReason> {
        let hasHost = hostLeads && !url.rawHost.isEmpty
        if hasHost {
            let host: Result<Int, URLNotHandledReason>
            if let known = hostSegment {
                host = known
            } else {
                host = decode(url.rawHost, at: 0)
                hostSegment = host
            }
            switch host {
            case .success(let end):
                bounds[0] = 0
                bounds[1] = end
            case .failure(let reason):
                return .failure(reason)
            }
        }
        let path: Result<Int, URLNotHandledReason>
        if let known = pathSegments {
            path = known
        } else {
            path = decodePath()
            pathSegments = path
        }
        return path.map { count in
            let first = hasHost ? 0 : 2
            let view = UnsafeMutableBufferPointer(rebasing: bounds[first..<(2 + 2 * count)])
            return PathSegments(bytes: UnsafeBufferPointer(bytes), bounds: view, count: count + (hasHost ? 1 : 0))
        }
    }

    /// Decodes every non-empty segment of the path into the buffer after the host.
    /// - Returns: The number of segments.
    private mutating func decodePath() -> Result<Int, URLNotHandledReason> {
        let utf8 = url.encodedPath.utf8
        var count = 0
        var end = hostCapacity
        var index = utf8.startIndex
        while index < utf8.endIndex {
            guard utf8[index] != UInt8(ascii: "/") else {
                index = utf8.index(after: index)
                continue
            }
            let start = index
            while index < utf8.endIndex, utf8[index] != UInt8(ascii: "/") {
                index = utf8.index(after: index)
            }
            switch decode(Substring(utf8[start..<index]), at: end) {
            case .success(let segmentEnd):
                count += 1
                bounds[2 * count] = end
                bounds[2 * count + 1] = segmentEnd
                end = segmentEnd
            case .failure(let reason):
                return .failure(reason)
            }
        }
        return .success(count)
    }

    /// Decodes `segment` into the buffer from `start`.
    /// - Returns: Where its bytes end, or why it is refused.
    private func decode(_ segment: Substring, at start: Int) -> Result<Int, URLNotHandledReason> {
        var end = start
        var index = segment.utf8.startIndex
        let utf8 = segment.utf8
        var escaped = false
        while index < utf8.endIndex {
            let byte = utf8[index]
            index = utf8.index(after: index)
            guard byte == UInt8(ascii: "%") else {
                bytes[end] = byte
                end += 1
                continue
            }
            guard index < utf8.endIndex, let high = Self.hexValue(utf8[index]) else {
                return .failure(.undecodablePathSegment(String(segment)))
            }
            index = utf8.index(after: index)
            guard index < utf8.endIndex, let low = Self.hexValue(utf8[index]) else {
                return .failure(.undecodablePathSegment(String(segment)))
            }
            index = utf8.index(after: index)
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
                case .error: return .failure(.undecodablePathSegment(String(segment)))
                }
            }
        }
        if Self.containsControlCharacter(decoded) {
            do throws(InputError) {
                try InputPolicy.standard.check(decodedSegment: String(decoding: decoded, as: UTF8.self))
            } catch {
                return .failure(.rejectedInput(error))
            }
        }
        return .success(end)
    }

    /// Whether the bytes hold a control character as ``InputPolicy`` counts them: C0, DEL,
    /// or C1 (`0xC2` then `0x80`–`0x9F`).
    private static func containsControlCharacter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(byte)) {
                return true
            }
            previous = byte
        }
        return false
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
