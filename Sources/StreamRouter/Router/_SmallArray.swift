/// A few elements, the first kept inline, so that holding one allocates nothing: one
/// loader's value for an entry, the one entry a push loaded for, the one router marked on a
/// task. The rare others go to an array.
@usableFromInline
struct _SmallArray<Element> {
    @usableFromInline var _first: Element?
    @usableFromInline var _others: [Element]

    /// No elements.
    @inlinable
    init() {
        _first = nil
        _others = []
    }

    /// Whether it holds no element.
    @inlinable
    var isEmpty: Bool { _first == nil }

    /// Adds `element` after the others.
    @inlinable
    mutating func append(_ element: Element) {
        if _first == nil {
            _first = element
        } else {
            _others.append(element)
        }
    }

    /// Adds `elements` after the others.
    @inlinable
    mutating func append(contentsOf elements: _SmallArray<Element>) {
        for element in elements {
            append(element)
        }
    }
}

extension _SmallArray: Sequence {
    @inlinable
    func makeIterator() -> Iterator {
        Iterator(first: _first, others: _others.makeIterator())
    }

    /// The first element, then the others in order.
    @usableFromInline
    struct Iterator: IteratorProtocol {
        @usableFromInline var first: Element?
        @usableFromInline var others: IndexingIterator<[Element]>

        @inlinable
        init(first: Element?, others: IndexingIterator<[Element]>) {
            self.first = first
            self.others = others
        }

        @inlinable
        mutating func next() -> Element? {
            if let element = first {
                first = nil
                return element
            }
            return others.next()
        }
    }
}

extension _SmallArray: Sendable where Element: Sendable {}
