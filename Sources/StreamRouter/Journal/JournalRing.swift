/// The newest `capacity` elements appended, in a ring: appending is O(1) however full it is
/// (a journal appends under a router's lock, on every navigation).
struct JournalRing<Element: Sendable>: Sendable {
    /// The most elements kept, at least 1.
    let capacity: Int
    private var storage: [Element] = []
    /// The position of the oldest element once the ring is full.
    private var head = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        storage.reserveCapacity(min(self.capacity, 64))
    }

    /// The elements kept, oldest first.
    var elements: [Element] {
        head == 0 ? storage : Array(storage[head...] + storage[..<head])
    }

    /// The number of elements kept.
    var count: Int { storage.count }

    /// Appends `element`, dropping the oldest when the ring is full.
    /// - Returns: The element dropped, if any.
    mutating func append(_ element: Element) -> Element? {
        guard storage.count == capacity else {
            storage.append(element)
            return nil
        }
        let dropped = storage[head]
        storage[head] = element
        head = head + 1 == capacity ? 0 : head + 1
        return dropped
    }
}
