/// The callers of ``Router/navigate(to:returning:)`` waiting for the result of the stack
/// entry (or modal) they showed, as a pure state machine that the router keeps behind its
/// lock; the continuations it hands back are resumed after unlocking.
///
/// A slot is opened by the commit that shows the entry (so no other navigation can remove
/// the entry before someone waits for it), then the caller installs its continuation. The
/// entry leaving resolves the slot, with the value of ``Router/navigateBack(returning:)``
/// or `nil`; a slot resolved before its continuation arrives keeps the value until then.
/// Every slot is removed when its caller is resumed or cancelled.
@usableFromInline
struct _ScreenResults: Sendable {
    typealias Continuation = CheckedContinuation<(any Sendable)?, Never>

    private enum Slot {
        /// Shown, nobody waits yet.
        case open
        /// The caller waits.
        case waiting(Continuation)
        /// The entry left before the caller waited.
        case resolved((any Sendable)?)
    }

    private var slots: [UInt64: Slot] = [:]

    /// The number of slots (for tests: 0 once every caller has returned).
    var count: Int { slots.count }

    /// Whether any slot waits for an entry to leave.
    @usableFromInline var isEmpty: Bool { slots.isEmpty }

    /// Opens the slot of entry `id`, when the navigation showing it commits.
    @usableFromInline
    mutating func open(_ id: UInt64) {
        slots[id] = .open
    }

    /// Installs the caller's continuation.
    /// - Returns: What to resume it with now (the slot is then removed): the result when
    ///   the entry has already left, `nil` when the task is already cancelled; `.none` when
    ///   it was stored.
    mutating func wait(for id: UInt64, continuation: Continuation, isCancelled: Bool) -> (any Sendable)?? {
        switch slots[id] {
        case .resolved(let value):
            remove(id)
            return .some(value)
        case .open where !isCancelled:
            slots[id] = .waiting(continuation)
            return .none
        case .open, .waiting, nil:
            remove(id)
            return .some(nil)
        }
    }

    /// Gives up waiting (the caller's task was cancelled).
    /// - Returns: The continuation to resume with `nil`, if it was waiting.
    mutating func cancel(_ id: UInt64) -> Continuation? {
        guard case .waiting(let continuation) = slots[id] else { return nil }
        remove(id)
        return continuation
    }

    /// Resolves the slot of an entry that left, if any.
    /// - Returns: The continuation to resume with `value`, if its caller waits.
    mutating func resolve(_ id: UInt64, with value: (any Sendable)?) -> Continuation? {
        switch slots[id] {
        case .open:
            slots[id] = .resolved(value)
            return nil
        case .waiting(let continuation):
            remove(id)
            return continuation
        case .resolved, nil:
            return nil
        }
    }

    private mutating func remove(_ id: UInt64) {
        slots[id] = nil
    }
}

/// A continuation of ``_ScreenResults`` to resume, after unlocking, with a result.
@usableFromInline
struct _ScreenResultDelivery: Sendable {
    let continuation: _ScreenResults.Continuation
    let value: (any Sendable)?

    @usableFromInline
    func resume() {
        continuation.resume(returning: value)
    }
}
