/// Deadlines, earliest first: a binary min-heap of `(deadline, key)`, for the timers that
/// end what waits (held links, preloaded values). An insertion or a removal of the earliest
/// costs O(log n) steps, and O(1) when deadlines come in order (the usual case: one lifetime
/// after a clock that only moves forward).
///
/// Removal is lazy: the owner leaves the deadline of what ended early (cancelled, taken)
/// in the heap, skips it when it comes first (``removeFirst(work:)``), and rebuilds the heap
/// from what is still live (``rebuild(_:work:)``, O(n)) once the stale deadlines outnumber
/// the live ones, so the heap stays within a constant factor of what waits.
///
/// Every step (a comparison moving an item, an item copied into a rebuilt heap) is added to
/// `work`, which the tests read to tell linear work from quadratic without timing it.
struct _DeadlineHeap<Key> {
    private(set) var items: [(deadline: Duration, key: Key)] = []

    var count: Int { items.count }
    var isEmpty: Bool { items.isEmpty }

    /// The earliest deadline and its key.
    var first: (deadline: Duration, key: Key)? { items.first }

    /// Adds `key` with `deadline`.
    mutating func insert(_ deadline: Duration, _ key: Key, work: inout Int) {
        items.append((deadline, key))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            work += 1
            guard items[child].deadline < items[parent].deadline else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes the earliest deadline.
    @discardableResult
    mutating func removeFirst(work: inout Int) -> (deadline: Duration, key: Key) {
        let first = items[0]
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            siftDown(from: 0, work: &work)
        }
        return first
    }

    mutating func removeAll() {
        items.removeAll()
    }

    /// Replaces the contents with `live` (Floyd's heap construction: O(n)).
    mutating func rebuild(_ live: [(deadline: Duration, key: Key)], work: inout Int) {
        items = live
        work += live.count
        var index = items.count / 2
        while index > 0 {
            index -= 1
            siftDown(from: index, work: &work)
        }
    }

    private mutating func siftDown(from start: Int, work: inout Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < items.count else { return }
            let right = left + 1
            let child = right < items.count && items[right].deadline < items[left].deadline ? right : left
            work += 1
            guard items[child].deadline < items[parent].deadline else { return }
            items.swapAt(child, parent)
            parent = child
        }
    }

    /// What breaks the heap order, one line each (for the internal checks; O(n)).
    func _invariantViolations() -> [String] {
        var violations: [String] = []
        for index in items.indices.dropFirst() where items[index].deadline < items[(index - 1) / 2].deadline {
            violations.append("deadline \(index) comes before its parent's")
        }
        return violations
    }
}

extension _DeadlineHeap: Sendable where Key: Sendable {}
