// swift-async-algorithms 1.1.5's throttle (Sources/AsyncAlgorithms/AsyncThrottleSequence.swift):
// in every 1.x release it is public only as `_throttle` returning `_AsyncThrottleSequence` (its
// guide, Throttle.md, shows `throttle` and `AsyncThrottleSequence`, names the source does not
// have). The same public names, generic constraints and signatures; the body passes every
// element through. No `Sendable` requirement: `_throttle` applies to any base. The real
// declarations also carry `@available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *)`.

extension AsyncSequence {
    /// swift-async-algorithms' `_throttle(for:clock:reducing:)`.
    public func _throttle<C: Clock, Reduced>(
        for interval: C.Instant.Duration,
        clock: C,
        reducing: @Sendable @escaping (Reduced?, Element) async -> Reduced
    ) -> _AsyncThrottleSequence<Self, C, Reduced> {
        _AsyncThrottleSequence(self, reducing: reducing)
    }

    /// swift-async-algorithms' `_throttle(for:reducing:)`, on the continuous clock.
    public func _throttle<Reduced>(
        for interval: Duration,
        reducing: @Sendable @escaping (Reduced?, Element) async -> Reduced
    ) -> _AsyncThrottleSequence<Self, ContinuousClock, Reduced> {
        _AsyncThrottleSequence(self, reducing: reducing)
    }

    /// swift-async-algorithms' `_throttle(for:clock:latest:)`.
    public func _throttle<C: Clock>(
        for interval: C.Instant.Duration,
        clock: C,
        latest: Bool = true
    ) -> _AsyncThrottleSequence<Self, C, Element> {
        _AsyncThrottleSequence(self) { _, element in element }
    }

    /// swift-async-algorithms' `_throttle(for:latest:)`, on the continuous clock.
    public func _throttle(
        for interval: Duration,
        latest: Bool = true
    ) -> _AsyncThrottleSequence<Self, ContinuousClock, Element> {
        _AsyncThrottleSequence(self) { _, element in element }
    }
}

/// The stand-in for swift-async-algorithms' `_AsyncThrottleSequence`.
public struct _AsyncThrottleSequence<Base: AsyncSequence, C: Clock, Reduced> {
    let base: Base
    let reducing: @Sendable (Reduced?, Base.Element) async -> Reduced

    init(_ base: Base, reducing: @Sendable @escaping (Reduced?, Base.Element) async -> Reduced) {
        self.base = base
        self.reducing = reducing
    }
}

extension _AsyncThrottleSequence: AsyncSequence {
    public typealias Element = Reduced

    /// The stand-in's iterator: each base element reduced on its own, none held back.
    public struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let reducing: @Sendable (Reduced?, Base.Element) async -> Reduced

        public mutating func next() async rethrows -> Reduced? {
            guard let element = try await base.next() else { return nil }
            return await reducing(nil, element)
        }
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), reducing: reducing)
    }
}

extension _AsyncThrottleSequence: Sendable where Base: Sendable, Element: Sendable {}

@available(*, unavailable)
extension _AsyncThrottleSequence.Iterator: Sendable {}
