// swift-async-algorithms 1.1.5's `removeDuplicates` (Sources/AsyncAlgorithms/
// AsyncRemoveDuplicatesSequence.swift): the same public names, generic constraints and
// signatures; the bodies pass every element through. The real declarations also carry
// `@available(AsyncAlgorithms 1.0, *)`, an availability macro of that package's own build
// (macOS 10.15, iOS 13): every platform this package supports has it.

extension AsyncSequence where Element: Equatable {
    /// swift-async-algorithms' `removeDuplicates()`.
    public func removeDuplicates() -> AsyncRemoveDuplicatesSequence<Self> {
        AsyncRemoveDuplicatesSequence(self)
    }
}

extension AsyncSequence {
    /// swift-async-algorithms' `removeDuplicates(by:)` with an `async` predicate.
    public func removeDuplicates(
        by predicate: @escaping @Sendable (Element, Element) async -> Bool
    ) -> AsyncRemoveDuplicatesSequence<Self> {
        AsyncRemoveDuplicatesSequence(self)
    }

    /// swift-async-algorithms' `removeDuplicates(by:)` with an `async throws` predicate.
    public func removeDuplicates(
        by predicate: @escaping @Sendable (Element, Element) async throws -> Bool
    ) -> AsyncThrowingRemoveDuplicatesSequence<Self> {
        AsyncThrowingRemoveDuplicatesSequence(self)
    }
}

/// The stand-in for swift-async-algorithms' `AsyncRemoveDuplicatesSequence`.
public struct AsyncRemoveDuplicatesSequence<Base: AsyncSequence>: AsyncSequence {
    public typealias Element = Base.Element

    /// The stand-in's iterator: the base's elements, unchanged.
    public struct Iterator: AsyncIteratorProtocol {
        var iterator: Base.AsyncIterator

        public mutating func next() async rethrows -> Element? {
            try await iterator.next()
        }
    }

    let base: Base

    init(_ base: Base) {
        self.base = base
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(iterator: base.makeAsyncIterator())
    }
}

/// The stand-in for swift-async-algorithms' `AsyncThrowingRemoveDuplicatesSequence`.
public struct AsyncThrowingRemoveDuplicatesSequence<Base: AsyncSequence>: AsyncSequence {
    public typealias Element = Base.Element

    /// The stand-in's iterator: the base's elements, unchanged.
    public struct Iterator: AsyncIteratorProtocol {
        var iterator: Base.AsyncIterator

        public mutating func next() async throws -> Element? {
            try await iterator.next()
        }
    }

    let base: Base

    init(_ base: Base) {
        self.base = base
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(iterator: base.makeAsyncIterator())
    }
}

extension AsyncRemoveDuplicatesSequence: Sendable where Base: Sendable, Base.Element: Sendable {}
extension AsyncThrowingRemoveDuplicatesSequence: Sendable where Base: Sendable, Base.Element: Sendable {}

@available(*, unavailable)
extension AsyncRemoveDuplicatesSequence.Iterator: Sendable {}

@available(*, unavailable)
extension AsyncThrowingRemoveDuplicatesSequence.Iterator: Sendable {}
