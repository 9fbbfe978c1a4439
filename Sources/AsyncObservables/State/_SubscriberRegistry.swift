/// The subscribers of one publisher. A plain value: it is only ever touched under its
/// owner's lock.
///
/// Subscribers live in a flat array of slots, so delivering an event is a walk over
/// contiguous memory (no hashing); a removed subscriber's slot is reused by the next one
/// added, and the array is released once every subscriber is gone (until then a delivery
/// also walks the free slots, a no-op each). An ``ID`` names a slot and the registration
/// that holds it, so a stale ID does not remove a later subscriber of the same slot
/// (unless 2³² registrations went through that very slot in between).
@usableFromInline
struct _SubscriberRegistry<Event> {
    /// A registration: the slot in the low 32 bits, a sequence number in the high 32 bits.
    typealias ID = UInt64

    @usableFromInline
    struct Slot {
        /// The registration holding the slot; 0 when the slot is free.
        var id: ID
        /// `nil` when the slot is free.
        @usableFromInline var subscriber: _StreamSubscriber<Event>?

        static var vacant: Slot { Slot(id: 0, subscriber: nil) }
    }

    @usableFromInline private(set) var slots: ContiguousArray<Slot> = []
    /// Free slots, reused last-freed first.
    private var freeSlots: [Int] = []
    private var sequence: UInt64 = 0

    /// Whether the publisher has finished; a finished registry accepts no subscriber.
    private(set) var isFinished = false

    /// The number of live subscriptions and relays.
    private(set) var count = 0
    /// How many of them are relays into other publishers (never removed but by ``finish()``).
    private(set) var relayCount = 0

    /// Registers a subscriber, or returns `nil` if the registry has finished.
    mutating func add(_ subscriber: _StreamSubscriber<Event>) -> ID? {
        guard !isFinished else { return nil }
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
        } else {
            slot = slots.count
            slots.append(.vacant)
        }
        // Never 0 in the high half, so an ID is never 0 (the mark of a free slot).
        sequence = sequence % 0xFFFF_FFFF + 1
        let id = sequence << 32 | UInt64(slot)
        slots[slot] = Slot(id: id, subscriber: subscriber)
        count += 1
        return id
    }

    /// Registers a relay into another publisher, unless the registry has finished.
    mutating func addRelay(_ relay: _StreamSubscriber<Event>) {
        if add(relay) != nil { relayCount += 1 }
    }

    /// Removes a subscriber; the caller lets go of it after releasing the lock.
    mutating func remove(_ id: ID) -> _StreamSubscriber<Event>? {
        let slot = Int(truncatingIfNeeded: id & 0xFFFF_FFFF)
        guard slot < slots.count, slots[slot].id == id else { return nil }
        let removed = slots[slot].subscriber
        slots[slot] = .vacant
        count -= 1
        if count == 0 {
            // Give the memory of a burst of subscribers back once they are all gone.
            slots = []
            freeSlots = []
        } else {
            freeSlots.append(slot)
        }
        return removed
    }

    /// Removes every subscriber whose consumer has left (see
    /// ``_StreamEndpoint/consumerHasLeft``); the caller lets go of them after releasing the
    /// lock.
    mutating func removeDeparted() -> [_StreamSubscriber<Event>] {
        var departed: [ID] = []
        for slot in slots {
            if let subscriber = slot.subscriber, subscriber.endpoint.consumerHasLeft {
                departed.append(slot.id)
            }
        }
        return departed.compactMap { remove($0) }
    }

    /// Delivers an event to every subscriber, remembering in `wakes` the consumers it was
    /// handed to directly (to wake once the publisher's lock is released).
    @inlinable
    func deliver(_ event: Event, wakes: inout _PendingWakes) {
        slots.withUnsafeBufferPointer { slots in
            for index in slots.indices {
                slots[index].subscriber?.deliver(event, &wakes)
            }
        }
    }

    /// The values waiting in every subscription's buffer, summed (takes each buffer's lock).
    var bufferedCount: Int {
        slots.reduce(0) { $0 + ($1.subscriber?.endpoint.bufferedCount ?? 0) }
    }

    /// Marks the registry finished and hands back every subscriber, for the caller to
    /// finish after releasing the lock.
    mutating func finish() -> [_StreamSubscriber<Event>] {
        isFinished = true
        guard !slots.isEmpty else { return [] }  // never subscribed (a router made and dropped)
        defer {
            slots = []
            freeSlots = []
            count = 0
            relayCount = 0
        }
        return slots.compactMap { $0.subscriber }
    }
}
