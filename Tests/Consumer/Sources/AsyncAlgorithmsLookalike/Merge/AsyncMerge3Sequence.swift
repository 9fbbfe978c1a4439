// swift-async-algorithms 1.1.5's three-base `merge` (Sources/AsyncAlgorithms/Merge/
// AsyncMerge3Sequence.swift): the same public names, generic constraints and signature; the
// body yields the bases' elements one base after the other (the real one interleaves them).

/// swift-async-algorithms' `merge(_:_:_:)` of three bases.
public func merge<
    Base1: AsyncSequence,
    Base2: AsyncSequence,
    Base3: AsyncSequence
>(_ base1: Base1, _ base2: Base2, _ base3: Base3) -> AsyncMerge3Sequence<Base1, Base2, Base3>
where
    Base1.Element == Base2.Element,
    Base1.Element == Base3.Element,
    Base1: Sendable,
    Base2: Sendable,
    Base3: Sendable,
    Base1.Element: Sendable
{
    AsyncMerge3Sequence(base1, base2, base3)
}

/// The stand-in for swift-async-algorithms' `AsyncMerge3Sequence`.
public struct AsyncMerge3Sequence<
    Base1: AsyncSequence,
    Base2: AsyncSequence,
    Base3: AsyncSequence
>: Sendable
where
    Base1.Element == Base2.Element,
    Base1.Element == Base3.Element,
    Base1: Sendable,
    Base2: Sendable,
    Base3: Sendable,
    Base1.Element: Sendable
{
    public typealias Element = Base1.Element

    private let base1: Base1
    private let base2: Base2
    private let base3: Base3

    init(_ base1: Base1, _ base2: Base2, _ base3: Base3) {
        self.base1 = base1
        self.base2 = base2
        self.base3 = base3
    }
}

extension AsyncMerge3Sequence: AsyncSequence {
    public func makeAsyncIterator() -> Iterator {
        Iterator(
            base1: base1.makeAsyncIterator(),
            base2: base2.makeAsyncIterator(),
            base3: base3.makeAsyncIterator()
        )
    }
}

extension AsyncMerge3Sequence {
    /// The stand-in's iterator: each base's elements in turn, first to third.
    public struct Iterator: AsyncIteratorProtocol {
        var base1: Base1.AsyncIterator
        var base2: Base2.AsyncIterator
        var base3: Base3.AsyncIterator

        public mutating func next() async rethrows -> Element? {
            if let element = try await base1.next() { return element }
            if let element = try await base2.next() { return element }
            return try await base3.next()
        }
    }
}

@available(*, unavailable)
extension AsyncMerge3Sequence.Iterator: Sendable {}
