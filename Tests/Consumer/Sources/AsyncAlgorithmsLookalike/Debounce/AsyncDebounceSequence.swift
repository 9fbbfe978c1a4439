// swift-async-algorithms 1.1.5's `debounce` (Sources/AsyncAlgorithms/Debounce/
// AsyncDebounceSequence.swift): the same public names, generic constraints and signatures;
// the body passes every element through (the real one runs a task and a clock). Its
// `where Self: Sendable, Self.Element: Sendable` is why a base with non-`Sendable` elements
// has no `debounce` at all, from either package. The real declarations also carry
// `@available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *)`, below this package's
// minimum platforms.

extension AsyncSequence {
    /// swift-async-algorithms' `debounce(for:tolerance:clock:)`.
    public func debounce<C: Clock>(
        for interval: C.Instant.Duration,
        tolerance: C.Instant.Duration? = nil,
        clock: C
    ) -> AsyncDebounceSequence<Self, C> where Self: Sendable, Self.Element: Sendable {
        AsyncDebounceSequence(self)
    }

    /// swift-async-algorithms' `debounce(for:tolerance:)`, on the continuous clock.
    public func debounce(
        for interval: Duration,
        tolerance: Duration? = nil
    ) -> AsyncDebounceSequence<Self, ContinuousClock> where Self: Sendable, Self.Element: Sendable {
        AsyncDebounceSequence(self)
    }
}

/// The stand-in for swift-async-algorithms' `AsyncDebounceSequence`.
public struct AsyncDebounceSequence<Base: AsyncSequence & Sendable, C: Clock>: Sendable where Base.Element: Sendable {
    private let base: Base

    init(_ base: Base) {
        self.base = base
    }
}

extension AsyncDebounceSequence: AsyncSequence {
    public typealias Element = Base.Element

    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator())
    }
}

extension AsyncDebounceSequence {
    /// The stand-in's iterator: the base's elements, unchanged.
    public struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator

        public mutating func next() async rethrows -> Element? {
            try await base.next()
        }
    }
}

@available(*, unavailable)
extension AsyncDebounceSequence.Iterator: Sendable {}
