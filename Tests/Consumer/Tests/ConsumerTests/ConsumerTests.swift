import AsyncAlgorithmsLookalike
import StreamRouter
import StreamRouterTesting
import Testing

enum ConsumerRoute: RouteProvider {
    case home
    case profile(id: Int)
}

@Suite struct ConsumerTests {
    @Test func navigatesAndObserves() async throws {
        let navigator = Navigator(initialPath: "/")
        let paths = StreamRecorder(navigator.paths)
        navigator.navigate("news")
        navigator.navigate("/settings/user")
        #expect(try await paths.next(3) == ["/", "/news", "/settings/user"])

        let router = Router<ConsumerRoute>()
        let events = StreamRecorder(router.events)
        try await router.navigate(to: .profile(id: 3))
        #expect(router.stack == [.profile(id: 3)])
        try await events.wait { events in
            events.contains { if case .completed = $0 { true } else { false } }
        }
        #expect(events.values.first?.request?.operation == .navigate(to: [.profile(id: 3)]))
    }

    /// What an unqualified call picks when StreamRouter and a module with swift-async-algorithms'
    /// names and signatures are both imported (the DocC article "Importing
    /// swift-async-algorithms too" quotes these results).
    @Test func operatorsResolveWhenBothAreImported() {
        let paths = Navigator(initialPath: "/").paths
        typealias Paths = SubjectStream<String>

        // Unqualified: StreamRouter's operators win overload ranking.
        #expect(type(of: paths.removeDuplicates()) == DeduplicatedSequence<Paths>.self)
        #expect(type(of: paths.removeDuplicates(by: { $0 == $1 })) == DeduplicatedSequence<Paths>.self)
        #expect(
            type(of: paths.debounce(for: .seconds(1), clock: ContinuousClock()))
                == DebouncedSequence<Paths, ContinuousClock>.self
        )
        #expect(
            type(of: paths.throttle(for: .seconds(1), clock: ContinuousClock()))
                == ThrottledSequence<Paths, ContinuousClock>.self
        )

        #expect(type(of: paths.debounce(for: .seconds(1))) == DebouncedSequence<Paths, ContinuousClock>.self)
        #expect(type(of: paths.throttle(for: .seconds(1))) == ThrottledSequence<Paths, ContinuousClock>.self)

        // A free function: the peer's two-base `merge` is the more specific (not variadic).
        #expect(type(of: merge(paths, paths)) == AsyncMerge2Sequence<Paths, Paths>.self)
        #expect(type(of: merge([paths, paths, paths])) == MergedSequence<Paths>.self)
        #expect(type(of: AsyncObservables.merge(paths, paths)) == MergedSequence<Paths>.self)

        // The other package's operator, chosen by the result type or by a module selector.
        let deduplicated: AsyncRemoveDuplicatesSequence = paths.removeDuplicates()
        let debounced: AsyncDebounceSequence = paths.debounce(for: .seconds(1), clock: ContinuousClock())
        let throttled = paths.AsyncAlgorithmsLookalike::throttle(for: .seconds(1), clock: ContinuousClock())
        #expect(type(of: deduplicated) == AsyncRemoveDuplicatesSequence<Paths>.self)
        #expect(type(of: debounced) == AsyncDebounceSequence<Paths, ContinuousClock>.self)
        #expect(type(of: throttled) == AsyncThrottleSequence<Paths, ContinuousClock, String>.self)

        // And StreamRouter's by its module, AsyncObservables (re-exported by StreamRouter).
        let ours = paths.AsyncObservables::debounce(for: .seconds(1), clock: ContinuousClock())
        #expect(type(of: ours) == DebouncedSequence<Paths, ContinuousClock>.self)
    }
}
