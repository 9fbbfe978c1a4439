/// The history of a navigator: the entries one can go back through, ending with the
/// current one, and the entries one can go forward to.
///
/// A plain value with no locking; ``Navigator`` keeps one behind its lock. It is
/// `Codable`, so a navigator's history can be saved and restored.
///
/// Invariants: there is always a current entry; going back never drops the first entry;
/// `goBack(total: n)` followed by `goForward(total: n)` restores exactly the same history.
public struct NavigationHistory<Entry: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
    /// Every entry one can go back to, oldest first, then the current entry (never empty).
    public private(set) var entries: [Entry]
    /// The entries one can go forward to, the *furthest* first: `forwardEntries.last` is
    /// where ``goForward(total:)`` with a total of 1 lands.
    public private(set) var forwardEntries: [Entry]

    /// A history holding only `root`.
    public init(root: Entry) {
        entries = [root]
        forwardEntries = []
    }

    /// A history with the given entries.
    /// - Parameters:
    ///   - entries: Back entries, oldest first, ending with the current one.
    ///   - forwardEntries: Forward entries, furthest first.
    /// - Throws: ``NavigationHistoryError/noCurrentEntry`` when `entries` is empty.
    public init(entries: [Entry], forwardEntries: [Entry] = []) throws(NavigationHistoryError) {
        guard !entries.isEmpty else { throw .noCurrentEntry }
        self.entries = entries
        self.forwardEntries = forwardEntries
    }

    /// Decodes a history; one without a current entry is a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
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

    /// The current entry.
    public var current: Entry {
        entries[entries.count - 1]
    }

    /// How many steps one can go back (entries minus one).
    public var backCount: Int { entries.count - 1 }

    /// How many steps one can go forward.
    public var forwardCount: Int { forwardEntries.count }

    /// Makes `entry` current, keeping the old one to go back to; clears the forward entries.
    public mutating func push(_ entry: Entry) {
        entries.append(entry)
        forwardEntries.removeAll()
    }

    /// Replaces the current entry; clears the forward entries.
    public mutating func replaceCurrent(with entry: Entry) {
        entries[entries.count - 1] = entry
        forwardEntries.removeAll()
    }

    /// Goes back up to `total` steps, clamped to ``backCount``.
    /// - Returns: The number of steps taken (0 when `total` is 0 or less, or at the start).
    @discardableResult
    public mutating func goBack(total: Int) -> Int {
        let steps = min(max(total, 0), backCount)
        for _ in 0..<steps {
            forwardEntries.append(entries.removeLast())
        }
        return steps
    }

    /// Goes forward up to `total` steps, clamped to ``forwardCount``.
    /// - Returns: The number of steps taken.
    @discardableResult
    public mutating func goForward(total: Int) -> Int {
        let steps = min(max(total, 0), forwardCount)
        for _ in 0..<steps {
            entries.append(forwardEntries.removeLast())
        }
        return steps
    }

    /// Drops every back and forward entry, keeping the current one.
    public mutating func clear() {
        entries.removeFirst(entries.count - 1)
        forwardEntries.removeAll()
    }
}

/// Why a ``NavigationHistory`` could not be built.
public enum NavigationHistoryError: Error, Sendable, Hashable {
    /// The entries were empty: a history always has a current entry.
    case noCurrentEntry
}
