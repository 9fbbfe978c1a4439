/// Resolves navigation paths: relative against a base, `.` and `..` applied, duplicate
/// and trailing slashes removed, always absolute.
///
/// `"///a//b/"` -> `"/a/b"`, `"../c"` from `"/a/b"` -> `"/a/c"`, and `..` never climbs
/// above `/`. Works on UTF-8 bytes: only `/` and `.` are special, every other byte
/// (including non-ASCII text) is kept as it is.
package enum PathResolver {
    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")

    /// Resolves `path` against `base`, read as absolute (ignored when `path` is absolute).
    /// An empty path, `"."` or `"./"` resolves to `base`, normalised.
    package static func resolve(_ path: String, against base: String) -> String {
        if path.utf8.first == slash {
            return normalize(path)
        }
        // Each input gains at most one `/`, before its first segment (`"a"` + `"b"` -> `"/a/b"`).
        return build(capacity: base.utf8.count + path.utf8.count + 2) { output in
            appendSegments(of: base, to: &output)
            appendSegments(of: path, to: &output)
        }
    }

    /// Normalises `path`, read as absolute (`"home//"` -> `"/home"`).
    package static func normalize(_ path: String) -> String {
        if isNormalized(path) {
            return path
        }
        return build(capacity: path.utf8.count + 1) { output in
            appendSegments(of: path, to: &output)
        }
    }

    /// Whether `path` is already absolute and normalised.
    package static func isNormalized(_ path: String) -> Bool {
        if let result = path.utf8.withContiguousStorageIfAvailable({ isNormalized($0) }) {
            return result
        }
        return isNormalized(path.utf8)
    }

    /// Whether `bytes` are the UTF-8 of an absolute, normalised path. Generic so that the
    /// contiguous case compiles to a plain loop over a buffer.
    private static func isNormalized(_ bytes: some Sequence<UInt8>) -> Bool {
        var scan = PathBytes.NormalizationScan()
        for byte in bytes {
            scan.read(byte)
        }
        return scan.isNormalized
    }

    /// Bytes written into a buffer on the stack (or the heap, for long paths), then copied
    /// once into the resulting string: no intermediate array.
    private struct Output {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        private(set) var count = 0

        init(buffer: UnsafeMutableBufferPointer<UInt8>) {
            self.buffer = buffer
        }

        /// Appends `/` and `segment`; the capacity covers every byte of the inputs.
        mutating func append(slash: UInt8, _ segment: UnsafeBufferPointer<UInt8>) {
            buffer[count] = slash
            count += 1
            for byte in segment {
                buffer[count] = byte
                count += 1
            }
        }

        /// Removes the last segment (`..`); nothing above the root.
        mutating func removeLastSegment(slash: UInt8) {
            while count > 0 {
                count -= 1
                if buffer[count] == slash { return }
            }
        }

        var string: String {
            count == 0 ? "/" : String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    private static func build(capacity: Int, _ body: (inout Output) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var output = Output(buffer: buffer)
            body(&output)
            return output.string
        }
    }

    /// Appends the segments of `path` to `output` as `/segment` each, applying `.` and `..`.
    private static func appendSegments(of path: String, to output: inout Output) {
        let handled: Void? = path.utf8.withContiguousStorageIfAvailable { bytes in
            appendSegments(of: bytes, to: &output)
        }
        if handled == nil {
            Array(path.utf8).withUnsafeBufferPointer { appendSegments(of: $0, to: &output) }
        }
    }

    private static func appendSegments(of bytes: UnsafeBufferPointer<UInt8>, to output: inout Output) {
        var index = 0
        let end = bytes.count
        while index < end {
            while index < end && bytes[index] == slash { index += 1 }
            let start = index
            while index < end && bytes[index] != slash { index += 1 }
            switch index - start {
            case 0:
                continue
            case 1 where bytes[start] == dot:
                continue
            case 2 where bytes[start] == dot && bytes[start + 1] == dot:
                output.removeLastSegment(slash: slash)
            default:
                output.append(slash: slash, UnsafeBufferPointer(rebasing: bytes[start..<index]))
            }
        }
    }
}
