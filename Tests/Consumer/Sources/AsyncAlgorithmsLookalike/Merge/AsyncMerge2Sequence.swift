// swift-async-algorithms 1.1.5's two-base `merge` (Sources/AsyncAlgorithms/Merge/
// AsyncMerge2Sequence.swift): the same public names, generic constraints and signature; the
// body yields the first base's elements, then the second's (the real one interleaves them).

/// swift-async-algorithms' `merge(_:_:)` of two bases.
public func merge<Base1: AsyncSequence, Base2: AsyncSequence>(
    _ base1: Base1,
    _ base2: Base2
) -> AsyncMerge2Sequence<Base1, Base2>
where
    Base1.Element == Base2.Element,
    Base1: Sendable,
    Base2: Sendable,
    Base1.Element: Sendable
{
    AsyncMerge2Sequence(base1, base2)
}

/// The stand-in for swift-async-algorithms' `AsyncMerge2Sequence`.
public struct AsyncMerge2Sequence<
    Base1: AsyncSequence,
    Base2: AsyncSequence
>: Sendable
where
    Base1.Element == Base2.Element,
    Base1: Sendable,
    Base2: Sendable,
    Base1.Element: Sendable
{
    public typealias Element = Base1.Element

    private let base1: Base1
    private let base2: Base2

    init(_ base1: Base1, _ base2: Base2) {
        self.base1 = base1
        self.base2 = base2
    }
}

extension AsyncMerge2Sequence: AsyncSequence {
    public func makeAsyncIterator() -> Iterator {
        Iterator(base1: base1.makeAsyncIterator(), base2: base2.makeAsyncIterator())
    }
}

extension AsyncMerge2Sequence {
    /// The stand-in's iterator: the first base's elements, then the second's.
    public struct Iterator: AsyncIteratorProtocol {
        var base1: Base1.AsyncIterator
        var base2: Base2.AsyncIterator

        public mutating func next() async rethrows -> Element? {
            if let element = try await base1.next() { return element }
            return try await base2.next()
        }
    }
}

@available(*, unavailable)
extension AsyncMerge2Sequence.Iterator: Sendable {}
