/// The byte vocabulary of paths, URLs and patterns, in one place: what counts as a control
/// character, what a hex digit is worth, where a segment starts and ends, and which bytes a
/// parameter name holds. The input policy, the URL path decoder, the percent-decoding of
/// hosts and both pattern parsers (``PathPattern``, ``_URLPattern``) ask here, so they
/// cannot disagree.
enum PathBytes {
    /// The number of segments of `bytes`: runs of bytes other than `/`.
    static func segmentCount(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let slash = UInt8(ascii: "/")
        var count = 0
        var previous = slash
        for byte in bytes {
            if byte != slash && previous == slash { count += 1 }
            previous = byte
        }
        return count
    }

    /// The ranges of the segments of some bytes, in order: runs of bytes other than `/`
    /// (split on the byte, so a grapheme cluster that starts with `/` still separates).
    struct SegmentRanges: IteratorProtocol {
        private let bytes: UnsafeBufferPointer<UInt8>
        private var index = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func next() -> Range<Int>? {
            let slash = UInt8(ascii: "/")
            while index < bytes.count && bytes[index] == slash {
                index += 1
            }
            guard index < bytes.count else { return nil }
            let start = index
            while index < bytes.count && bytes[index] != slash {
                index += 1
            }
            return start..<index
        }
    }

    /// Whether `byte` is an ASCII letter: what a parameter name starts with.
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Whether a parameter name may hold `byte`: ASCII letters, digits and `_` (by bytes: a
    /// byte outside ASCII is no name's).
    static func isNameByte(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// Whether `byte`, read after `previous`, ends a control character in UTF-8: C0 (a byte
    /// below `0x20`), DEL (`0x7F`), or C1 (U+0080–U+009F: `0xC2` then `0x80`–`0x9F`).
    @inline(__always)
    static func endsControlCharacter(_ byte: UInt8, after previous: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(byte))
    }

    /// Whether the UTF-8 bytes hold a control character (see
    /// ``endsControlCharacter(_:after:)``), in one pass.
    static func containsControlCharacter(_ bytes: some Sequence<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if endsControlCharacter(byte, after: previous) {
                return true
            }
            previous = byte
        }
        return false
    }

    /// The first control character of `text` and its offset in scalars, to report it; `nil`
    /// when it holds none.
    static func firstControlCharacter(in text: String) -> (scalar: UInt32, offset: Int)? {
        for (offset, scalar) in text.unicodeScalars.enumerated()
        where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
            return (scalar.value, offset)
        }
        return nil
    }

    /// The value of a hex digit (`0`–`9`, `a`–`f`, `A`–`F`), `nil` for any other byte.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension PathBytes {
    /// Whether a path segment of `length` bytes, all dots when `dotsOnly`, is one a
    /// normalised path never holds: empty, `.` or `..`.
    @inline(__always)
    static func isUnresolvedSegment(length: Int, dotsOnly: Bool) -> Bool {
        length == 0 || (dotsOnly && length <= 2)
    }

    /// Reads a path's bytes in order and tells whether it is absolute and normalised: it
    /// starts with `/`, and no segment is empty, `.` or `..` (`/` alone is normalised). Also
    /// counts the slashes, for a segment count.
    struct NormalizationScan {
        /// The slashes read.
        private(set) var slashes = 0
        private var bytes = 0
        private var segmentLength = 0
        private var dotsOnly = true
        private var isBroken = false

        @inline(__always)
        mutating func read(_ byte: UInt8) {
            if byte == UInt8(ascii: "/") {
                if bytes == 0 {
                    // The leading slash starts the first segment.
                } else if PathBytes.isUnresolvedSegment(length: segmentLength, dotsOnly: dotsOnly) {
                    isBroken = true
                }
                slashes += 1
                segmentLength = 0
                dotsOnly = true
            } else {
                if bytes == 0 { isBroken = true }  // relative
                segmentLength += 1
                dotsOnly = dotsOnly && byte == UInt8(ascii: ".")
            }
            bytes += 1
        }

        /// Whether the bytes read so far are an absolute, normalised path.
        var isNormalized: Bool {
            guard !isBroken, bytes > 0 else { return false }
            return bytes == 1 || !PathBytes.isUnresolvedSegment(length: segmentLength, dotsOnly: dotsOnly)
        }
    }
}
