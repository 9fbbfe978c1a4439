extension AsyncSequence {
    /// Yields each intermediate result of combining the elements with an accumulator
    /// (Combine's and RxSwift's `scan`).
    ///
    /// ```swift
    /// // depth of the navigation stack over time
    /// navigator.actions.scan(0) { depth, action in action.action == .push ? depth + 1 : depth - 1 }
    /// ```
    /// - Parameters:
    ///   - initialResult: The accumulator before the first element (not yielded itself).
    ///   - nextPartialResult: Combines the accumulator with the next element.
    public func scan<Result>(
        _ initialResult: Result,
        _ nextPartialResult: @escaping @Sendable (Result, Element) -> Result
    ) -> ScannedSequence<Self, Result> {
        ScannedSequence(self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

/// An asynchronous sequence of the running results of an accumulating closure.
public struct ScannedSequence<Base: AsyncSequence, Result>: AsyncSequence {
    /// The type of element the sequence produces: the accumulated result.
    public typealias Element = Result
    /// The error the sequence throws: its base's (`Never` when the base cannot throw).
    public typealias Failure = Base.Failure

    private let base: Base
    private let initialResult: Result
    private let nextPartialResult: @Sendable (Result, Base.Element) -> Result

    init(
        _ base: Base,
        initialResult: Result,
        nextPartialResult: @escaping @Sendable (Result, Base.Element) -> Result
    ) {
        self.base = base
        self.initialResult = initialResult
        self.nextPartialResult = nextPartialResult
    }

    /// Makes an iterator, starting from the initial result.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), result: initialResult, nextPartialResult: nextPartialResult)
    }

    /// The iterator of an ``ScannedSequence``.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: Base.AsyncIterator
        private var result: Result
        private let nextPartialResult: @Sendable (Result, Base.Element) -> Result

        init(
            base: Base.AsyncIterator,
            result: Result,
            nextPartialResult: @escaping @Sendable (Result, Base.Element) -> Result
        ) {
            self.base = base
            self.result = result
            self.nextPartialResult = nextPartialResult
        }

        /// The result of combining the accumulator with the next element of the base, or `nil`
        /// once the base has finished.
        /// - Throws: The base's error.
        public mutating func next(
            isolation actor: isolated (any Actor)? = #isolation
        ) async throws(Failure) -> Result? {
            guard let element = try await base.next(isolation: actor) else { return nil }
            result = nextPartialResult(result, element)
            return result
        }

        /// The next result, as `next(isolation:)` gives it, without an actor to stay on.
        public mutating func next() async throws(Failure) -> Result? {
            try await next(isolation: nil)
        }
    }
}

extension ScannedSequence: Sendable where Base: Sendable, Result: Sendable {}

@available(*, unavailable)
extension ScannedSequence.Iterator: Sendable {}
