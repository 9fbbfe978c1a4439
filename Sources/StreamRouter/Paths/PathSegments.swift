/// The segments of a normalised path as byte ranges into its UTF-8: what a ``RouteTable``
/// lookup walks, so that it neither splits the path into an array nor copies a segment.
///
/// Only valid inside ``withNormalizedSegments(of:_:)``: it points into storage that lives
/// only for that call.
struct PathSegments {
    /// The UTF-8 of the whole normalised path.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The start and end offset of each segment, in pairs.
    private let bounds: UnsafeMutableBufferPointer<Int>
    /// The number of segments (0 for `/`).
    let count: Int

    /// Segments `bounds` (start and end offset of each, in pairs) of `bytes`.
    init(bytes: UnsafeBufferPointer<UInt8>, bounds: UnsafeMutableBufferPointer<Int>, count: Int) {
        self.bytes = bytes
        self.bounds = bounds
        self.count = count
    }

    /// The offset of the first byte of segment `index` in ``bytes``.
    func start(of index: Int) -> Int { bounds[2 * index] }

    /// The bytes of segment `index`, without slashes.
    func segment(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[bounds[2 * index]..<bounds[2 * index + 1]])
    }

    /// Calls `body` with the segments of `path` once normalised (as
    /// ``PathResolver/normalize(_:)`` does it) and with the normalised path itself.
    ///
    /// A path that is already normalised, the usual case, is checked and split in one pass
    /// over its bytes, without allocating.
    static func withNormalizedSegments<Result>(
        of path: String,
        _ body: (PathSegments, _ normalized: String) -> Result
    ) -> Result {
        let direct: Result?? = path.utf8.withContiguousStorageIfAvailable { bytes in
            splitting(bytes) { segments, isNormalized in isNormalized ? body(segments, path) : nil }
        }
        if case .some(.some(let result)) = direct {
            return result
        }
        var normalized = PathResolver.normalize(path)
        let text = normalized
        // `withUTF8` makes a bridged string's bytes contiguous first.
        return normalized.withUTF8 { bytes in
            splitting(bytes) { segments, _ in body(segments, text) }
        }
    }

    /// Splits `bytes` on `/` (empty segments left out) and calls `body` with the segments
    /// and whether they are a normalised absolute path (`/`, or `/`-separated segments that
    /// are not empty, `.` or `..`, and no trailing slash).
    private static func splitting<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ body: (PathSegments, _ isNormalized: Bool) -> Result
    ) -> Result {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        // At most one segment per two bytes, plus one.
        let capacity = bytes.count / 2 + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * capacity) { bounds in
            var isNormalized = bytes.first == slash
            var count = 0
            var index = 0
            while index < bytes.count {
                if bytes[index] == slash {
                    index += 1
                    // A doubled or trailing slash.
                    if index == bytes.count ? index > 1 : bytes[index] == slash { isNormalized = false }
                    continue
                }
                let start = index
                var dotsOnly = true
                while index < bytes.count && bytes[index] != slash {
                    dotsOnly = dotsOnly && bytes[index] == dot
                    index += 1
                }
                // `.` and `..` are unresolved.
                if PathBytes.isUnresolvedSegment(length: index - start, dotsOnly: dotsOnly) { isNormalized = false }
                bounds[2 * count] = start
                bounds[2 * count + 1] = index
                count += 1
            }
            return body(PathSegments(bytes: bytes, bounds: bounds, count: count), isNormalized)
        }
    }
}
