import AsyncAlgorithmsLookalike
import StreamRouter
import Testing

/// An `Equatable` element that is not `Sendable`.
private final class Unshared: Equatable {
    let id: Int

    init(id: Int) {
        self.id = id
    }

    static func == (lhs: Unshared, rhs: Unshared) -> Bool {
        lhs.id == rhs.id
    }
}

/// What each call picks when a file imports both StreamRouter and a module with
/// swift-async-algorithms 1.1.5's public names and signatures (the DocC article "If you also
/// import swift-async-algorithms" quotes these results, and its recommended spellings are the
/// ones compiled here).
@Suite struct AsyncAlgorithmsResolutionTests {
    typealias Paths = SubjectStream<String>
    let paths = Navigator(initialPath: "/").paths
    let clock = ContinuousClock()

    @Test func removeDuplicatesPicksOursUnlessOnlyTheirsApplies() {
        // Both apply: ours is the narrower declaration (Element: Sendable) or the exact closure type.
        #expect(type(of: paths.removeDuplicates()) == DeduplicatedSequence<Paths>.self)
        #expect(type(of: paths.removeDuplicates(by: { $0 == $1 })) == DeduplicatedSequence<Paths>.self)

        // Only theirs takes an `async` or a throwing predicate.
        let asyncPredicate: @Sendable (String, String) async -> Bool = { $0 == $1 }
        let throwingPredicate: @Sendable (String, String) async throws -> Bool = { $0 == $1 }
        #expect(type(of: paths.removeDuplicates(by: asyncPredicate)) == AsyncRemoveDuplicatesSequence<Paths>.self)
        #expect(
            type(of: paths.removeDuplicates(by: throwingPredicate))
                == AsyncThrowingRemoveDuplicatesSequence<Paths>.self
        )

        // Only theirs has `removeDuplicates()` for elements that are not `Sendable`.
        let unshared = AsyncStream<Unshared> { $0.finish() }
        #expect(
            type(of: unshared.removeDuplicates()) == AsyncRemoveDuplicatesSequence<AsyncStream<Unshared>>.self
        )
        #expect(
            type(of: unshared.removeDuplicates(by: { $0.id == $1.id }))
                == DeduplicatedSequence<AsyncStream<Unshared>>.self
        )
    }

    @Test func debouncePicksOursUnqualified() {
        #expect(
            type(of: paths.debounce(for: .seconds(1), clock: clock)) == DebouncedSequence<Paths, ContinuousClock>.self
        )
        #expect(type(of: paths.debounce(for: .seconds(1))) == DebouncedSequence<Paths, ContinuousClock>.self)
        // Only theirs has a `tolerance:`.
        #expect(
            type(of: paths.debounce(for: .seconds(1), tolerance: .milliseconds(10), clock: clock))
                == AsyncDebounceSequence<Paths, ContinuousClock>.self
        )
    }

    /// swift-async-algorithms has no public `throttle` in any 1.x release (only `_throttle`), so
    /// every `throttle` call is ours, with nothing to rank.
    @Test func throttleIsOnlyOurs() {
        #expect(
            type(of: paths.throttle(for: .seconds(1), clock: clock)) == ThrottledSequence<Paths, ContinuousClock>.self
        )
        #expect(
            type(of: paths.throttle(for: .seconds(1), clock: clock, latest: false))
                == ThrottledSequence<Paths, ContinuousClock>.self
        )
        #expect(type(of: paths.throttle(for: .seconds(1))) == ThrottledSequence<Paths, ContinuousClock>.self)

        // Theirs is spelled `_throttle`; its `reducing:` form exists only under that name.
        #expect(
            type(of: paths._throttle(for: .seconds(1), clock: clock))
                == _AsyncThrottleSequence<Paths, ContinuousClock, String>.self
        )
        let reduced = paths._throttle(for: .seconds(1), clock: clock) { (count: Int?, _: String) in (count ?? 0) + 1 }
        #expect(type(of: reduced) == _AsyncThrottleSequence<Paths, ContinuousClock, Int>.self)
    }

    @Test func mergeOfTwoOrThreeBasesIsTheirs() {
        #expect(type(of: merge(paths, paths)) == AsyncMerge2Sequence<Paths, Paths>.self)
        #expect(type(of: merge(paths, paths, paths)) == AsyncMerge3Sequence<Paths, Paths, Paths>.self)
        #expect(type(of: merge([paths, paths, paths])) == MergedSequence<Paths>.self)
        #expect(type(of: merge(paths, paths, paths, paths)) == MergedSequence<Paths>.self)
        #expect(type(of: AsyncObservables.merge(paths, paths)) == MergedSequence<Paths>.self)
        #expect(type(of: AsyncAlgorithmsLookalike.merge(paths, paths)) == AsyncMerge2Sequence<Paths, Paths>.self)
    }

    /// The spellings the article recommends for picking the other package's operator.
    @Test func theArticlesSpellingsPickEachPackage() {
        // By the result type.
        let deduplicated: AsyncRemoveDuplicatesSequence = paths.removeDuplicates()
        let debounced: AsyncDebounceSequence = paths.debounce(for: .seconds(1))
        let ours: DebouncedSequence = paths.debounce(for: .seconds(1))
        #expect(type(of: deduplicated) == AsyncRemoveDuplicatesSequence<Paths>.self)
        #expect(type(of: debounced) == AsyncDebounceSequence<Paths, ContinuousClock>.self)
        #expect(type(of: ours) == DebouncedSequence<Paths, ContinuousClock>.self)

        // By a module selector (Swift 6.3 and later).
        let theirs = paths.AsyncAlgorithmsLookalike::debounce(for: .seconds(1), clock: clock)
        let oursAgain = paths.AsyncObservables::debounce(for: .seconds(1), clock: clock)
        #expect(type(of: theirs) == AsyncDebounceSequence<Paths, ContinuousClock>.self)
        #expect(type(of: oursAgain) == DebouncedSequence<Paths, ContinuousClock>.self)
    }
}
