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

    private init(bytes: UnsafeBufferPointer<UInt8>, bounds: UnsafeMutableBufferPointer<Int>, count: Int) {
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
            splittingIfNormalized(bytes) { body($0, path) }
        }
        if case .some(.some(let result)) = direct {
            return result
        }
        let normalized = PathResolver.normalize(path)
        let split: Result?? = normalized.utf8.withContiguousStorageIfAvailable { bytes in
            splittingIfNormalized(bytes) { body($0, normalized) }
        }
        if case .some(.some(let result)) = split {
            return result
        }
        // A string without contiguous UTF-8 (bridged): split a copy of its bytes. The
        // normalised path always splits; the empty fallback is unreachable.
        return Array(normalized.utf8).withUnsafeBufferPointer { bytes in
            splittingIfNormalized(bytes) { body($0, normalized) }
        }
            ?? body(
                PathSegments(
                    bytes: UnsafeBufferPointer(start: nil, count: 0), bounds: .init(start: nil, count: 0), count: 0),
                normalized)
    }

    /// Splits `bytes` and calls `body` with the segments when they are a normalised
    /// absolute path (`/`, or `/`-separated segments that are not empty, `.` or `..`, and
    /// no trailing slash); returns `nil` without calling `body` otherwise.
    private static func splittingIfNormalized<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ body: (PathSegments) -> Result
    ) -> Result? {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        guard bytes.first == slash else { return nil }
        // Every segment takes at least two bytes with its slash.
        let capacity = bytes.count / 2
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * capacity) { bounds in
            var count = 0
            var index = 1
            while index < bytes.count {
                let start = index
                var dotsOnly = true
                while index < bytes.count && bytes[index] != slash {
                    dotsOnly = dotsOnly && bytes[index] == dot
                    index += 1
                }
                let length = index - start
                // An empty segment is a doubled or trailing slash; `.` and `..` are unresolved.
                guard length > 0, !(dotsOnly && length <= 2) else { return nil }
                bounds[2 * count] = start
                bounds[2 * count + 1] = index
                count += 1
                if index < bytes.count {
                    index += 1  // The slash.
                    if index == bytes.count { return nil }  // A trailing slash.
                }
            }
            return body(PathSegments(bytes: bytes, bounds: bounds, count: count))
        }
    }
}
