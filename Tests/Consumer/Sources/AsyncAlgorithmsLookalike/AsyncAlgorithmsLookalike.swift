// A stand-in for swift-async-algorithms, which this repository cannot fetch: its public type
// names and its operators' signatures (swift-async-algorithms 1.0, `removeDuplicates`,
// `debounce`, `throttle`), with bodies that pass every element through unchanged. The
// consumer test uses it to show what a file importing both that package and StreamRouter
// compiles to; the timing behaviour of the real operators is not reproduced.

extension AsyncSequence where Element: Equatable {
    /// swift-async-algorithms' `removeDuplicates()`.
    public func removeDuplicates() -> AsyncRemoveDuplicatesSequence<Self> {
        AsyncRemoveDuplicatesSequence(base: self)
    }
}

extension AsyncSequence {
    /// swift-async-algorithms' `removeDuplicates(by:)` with an async predicate.
    public func removeDuplicates(
        by predicate: @escaping @Sendable (Element, Element) async -> Bool
    ) -> AsyncRemoveDuplicatesSequence<Self> {
        AsyncRemoveDuplicatesSequence(base: self)
    }

    /// swift-async-algorithms' `debounce(for:tolerance:clock:)`.
    public func debounce<C: Clock>(
        for interval: C.Instant.Duration,
        tolerance: C.Instant.Duration? = nil,
        clock: C
    ) -> AsyncDebounceSequence<Self, C> where Self: Sendable, Self.Element: Sendable {
        AsyncDebounceSequence(base: self)
    }

    /// swift-async-algorithms' `debounce(for:tolerance:)` (continuous clock).
    public func debounce(
        for interval: Duration,
        tolerance: Duration? = nil
    ) -> AsyncDebounceSequence<Self, ContinuousClock> where Self: Sendable, Self.Element: Sendable {
        AsyncDebounceSequence(base: self)
    }

    /// swift-async-algorithms' `throttle(for:clock:latest:)`.
    public func throttle<C: Clock>(
        for interval: C.Instant.Duration,
        clock: C,
        latest: Bool = true
    ) -> AsyncThrottleSequence<Self, C, Element> {
        AsyncThrottleSequence(base: self)
    }

    /// swift-async-algorithms' `throttle(for:latest:)` (continuous clock).
    public func throttle(
        for interval: Duration,
        latest: Bool = true
    ) -> AsyncThrottleSequence<Self, ContinuousClock, Element> {
        AsyncThrottleSequence(base: self)
    }
}

/// The stand-in for swift-async-algorithms' `AsyncRemoveDuplicatesSequence`.
public struct AsyncRemoveDuplicatesSequence<Base: AsyncSequence>: AsyncSequence {
    public typealias Element = Base.Element
    let base: Base

    public func makeAsyncIterator() -> PassThroughIterator<Base> {
        PassThroughIterator(base: base.makeAsyncIterator())
    }
}

/// The stand-in for swift-async-algorithms' `AsyncDebounceSequence`.
public struct AsyncDebounceSequence<Base: AsyncSequence & Sendable, C: Clock>: AsyncSequence, Sendable
where Base.Element: Sendable {
    public typealias Element = Base.Element
    let base: Base

    public func makeAsyncIterator() -> PassThroughIterator<Base> {
        PassThroughIterator(base: base.makeAsyncIterator())
    }
}

/// The stand-in for swift-async-algorithms' `AsyncThrottleSequence`.
public struct AsyncThrottleSequence<Base: AsyncSequence, C: Clock, Reduced>: AsyncSequence
where Reduced == Base.Element {
    public typealias Element = Reduced
    let base: Base

    public func makeAsyncIterator() -> PassThroughIterator<Base> {
        PassThroughIterator(base: base.makeAsyncIterator())
    }
}

/// Iterates a base sequence unchanged.
public struct PassThroughIterator<Base: AsyncSequence>: AsyncIteratorProtocol {
    var base: Base.AsyncIterator

    public mutating func next() async throws -> Base.Element? {
        try await base.next()
    }
}

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
    AsyncMerge2Sequence(base1: base1, base2: base2)
}

/// The stand-in for swift-async-algorithms' `AsyncMerge2Sequence` (yields only its first base).
public struct AsyncMerge2Sequence<Base1: AsyncSequence, Base2: AsyncSequence>: AsyncSequence
where Base1.Element == Base2.Element {
    public typealias Element = Base1.Element
    let base1: Base1
    let base2: Base2

    public func makeAsyncIterator() -> PassThroughIterator<Base1> {
        PassThroughIterator(base: base1.makeAsyncIterator())
    }
}
