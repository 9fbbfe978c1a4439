/// The segments of a normalised path as byte ranges into its UTF-8: what a ``RouteTable``
/// lookup walks, so that it neither splits the path into an array nor copies a segment.
///
/// Only valid inside ``withSegments(of:_:)``: it points into storage that lives only for
/// that call.
struct PathSegments {
    /// The UTF-8 of the whole normalised path.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The start and end offset of each segment, in pairs.
    private let bounds: UnsafeBufferPointer<Int>

    private init(bytes: UnsafeBufferPointer<UInt8>, bounds: UnsafeBufferPointer<Int>) {
        self.bytes = bytes
        self.bounds = bounds
    }

    /// The number of segments (0 for `/`).
    var count: Int { bounds.count / 2 }

    /// The offset of the first byte of segment `index` in ``bytes``.
    func start(of index: Int) -> Int { bounds[2 * index] }

    /// The bytes of segment `index`, without slashes.
    func segment(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[bounds[2 * index]..<bounds[2 * index + 1]])
    }

    /// Calls `body` with the segments of `normalized`, an absolute path already normalised
    /// (by ``PathResolver/normalize(_:)``): no empty, `.` or `..` segment, no trailing slash.
    static func withSegments<Result>(of normalized: String, _ body: (PathSegments) -> Result) -> Result {
        if let result = normalized.utf8.withContiguousStorageIfAvailable({ withSegments(of: $0, body) }) {
            return result
        }
        return Array(normalized.utf8).withUnsafeBufferPointer { withSegments(of: $0, body) }
    }

    private static func withSegments<Result>(
        of bytes: UnsafeBufferPointer<UInt8>,
        _ body: (PathSegments) -> Result
    ) -> Result {
        let slash = UInt8(ascii: "/")
        var count = 0
        if bytes.count > 1 {
            for byte in bytes where byte == slash {
                count += 1
            }
        }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * count) { bounds in
            var index = 0
            var segment = 0
            while segment < count {
                // Each segment follows exactly one slash and runs to the next one or the end.
                index += 1
                bounds.initializeElement(at: 2 * segment, to: index)
                while index < bytes.count && bytes[index] != slash {
                    index += 1
                }
                bounds.initializeElement(at: 2 * segment + 1, to: index)
                segment += 1
            }
            defer { bounds.deinitialize() }
            return body(PathSegments(bytes: bytes, bounds: UnsafeBufferPointer(bounds)))
        }
    }
}
