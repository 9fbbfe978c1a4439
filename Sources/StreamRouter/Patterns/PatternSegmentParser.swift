/// The one skeleton both pattern syntaxes are parsed with: path globs (``PathPattern``,
/// `/user/:id?`) and URL patterns (`_URLPattern`, `user/{id}`). It splits the UTF-8 on the
/// byte `/` (as ``PathBytes/SegmentRanges`` reads it: empty segments mean nothing), refuses
/// more than ``PathPattern/maximumSegmentCount`` segments before reading any, hands each
/// segment to the syntax's own classifier, and refuses a parameter name used twice. What a
/// segment means, and every error's wording, stay with the syntax.
enum PatternSegmentParser {
    /// The segments `bytes` spell.
    /// - Parameters:
    ///   - bytes: The pattern's UTF-8.
    ///   - classify: Reads one segment (its bytes, never empty; its index; whether it is
    ///     the last) in the syntax's rules.
    ///   - parameterName: The name a segment captures under, if it captures.
    ///   - tooMany: The error for a pattern with too many segments, given the bytes of the
    ///     first segment past the limit (its index is the limit).
    ///   - duplicate: The error for a name used twice, given the name and the index and the
    ///     bytes of the segment that repeats it.
    /// - Throws: What `classify` throws, or the error `tooMany` or `duplicate` makes.
    static func segments<Segment, Failure: Error>(
        of bytes: UnsafeBufferPointer<UInt8>,
        classify: (_ segment: UnsafeBufferPointer<UInt8>, _ index: Int, _ isLast: Bool) throws(Failure) -> Segment,
        parameterName: (Segment) -> String?,
        tooMany: (_ segment: UnsafeBufferPointer<UInt8>) -> Failure,
        duplicate: (_ name: String, _ index: Int, _ segment: UnsafeBufferPointer<UInt8>) -> Failure
    ) throws(Failure) -> [Segment] {
        let count = PathBytes.segmentCount(of: bytes)
        let limit = PathPattern.maximumSegmentCount
        var ranges = PathBytes.SegmentRanges(bytes)
        guard count <= limit else {
            // Too many is the first error reported: no segment is classified before it.
            var index = 0
            while index < limit, ranges.next() != nil {
                index += 1
            }
            let past = ranges.next().map { UnsafeBufferPointer(rebasing: bytes[$0]) }
            throw tooMany(past ?? UnsafeBufferPointer(rebasing: bytes[0..<0]))
        }
        var segments: [Segment] = []
        segments.reserveCapacity(count)
        // A pattern holds a few parameters at most: a linear search beats hashing them.
        var names: [String] = []
        var index = 0
        while let range = ranges.next() {
            let part = UnsafeBufferPointer(rebasing: bytes[range])
            let segment = try classify(part, index, index == count - 1)
            if let name = parameterName(segment) {
                guard !names.contains(name) else { throw duplicate(name, index, part) }
                names.append(name)
            }
            segments.append(segment)
            index += 1
        }
        return segments
    }
}
