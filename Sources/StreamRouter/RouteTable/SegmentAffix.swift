/// The literal prefix and suffix of a partial segment (`@:handle`, `{id}.json`), as offsets
/// into the route trie's byte storage.
///
/// A segment matches when it starts with the prefix and ends with the suffix, byte for
/// byte, with at least one byte between them: the parameter, never empty.
struct SegmentAffix: Sendable {
    let prefixStart: Int
    let prefixCount: Int
    let suffixStart: Int
    let suffixCount: Int

    /// The prefix and suffix appended to `bytes`, prefix first.
    init(prefix: String, suffix: String, appendingTo bytes: inout [UInt8]) {
        prefixStart = bytes.count
        prefixCount = prefix.utf8.count
        bytes.append(contentsOf: prefix.utf8)
        suffixStart = bytes.count
        suffixCount = suffix.utf8.count
        bytes.append(contentsOf: suffix.utf8)
    }

    /// The prefix's bytes, in `bytes`.
    func prefix(in bytes: [UInt8]) -> ArraySlice<UInt8> { bytes[prefixStart..<prefixStart + prefixCount] }

    /// The suffix's bytes, in `bytes`.
    func suffix(in bytes: [UInt8]) -> ArraySlice<UInt8> { bytes[suffixStart..<suffixStart + suffixCount] }

    /// Whether `segment` starts with the prefix and ends with the suffix (their bytes in
    /// `bytes`), with at least one byte between them.
    func matches(_ segment: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard segment.count > prefixCount + suffixCount else { return false }
        for offset in 0..<prefixCount where segment[offset] != bytes[prefixStart + offset] {
            return false
        }
        let tail = segment.count - suffixCount
        for offset in 0..<suffixCount where segment[tail + offset] != bytes[suffixStart + offset] {
            return false
        }
        return true
    }

    /// The bytes between the prefix and the suffix of a segment it matches: the parameter.
    func parameter(of segment: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: segment[prefixCount..<(segment.count - suffixCount)])
    }
}
