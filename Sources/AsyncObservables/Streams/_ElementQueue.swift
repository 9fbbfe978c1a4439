/// A first-in, first-out queue of a subscription's buffered elements: a growable ring over
/// one contiguous array, so appending and taking the oldest are O(1) and never shift.
///
/// A plain value with no locking; a ``_StreamBuffer`` keeps one behind its lock. A taken
/// element's slot is cleared at once, so the queue never keeps a consumed value alive.
///
/// Inlinable, so that the publisher's module specialises it for its element type.
@usableFromInline
struct _ElementQueue<Element> {
    @usableFromInline var slots: ContiguousArray<Element?> = []
    /// The slot of the oldest element.
    @usableFromInline var head = 0
    /// The number of elements queued.
    @usableFromInline var count = 0

    @inlinable
    init() {}

    /// Whether the queue holds no element.
    @inlinable
    var isEmpty: Bool { count == 0 }

    /// Adds `element` after the newest one.
    @inlinable
    mutating func append(_ element: Element) {
        if count == slots.count {
            grow()
        }
        var tail = head + count
        if tail >= slots.count {
            tail -= slots.count
        }
        slots[tail] = element
        count += 1
    }

    /// Takes the oldest element, or returns `nil` when the queue is empty.
    @inlinable
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = slots[head].take()
        head += 1
        if head == slots.count {
            head = 0
        }
        count -= 1
        return element
    }

    /// Drops every element and gives the memory back.
    @inlinable
    mutating func removeAll() {
        slots = []
        head = 0
        count = 0
    }

    /// Doubles the capacity, moving the elements to the start of the new storage.
    @inlinable
    mutating func grow() {
        var grown = ContiguousArray<Element?>(repeating: nil, count: Swift.max(4, slots.count * 2))
        for offset in 0..<count {
            var index = head + offset
            if index >= slots.count {
                index -= slots.count
            }
            grown[offset] = slots[index].take()
        }
        slots = grown
        head = 0
    }
}
