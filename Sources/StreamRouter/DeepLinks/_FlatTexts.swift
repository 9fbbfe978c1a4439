/// Texts as one byte array and where each ends: no string, and no array, per text. A URL
/// group's hosts and schemes (looked up by their bytes) and its patterns (registered
/// without a string each, scanned by their bytes) are held this way (visible to inlining for
/// ``URLPathMapper``'s `map`).
@usableFromInline
struct _FlatTexts: Sendable {
    /// The texts' UTF-8, one after the other.
    private var bytes: [UInt8] = []
    /// Where each text ends in `bytes` (each starts where the one before ends).
    private var ends: [Int] = []

    @usableFromInline init() {}

    init(_ texts: some Sequence<String>) {
        for text in texts {
            append(text.utf8)
        }
    }

    /// How many texts there are.
    var count: Int { ends.count }

    /// Appends a text.
    mutating func append(_ text: some Collection<UInt8>) {
        if ends.isEmpty {
            // Room for a few dozen patterns at once: a group of 100 grows 4 times, not 8.
            bytes.reserveCapacity(Swift.max(256, text.count))
            ends.reserveCapacity(16)
        }
        bytes += text
        ends.append(bytes.count)
    }

    /// Appends every text of `other`, in order.
    mutating func append(contentsOf other: _FlatTexts) {
        let offset = bytes.count
        bytes += other.bytes
        ends += other.ends.lazy.map { $0 + offset }
    }

    /// The text at `index`.
    subscript(index: Int) -> String {
        withBytes(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Every text, in order.
    var texts: [String] {
        (0..<count).map { self[$0] }
    }

    /// `body` on the UTF-8 of the text at `index`, in place.
    func withBytes<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let start = index == 0 ? 0 : ends[index - 1]
        let end = ends[index]
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// The first index of `indices`, in order, whose text satisfies `predicate`.
    func firstIndex(in indices: Range<Int>, where predicate: (UnsafeBufferPointer<UInt8>) -> Bool) -> Int? {
        bytes.withUnsafeBufferPointer { bytes in
            ends.withUnsafeBufferPointer { ends in
                var start = indices.lowerBound == 0 ? 0 : ends[indices.lowerBound - 1]
                for index in indices {
                    defer { start = ends[index] }
                    if predicate(UnsafeBufferPointer(rebasing: bytes[start..<ends[index]])) {
                        return index
                    }
                }
                return nil
            }
        }
    }

    /// Whether one of the texts is `raw`, ASCII letters of `raw` lowercased first when
    /// `lowercasing` (for texts that are lowercase).
    func contains(_ raw: UnsafeBufferPointer<UInt8>, lowercasing: Bool) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            ends.withUnsafeBufferPointer { ends in
                var start = 0
                for end in ends {
                    defer { start = end }
                    guard end - start == raw.count else { continue }
                    var offset = 0
                    while offset < raw.count {
                        var byte = raw[offset]
                        if lowercasing, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { byte |= 0x20 }
                        guard byte == bytes[start + offset] else { break }
                        offset += 1
                    }
                    if offset == raw.count { return true }
                }
                return false
            }
        }
    }
}
