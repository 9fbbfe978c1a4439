/// Percent-decoding of one segment (a URL's host), and the canonical encoding that keeps a
/// value of the default ``RouteProvider/path`` a single segment (never a separator or a dot
/// segment). URL paths are decoded by ``URLSegmentDecoder``, into one buffer.
///
/// Decoding is strict: a `%` not followed by two hex digits, or bytes that are not UTF-8,
/// give `nil`.
enum PercentEncoding {
    private static let percent = UInt8(ascii: "%")

    /// Decodes one segment: each `%XX` becomes the byte `XX`, every other byte is kept.
    /// - Returns: The text, or `nil` when a `%` is not followed by two hex digits or the
    ///   bytes are not valid UTF-8.
    static func decode(_ segment: Substring) -> String? {
        let utf8 = segment.utf8
        guard utf8.contains(percent) else { return String(segment) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            guard byte == percent else {
                bytes.append(byte)
                index = utf8.index(after: index)
                continue
            }
            let high = utf8.index(after: index)
            guard high < utf8.endIndex else { return nil }
            let low = utf8.index(after: high)
            guard low < utf8.endIndex, let upper = PathBytes.hexValue(utf8[high]),
                let lower = PathBytes.hexValue(utf8[low])
            else {
                return nil
            }
            bytes.append(upper << 4 | lower)
            index = utf8.index(after: low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Encodes every byte except ASCII letters, digits, `-`, `_` and `~` as `%XX`.
    ///
    /// The result never holds `/`, `:`, `*` or a `.`, so it is always one literal segment
    /// for ``PathPattern``, and two texts have the same encoding only when they are equal.
    static func canonical(_ text: some StringProtocol) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        appendCanonical(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the ``canonical(_:)`` encoding of `text` to `output`.
    static func appendCanonical(_ text: some StringProtocol, to output: inout [UInt8]) {
        for byte in text.utf8 {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output.append(percent)
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0x0F))
            }
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

}
