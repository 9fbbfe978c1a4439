/// A path segment as a dictionary key, compared and hashed byte for byte.
///
/// `Substring` equality is Unicode canonical equivalence (`"é"` precomposed equals `"e"`
/// plus a combining accent), but ``PathPattern`` compares literals byte for byte. Keying a
/// trie's literal children by this type keeps ``RouteTable`` identical to
/// ``PathPattern/match(_:)``, and lets a lookup use a slice of the path without copying it.
struct RouteSegmentKey: Hashable, Sendable {
    let bytes: Substring.UTF8View

    init(_ bytes: Substring.UTF8View) {
        self.bytes = bytes
    }

    init(_ text: String) {
        self.bytes = Substring(text).utf8
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.bytes.elementsEqual(rhs.bytes)
    }

    func hash(into hasher: inout Hasher) {
        // Always hash through one contiguous buffer, so that equal keys hash equally
        // whatever their storage (a bridged string may not be contiguous).
        let hashed: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            hasher.combine(bytes: UnsafeRawBufferPointer(buffer))
        }
        if hashed == nil {
            Array(bytes).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
        hasher.combine(bytes.count)
    }
}
