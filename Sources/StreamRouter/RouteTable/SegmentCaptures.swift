/// What a pattern's named segments took, in the pattern's order: the first value held
/// inline, since most patterns name one segment, and any others in an array, so a match
/// with one parameter allocates no array (the `open-url` benchmark).
struct SegmentCaptures: Sendable {
    private var first: String?
    private var others: [String] = []

    /// No values.
    init() {}

    /// `values`, in order.
    init(_ values: [String]) {
        for value in values {
            append(value)
        }
    }

    /// The number of values.
    var count: Int { first == nil ? 0 : 1 + others.count }

    /// Adds `value` after the others.
    mutating func append(_ value: String) {
        if first == nil {
            first = value
        } else {
            others.append(value)
        }
    }

    /// The value at `index`, or `nil` past the end.
    subscript(index: Int) -> String? {
        guard index > 0 else { return index == 0 ? first : nil }
        return index - 1 < others.count ? others[index - 1] : nil
    }
}
