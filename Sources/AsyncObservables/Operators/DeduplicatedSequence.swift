extension AsyncSequence where Element: Equatable & Sendable {
    /// Skips each element equal to the one before it.
    ///
    /// ```swift
    /// for await path in navigator.paths.map(\.count).removeDuplicates() { ... }
    /// // [1, 1, 2, 2, 1] -> [1, 2, 1]
    /// ```
    public func removeDuplicates() -> DeduplicatedSequence<Self> {
        DeduplicatedSequence(self) { $0 == $1 }
    }
}

extension AsyncSequence {
    /// Skips each element that `areEquivalent` says repeats the one before it.
    /// - Parameter areEquivalent: Compares the last delivered element with the next one.
    public func removeDuplicates(
        by areEquivalent: @escaping @Sendable (Element, Element) -> Bool
    ) -> DeduplicatedSequence<Self> {
        DeduplicatedSequence(self, by: areEquivalent)
    }
}

/// An asynchronous sequence that skips consecutive duplicates of its base.
public struct DeduplicatedSequence<Base: AsyncSequence>: AsyncSequence {
    /// The type of element the sequence produces: its base's.
    public typealias Element = Base.Element
    /// The error the sequence throws: its base's (`Never` when the base cannot throw).
    public typealias Failure = Base.Failure

    private let base: Base
    private let areEquivalent: @Sendable (Element, Element) -> Bool

    init(_ base: Base, by areEquivalent: @escaping @Sendable (Element, Element) -> Bool) {
        self.base = base
        self.areEquivalent = areEquivalent
    }

    /// Makes an iterator over the sequence.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), areEquivalent: areEquivalent)
    }

    /// The iterator of an ``DeduplicatedSequence``.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: Base.AsyncIterator
        private let areEquivalent: @Sendable (Element, Element) -> Bool
        private var last: Element?

        init(base: Base.AsyncIterator, areEquivalent: @escaping @Sendable (Element, Element) -> Bool) {
            self.base = base
            self.areEquivalent = areEquivalent
        }

        /// The next element, or `nil` once the sequence has finished.
        /// - Throws: The base's error.
        public mutating func next(
            isolation actor: isolated (any Actor)? = #isolation
        ) async throws(Failure) -> Element? {
            while let element = try await base.next(isolation: actor) {
                if let last, areEquivalent(last, element) {
                    continue
                }
                last = element
                return element
            }
            return nil
        }

        /// The next element, as `next(isolation:)` gives it, without an actor to stay on.
        public mutating func next() async throws(Failure) -> Element? {
            try await next(isolation: nil)
        }
    }
}

extension DeduplicatedSequence: Sendable where Base: Sendable {}

@available(*, unavailable)
extension DeduplicatedSequence.Iterator: Sendable {}
