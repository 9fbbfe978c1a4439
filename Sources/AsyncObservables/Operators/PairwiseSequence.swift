extension AsyncSequence {
    /// Pairs each element with the one before it (RxSwift's `pairwise`, Combine's
    /// `scan`-based idiom): `[a, b, c]` -> `[(a, b), (b, c)]`.
    ///
    /// The first element produces no pair; it becomes the `previous` of the second.
    public func pairwise() -> PairwiseSequence<Self> {
        PairwiseSequence(self)
    }
}

/// An asynchronous sequence of each element of its base with the element before it.
public struct PairwiseSequence<Base: AsyncSequence>: AsyncSequence {
    /// Two consecutive elements of the base: the earlier as `previous`, the later as `current`.
    public typealias Element = (previous: Base.Element, current: Base.Element)
    /// The error the sequence throws: its base's (`Never` when the base cannot throw).
    public typealias Failure = Base.Failure

    private let base: Base

    init(_ base: Base) {
        self.base = base
    }

    /// Makes an iterator over the sequence.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator())
    }

    /// The iterator of an ``PairwiseSequence``.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: Base.AsyncIterator
        private var previous: Base.Element?

        init(base: Base.AsyncIterator) {
            self.base = base
        }

        /// The next pair, or `nil` once the base has finished.
        /// - Throws: The base's error.
        public mutating func next(
            isolation actor: isolated (any Actor)? = #isolation
        ) async throws(Failure) -> Element? {
            if previous == nil {
                previous = try await base.next(isolation: actor)
            }
            guard let before = previous, let current = try await base.next(isolation: actor) else {
                return nil
            }
            previous = current
            return (before, current)
        }

        /// The next pair, as `next(isolation:)` gives it, without an actor to stay on.
        public mutating func next() async throws(Failure) -> Element? {
            try await next(isolation: nil)
        }
    }
}

extension PairwiseSequence: Sendable where Base: Sendable {}

@available(*, unavailable)
extension PairwiseSequence.Iterator: Sendable {}
