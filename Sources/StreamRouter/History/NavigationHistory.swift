/// The history of a navigator: the entries one can go back through, ending with the
/// current one, and the entries one can go forward to.
///
/// A plain value with no locking; ``Navigator`` keeps one behind its lock. It is
/// `Codable`, so a navigator's history can be saved and restored.
///
/// Copies share their storage: copying a history, pushing, replacing and moving one step
/// cost O(1) however long it is (``entries`` and ``forwardEntries`` build arrays, O(n), when
/// read). A navigator's history is bounded by its policy's
/// ``InputPolicy/maximumHistoryEntries``: a push that would make it longer drops the oldest
/// entry.
///
/// Invariants: there is always a current entry; going back never drops the first entry;
/// `goBack(total: n)` followed by `goForward(total: n)` restores exactly the same history.
public struct NavigationHistory<Entry: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
    /// The current entry.
    public private(set) var current: Entry
    /// The entries one can go back to, the previous one on top.
    private var back = _PersistentStack<Entry>()
    /// The forward entries, the nearest on top.
    private var forward = _PersistentStack<Entry>()

    /// The most entries (back, current and forward) the history keeps; a push beyond it
    /// drops the oldest entry. Unbounded (`Int.max`) unless set.
    package private(set) var maximumEntryCount: Int = .max

    /// A history holding only `root`.
    public init(root: Entry) {
        current = root
    }

    /// A history with the given entries.
    /// - Parameters:
    ///   - entries: Back entries, oldest first, ending with the current one.
    ///   - forwardEntries: Forward entries, furthest first.
    /// - Throws: `NavigationHistoryError.noCurrentEntry` when `entries` is empty.
    package init(entries: [Entry], forwardEntries: [Entry] = []) throws(NavigationHistoryError) {
        guard let current = entries.last else { throw .noCurrentEntry }
        self.current = current
        back = _PersistentStack(bottomFirst: entries.dropLast())
        forward = _PersistentStack(bottomFirst: forwardEntries)
    }

    /// Decodes a history; one without a current entry is a `DecodingError`. When a navigator
    /// restores it, the number of entries is checked against the policy's
    /// ``InputPolicy/maximumHistoryEntries`` before any entry is decoded.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let limit = _RestoredEntryLimit.limit(in: decoder) {
            let back = _RestoredEntryLimit.count(of: container, at: .entries)
            let forward = _RestoredEntryLimit.count(of: container, at: .forwardEntries)
            try _RestoredEntryLimit.check(back.map { $0 + (forward ?? 0) }, limit: limit)
        }
        let entries = try container.decode([Entry].self, forKey: .entries)
        let forwardEntries = try container.decode([Entry].self, forKey: .forwardEntries)
        do {
            try self.init(entries: entries, forwardEntries: forwardEntries)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .entries, in: container, debugDescription: "A navigation history needs a current entry."
            )
        }
    }

    /// Encodes ``entries`` and ``forwardEntries`` (not the bound).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
        try container.encode(forwardEntries, forKey: .forwardEntries)
    }

    private enum CodingKeys: String, CodingKey {
        case entries, forwardEntries
    }

    /// Every entry one can go back to, oldest first, then the current entry (never empty).
    /// Builds an array: O(n).
    public var entries: [Entry] { back.bottomFirst + [current] }

    /// The entries one can go forward to, the *furthest* first: `forwardEntries.last` is
    /// where ``Navigator/goForward(total:)`` with a total of 1 lands. Builds an array: O(n).
    public var forwardEntries: [Entry] { forward.bottomFirst }

    /// How many steps one can go back (entries minus one).
    public var backCount: Int { back.count }

    /// How many steps one can go forward.
    public var forwardCount: Int { forward.count }

    /// The total number of entries: back, current and forward.
    public var count: Int { back.count + 1 + forward.count }

    /// Bounds the history to `maximum` entries (at least 1): when it is longer, the oldest
    /// entries are dropped now: the oldest back entries first, then the furthest forward
    /// entries (the current entry is always kept). Later pushes beyond the bound drop the
    /// oldest entry.
    package mutating func limit(to maximum: Int) {
        let maximum = max(maximum, 1)
        maximumEntryCount = maximum
        guard count > maximum else { return }
        forward.keepLast(maximum - 1)
        back.keepLast(maximum - 1 - forward.count)
    }

    /// Makes `entry` current, keeping the old one to go back to; clears the forward entries.
    /// Drops the oldest entry when the history would exceed `maximumEntryCount`.
    package mutating func push(_ entry: Entry) {
        forward = _PersistentStack()
        back.push(current, limit: maximumEntryCount - 1)
        current = entry
    }

    /// Replaces the current entry; clears the forward entries.
    package mutating func replaceCurrent(with entry: Entry) {
        forward = _PersistentStack()
        current = entry
    }

    /// Goes back up to `total` steps, clamped to ``backCount``.
    /// - Returns: The number of steps taken (0 when `total` is 0 or less, or at the start).
    @discardableResult
    package mutating func goBack(total: Int) -> Int {
        let steps = min(max(total, 0), backCount)
        for _ in 0..<steps {
            guard let previous = back.popLast() else { break }
            forward.push(current)
            current = previous
        }
        return steps
    }

    /// Goes forward up to `total` steps, clamped to ``forwardCount``.
    /// - Returns: The number of steps taken.
    @discardableResult
    package mutating func goForward(total: Int) -> Int {
        let steps = min(max(total, 0), forwardCount)
        for _ in 0..<steps {
            guard let next = forward.popLast() else { break }
            back.push(current)
            current = next
        }
        return steps
    }

    /// Drops every back and forward entry, keeping the current one.
    package mutating func clear() {
        back = _PersistentStack()
        forward = _PersistentStack()
    }

    /// Whether both histories hold the same entries.
    public static func == (lhs: NavigationHistory, rhs: NavigationHistory) -> Bool {
        lhs.current == rhs.current && lhs.back == rhs.back && lhs.forward == rhs.forward
    }

    /// Hashes the entries.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(current)
        hasher.combine(back)
        hasher.combine(forward)
    }
}

/// Why a ``NavigationHistory`` could not be built.
package enum NavigationHistoryError: Error, Sendable, Hashable {
    /// The entries were empty: a history always has a current entry.
    case noCurrentEntry
}
