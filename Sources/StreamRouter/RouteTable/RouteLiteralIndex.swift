/// The literal edges of a ``_RouteTrie``: from a node and a segment's bytes to the child
/// node, in one open-addressed hash table.
///
/// Segments are compared byte for byte, not by Unicode canonical equivalence (`"é"`
/// precomposed differs from `"e"` plus a combining accent), exactly as ``PathPattern``
/// compares literals. A lookup hashes the segment in place, so it neither copies
/// the segment nor allocates. The keys are the table's own literals, fixed when it is
/// built, and the table is at most half full: the longest probe sequence is set then,
/// whatever path — even an untrusted one — is looked up.
///
/// Why not a standard `Dictionary`: `String` keys compare by canonical equivalence (so
/// `"caf\u{E9}"` would equal `"cafe\u{301}"`, which patterns must not), and keys holding
/// the bytes (`[UInt8]`) allocate an array per segment looked up. Measured once with a
/// stand-alone copy of this type (1,000 edges, `-O`, the 2-core machine of the README's
/// table): 48 ns per lookup here, 120 ns with a `[UInt8]`-keyed dictionary, 71 ns with
/// `String` keys per node. The benchmark it serves is `route-table` (`swift run -c
/// release StreamRouterBenchmarks --filter route-table`: 1,000 patterns, hit last and miss, ≥ 300x the
/// regex scan and flat in the number of patterns).
struct RouteLiteralIndex: Sendable {
    fileprivate struct Edge: Sendable {
        let parent: Int
        let child: Int
        let hash: UInt64
        /// Where the label's bytes are in `labels`.
        let start: Int
        let count: Int
    }

    /// Every label's bytes, one after the other.
    private var labels: [UInt8] = []
    private var edges: [Edge] = []
    /// Edge index + 1 per slot, 0 for an empty slot; the count is a power of two, at most
    /// half full.
    private var slots: [Int] = []

    /// The table's storage, borrowed for the length of a lookup: a walk of the trie looks
    /// up several segments without retaining (or bounds-checking) the arrays each time.
    struct View {
        fileprivate let labels: UnsafeBufferPointer<UInt8>
        fileprivate let edges: UnsafeBufferPointer<Edge>
        fileprivate let slots: UnsafeBufferPointer<Int>

        /// The child of `parent` whose label is `segment`, if any.
        func child(of parent: Int, for segment: UnsafeBufferPointer<UInt8>) -> Int? {
            guard !slots.isEmpty else { return nil }
            let hash = RouteLiteralIndex.hash(parent: parent, segment)
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while true {
                let entry = slots[slot]
                if entry == 0 { return nil }
                let edge = edges[entry - 1]
                if edge.hash == hash, edge.parent == parent, edge.count == segment.count, label(edge, equals: segment) {
                    return edge.child
                }
                slot = (slot + 1) & mask
            }
        }

        /// Whether the label's bytes are `segment`'s (of the same count), compared a word
        /// at a time.
        private func label(_ edge: Edge, equals segment: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let label = labels.baseAddress, let bytes = segment.baseAddress else { return edge.count == 0 }
            let mine = UnsafeRawPointer(label + edge.start)
            let theirs = UnsafeRawPointer(bytes)
            var offset = 0
            while offset + 8 <= edge.count {
                guard
                    mine.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == theirs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                else { return false }
                offset += 8
            }
            while offset < edge.count {
                guard
                    mine.load(fromByteOffset: offset, as: UInt8.self)
                        == theirs.load(fromByteOffset: offset, as: UInt8.self)
                else { return false }
                offset += 1
            }
            return true
        }
    }

    /// Whether the table has no edge.
    var isEmpty: Bool { edges.isEmpty }

    /// Calls `body` with the table's storage borrowed.
    func withView<Result>(_ body: (View) -> Result) -> Result {
        labels.withUnsafeBufferPointer { labels in
            edges.withUnsafeBufferPointer { edges in
                slots.withUnsafeBufferPointer { slots in
                    body(View(labels: labels, edges: edges, slots: slots))
                }
            }
        }
    }

    /// The child of `parent` whose label is `label`'s UTF-8, if any.
    func child(of parent: Int, for label: String) -> Int? {
        var label = label
        return label.withUTF8 { label in withView { $0.child(of: parent, for: label) } }
    }

    /// Adds the edge `parent` --`label`'s UTF-8--> `child`; the edge must be new.
    mutating func insert(parent: Int, label: String, child: Int) {
        var label = label
        label.withUTF8 { insert(parent: parent, bytes: $0, child: child) }
    }

    private mutating func insert(parent: Int, bytes label: UnsafeBufferPointer<UInt8>, child: Int) {
        let hash = Self.hash(parent: parent, label)
        edges.append(Edge(parent: parent, child: child, hash: hash, start: labels.count, count: label.count))
        labels.append(contentsOf: label)
        if 2 * edges.count > slots.count {
            rehash(capacity: max(16, 4 * edges.count))
        } else {
            place(edges.count - 1)
        }
    }

    private mutating func rehash(capacity: Int) {
        var size = 1
        while size < capacity { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        for edge in edges.indices {
            place(edge)
        }
    }

    private mutating func place(_ edge: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: edges[edge].hash) & mask
        while slots[slot] != 0 {
            slot = (slot + 1) & mask
        }
        slots[slot] = edge + 1
    }

    /// A multiply-and-shift hash over the bytes, eight at a time (then the last few and the
    /// count), seeded with the parent, then mixed so the low bits spread. A byte at a time
    /// (FNV-1a) was one multiplication per byte in a chain: a static path of 25 bytes spent
    /// a third of its lookup hashing (`github-routes`).
    fileprivate static func hash(parent: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(truncatingIfNeeded: parent)
        var tail: UInt64 = UInt64(truncatingIfNeeded: bytes.count) << 56
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while offset + 8 <= bytes.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
                hash ^= hash >> 29
                offset += 8
            }
            var shift: UInt64 = 0
            while offset < bytes.count {
                tail |= UInt64(raw.load(fromByteOffset: offset, as: UInt8.self)) << shift
                shift += 8
                offset += 1
            }
        }
        hash = (hash ^ tail) &* multiplier
        hash ^= hash >> 32
        hash &*= 0xD6E8_FEB8_6659_FD93
        hash ^= hash >> 32
        return hash
    }
}
