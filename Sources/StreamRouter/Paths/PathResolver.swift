/// Resolves navigation paths: relative against a base, `.` and `..` applied, duplicate
/// and trailing slashes removed, always absolute.
///
/// `"///a//b/"` -> `"/a/b"`, `"../c"` from `"/a/b"` -> `"/a/c"`, and `..` never climbs
/// above `/`. Works on UTF-8 bytes: only `/` and `.` are special, every other byte
/// (including non-ASCII text) is kept as it is.
package enum PathResolver {
    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")

    /// Resolves `path` against the absolute, normalised `base` (ignored when `path` is
    /// absolute). An empty path, `"."` or `"./"` resolves to `base`.
    package static func resolve(_ path: String, against base: String) -> String {
        if path.utf8.first == slash {
            return normalize(path)
        }
        var output: [UInt8] = []
        output.reserveCapacity(base.utf8.count + path.utf8.count + 1)
        appendSegments(of: base, to: &output)
        appendSegments(of: path, to: &output)
        return string(from: output)
    }

    /// Normalises `path`, read as absolute (`"home//"` -> `"/home"`).
    package static func normalize(_ path: String) -> String {
        if isNormalized(path) {
            return path
        }
        var output: [UInt8] = []
        output.reserveCapacity(path.utf8.count + 1)
        appendSegments(of: path, to: &output)
        return string(from: output)
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
        var iterator = bytes.makeIterator()
        guard iterator.next() == slash else { return false }
        var segmentLength = 0
        var dotsOnly = true
        var count = 1
        while let byte = iterator.next() {
            count += 1
            if byte == slash {
                if segmentLength == 0 || (dotsOnly && segmentLength <= 2) { return false }
                segmentLength = 0
                dotsOnly = true
            } else {
                segmentLength += 1
                dotsOnly = dotsOnly && byte == dot
            }
        }
        if count == 1 { return true }  // "/"
        return segmentLength > 0 && !(dotsOnly && segmentLength <= 2)
    }

    private static func string(from bytes: [UInt8]) -> String {
        bytes.isEmpty ? "/" : String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the segments of `path` to `output` as `/segment` each, applying `.` and `..`.
    private static func appendSegments(of path: String, to output: inout [UInt8]) {
        let handled: Void? = path.utf8.withContiguousStorageIfAvailable { bytes in
            appendSegments(of: bytes, to: &output)
        }
        if handled == nil {
            Array(path.utf8).withUnsafeBufferPointer { appendSegments(of: $0, to: &output) }
        }
    }

    private static func appendSegments(of bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
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
                if let lastSlash = output.lastIndex(of: slash) {
                    output.removeSubrange(lastSlash...)
                }
            default:
                output.append(slash)
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            }
        }
    }
}
