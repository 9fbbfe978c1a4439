/// A stack whose copies share their storage: pushing, popping and copying are O(1)
/// whatever its size, so a snapshot of a long history handed to a lagging subscriber costs
/// nothing, and the next navigation does not copy it.
///
/// Entries live in immutable nodes linked from the top down; a copy shares every node, and
/// a push adds one node on top of the shared ones. A stack may be bounded: pushing past
/// its bound hides the bottom entry, and the hidden nodes are released in one pass once
/// there are as many as visible ones (so the work per push stays O(1) on average).
@usableFromInline
struct _PersistentStack<Element> {
    /// One entry and the entries below it.
    @usableFromInline
    final class Node: _PersistentStackLink {
        @usableFromInline let element: Element

        @inlinable
        init(_ element: Element, below: Node?) {
            self.element = element
            super.init(below: below)
        }

        /// The node below.
        @inlinable
        var below: Node? {
            // Every link of a stack of `Element`s is a `Node` of `Element`s.
            link.map { unsafeDowncast($0, to: Node.self) }
        }
    }

    /// The top node, `nil` when the stack is empty.
    @usableFromInline private(set) var top: Node?
    /// The number of visible entries: the nodes from the top down, hidden ones excluded.
    @usableFromInline private(set) var count = 0

    /// An empty stack.
    @inlinable init() {}

    /// A stack holding `elements`, the first at the bottom.
    @inlinable
    init(bottomFirst elements: some Sequence<Element>) {
        for element in elements {
            push(element)
        }
    }

    /// Whether the stack holds no visible entry.
    @inlinable var isEmpty: Bool { count == 0 }

    /// The top entry.
    @inlinable var last: Element? { top?.element }

    /// The bottom entry: walks the whole stack, O(n).
    @inlinable var first: Element? {
        var bottom: Element?
        for element in topDown {
            bottom = element
        }
        return bottom
    }

    /// Pushes `element`; with a `limit`, the bottom entry is dropped when the stack would
    /// hold more than `limit` entries (with a limit of 0 or less, nothing is kept).
    /// - Returns: Whether an entry was dropped (or `element` not kept).
    @inlinable
    @discardableResult
    mutating func push(_ element: Element, limit: Int = .max) -> Bool {
        guard limit > 0 else { return true }
        top = Node(element, below: top)
        guard count >= limit else {
            count += 1
            return false
        }
        if let top, top.depth - count > max(count, 16) {
            self = _PersistentStack(bottomFirst: self.topDown.reversed())
        }
        return true
    }

    /// Removes and returns the top entry, or returns `nil` when the stack is empty.
    @inlinable
    @discardableResult
    mutating func popLast() -> Element? {
        guard let node = top, count > 0 else { return nil }
        count -= 1
        top = count == 0 ? nil : node.below
        return node.element
    }

    /// Removes the top `k` entries (all of them when `k` is larger than the count).
    mutating func removeLast(_ k: Int) {
        for _ in 0..<min(max(k, 0), count) {
            popLast()
        }
    }

    /// Keeps only the top `maximum` entries.
    mutating func keepLast(_ maximum: Int) {
        guard count > maximum else { return }
        if maximum <= 0 {
            self = _PersistentStack()
        } else {
            self = _PersistentStack(bottomFirst: topDown.prefix(maximum).reversed())
        }
    }

    /// The visible entries from the top down.
    @inlinable var topDown: TopDown { TopDown(top: top, count: count) }

    /// The visible entries, the bottom one first.
    @inlinable var bottomFirst: [Element] { topDown.reversed() }

    /// Whether both stacks share their top node (then they are equal), without comparing.
    @inlinable
    func isIdentical(to other: _PersistentStack) -> Bool {
        top === other.top && count == other.count
    }

    /// The visible entries of a stack from the top down.
    @usableFromInline
    struct TopDown: Sequence {
        @usableFromInline let top: Node?
        @usableFromInline let count: Int

        @inlinable
        init(top: Node?, count: Int) {
            self.top = top
            self.count = count
        }

        @inlinable
        func makeIterator() -> Iterator {
            Iterator(node: top, remaining: count)
        }

        @usableFromInline
        struct Iterator: IteratorProtocol {
            @usableFromInline var node: Node?
            @usableFromInline var remaining: Int

            @inlinable
            init(node: Node?, remaining: Int) {
                self.node = node
                self.remaining = remaining
            }

            @inlinable
            mutating func next() -> Element? {
                guard remaining > 0, let current = node else { return nil }
                remaining -= 1
                node = current.below
                return current.element
            }
        }
    }
}

/// What a ``_PersistentStack/Node`` links to the node below: not generic, so that
/// releasing a chain of nodes (each navigation that pops one) asks the runtime for no
/// generic metadata.
@usableFromInline
class _PersistentStackLink {
    /// The node below; only ever changed by `deinit`, when nothing else holds this node.
    @usableFromInline final private(set) var link: _PersistentStackLink?
    /// The number of nodes from this one down to the bottom, hidden ones included.
    @usableFromInline final let depth: Int

    @inlinable
    init(below: _PersistentStackLink?) {
        link = below
        depth = (below?.depth ?? 0) + 1
    }

    deinit {
        // Release a long chain iteratively: a recursive release of 100,000 nodes would
        // overflow the stack.
        var next = link.take()
        while isKnownUniquelyReferenced(&next), let node = next {
            next = node.link.take()
        }
    }
}

// The nodes are immutable once shared (`below` changes only in `deinit`), so a stack of
// sendable elements can be shared across tasks.
extension _PersistentStack.Node: @unchecked Sendable where Element: Sendable {}
extension _PersistentStack: Sendable where Element: Sendable {}

extension _PersistentStack: Equatable where Element: Equatable {
    @usableFromInline
    static func == (lhs: _PersistentStack, rhs: _PersistentStack) -> Bool {
        lhs.isIdentical(to: rhs) || (lhs.count == rhs.count && lhs.topDown.elementsEqual(rhs.topDown))
    }
}

extension _PersistentStack: Hashable where Element: Hashable {
    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in topDown {
            hasher.combine(element)
        }
    }
}
