import AsyncObservables
import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// A navigation started from inside a guard, preparation or transition handler of the same
/// router fails at once with `.reentrantNavigation` instead of waiting forever.
@Suite(.suiteLimit) struct GuardReentrancyTests {
    typealias Route = RouterTestRoute

    static let url = URL(string: "https://example.com/b")!

    static func router(_ concurrency: NavigationOptions.Concurrency = .queue) -> Router<Route> {
        Router<Route>(
            urlMatchers: .group("example.com") { $0.map("b") { .b } },
            options: NavigationOptions(concurrency: concurrency))
    }

    /// Each way of navigating, tried from inside a hook.
    enum Reentry: String, CaseIterable, CustomTestStringConvertible {
        case navigate, navigateBack, replace, perform, navigateReturning, resumeRedirected
        case openURL, streamsNavigate, streamsOpenURL

        var testDescription: String { rawValue }

        /// Navigates `router` this way.
        /// - Returns: Whether the navigation failed (threw, or answered `false`).
        func attempt(on router: Router<Route>) async -> Bool {
            do {
                switch self {
                case .navigate: try await router.navigate(to: .b)
                case .navigateBack: try await router.navigateBack()
                case .replace: try await router.replace(with: [.c])
                case .perform: try await router.perform(.toRoot)
                case .navigateReturning: _ = try await router.navigate(to: .b, returning: Int.self)
                case .resumeRedirected: return try await router.resumeRedirected() == false
                case .openURL: return await router.openURL(GuardReentrancyTests.url) == false
                case .streamsNavigate: for try await _ in router.streams.navigate(to: .b) {}
                case .streamsOpenURL:
                    for await handled in router.streams.openURL(GuardReentrancyTests.url) { return !handled }
                }
                return false
            } catch {
                return error == .reentrantNavigation
            }
        }
    }

    /// Under `.latestWins` too: the re-entrant navigation supersedes nothing.
    @Test(arguments: Reentry.allCases, [NavigationOptions.Concurrency.queue, .latestWins])
    func aGuardNavigatingItsOwnRouterFailsAtOnce(way: Reentry, concurrency: NavigationOptions.Concurrency) async throws
    {
        let router = Self.router(concurrency)
        let failed = _Locked<Bool?>(nil)
        router.addGuard(named: "nested") { [weak router] pending in
            if pending.destinations == [.a], let router {
                failed.withLock { $0 = nil }
                let result = await way.attempt(on: router)
                failed.withLock { $0 = result }
            }
            return .allow
        }
        let events = StreamRecorder(router.events)
        try await router.navigate(to: .a)
        #expect(router.stack == [.a])
        if way == .resumeRedirected {
            #expect(failed.withLock { $0 } == true, "nothing to resume: false, without waiting")
            return
        }
        #expect(failed.withLock { $0 } == true)
        let recorded = try await events.next(way == .openURL || way == .streamsOpenURL ? 5 : 4)
        let failures = recorded.compactMap { event -> NavigationError? in
            if case .failed(_, let error) = event { error } else { nil }
        }
        #expect(failures == [.reentrantNavigation])
        #expect(recorded.last.map { if case .completed = $0 { true } else { false } } ?? false)
    }

    @Test func aResumedRedirectFromInsideAGuardFailsAtOnce() async throws {
        let router = Self.router()
        router.addGuard(named: "login") { pending in
            pending.destinations == [.settings] ? .redirect(to: .login) : .allow
        }
        try await router.navigate(to: .settings)
        let failed = _Locked(false)
        router.addGuard(named: "nested") { [weak router] pending in
            if pending.destinations == [.a], let router {
                let error = await navigationError { try await router.resumeRedirected() }
                failed.withLock { $0 = error == .reentrantNavigation }
            }
            return .allow
        }
        try await router.navigate(to: .a)
        #expect(failed.withLock { $0 })
        #expect(router.stack == [.login, .a])
        #expect(router.redirectedRequest?.operation == .navigate(to: [.settings]), "kept for a later call")
    }

    @Test func restoringFromInsideAGuardFailsAtOnceAndKeepsTheSavedState() async throws {
        let store = InMemoryStateStore()
        let first = Router<Route>(store: store)
        try await first.navigate(to: [.a, .b])
        first.flush()
        let router = Router<Route>(store: store, restoring: .throughGuards)
        let outcome = _Locked<PersistenceEvent?>(nil)
        router.addGuard(named: "nested") { [weak router] pending in
            if pending.destinations == [.c], let router {
                let event = await router.restore()
                outcome.withLock { $0 = event }
            }
            return .allow
        }
        try await router.navigate(to: .c)
        #expect(outcome.withLock { $0 } == .restoreRefused(.reentrantNavigation))
        #expect(router.restoration == nil, "nothing recorded")
        #expect(await router.restore() == .restored)
        #expect(router.stack == [.a, .b])
    }

    @Test func aPreparationOrATransitionHandlerNavigatingFailsAtOnce() async throws {
        let router = Self.router()
        let errors = _Locked<[NavigationError?]>([])
        router.addPreparation(named: "load") { [weak router] route in
            guard route == .fancy, let router else { return }
            let error = await navigationError { try await router.navigate(to: .b) }
            errors.withLock { $0.append(error) }
        }
        router.registerTransition("fade") { [weak router] _, _ in
            guard let router else { return }
            let error = await navigationError { try await router.navigateBack() }
            errors.withLock { $0.append(error) }
        }
        try await router.navigate(to: .fancy)
        #expect(errors.withLock { $0 } == [.reentrantNavigation, .reentrantNavigation])
        #expect(router.stack == [.fancy])
    }

    @Test func aDetachedNavigationFromAGuardRunsAfterTheCurrentOneCommits() async throws {
        let router = Self.router()
        let spawned = _Locked<Task<Void, any Error>?>(nil)
        router.addGuard(named: "spawner") { [weak router] pending in
            if pending.destinations == [.a], let router {
                spawned.withLock {
                    $0 = Task.detached { try await router.navigate(to: .b) }
                }
            }
            return .allow
        }
        try await router.navigate(to: .a)
        let task = try #require(spawned.withLock { $0 })
        try await task.value
        #expect(router.stack == [.a, .b])
    }

    @Test func aLoaderNavigatingItsOwnRouterFailsAtOnce() async throws {
        let router = Self.router()
        let error = _Locked<NavigationError?>(nil)
        router.addLoader(named: "nested") { [weak router] route in
            guard route == .a, let router else { return nil }
            let failure = await navigationError { try await router.navigate(to: .b) }
            error.withLock { $0 = failure }
            return 1
        }
        try await router.navigate(to: .a)
        #expect(error.withLock { $0 } == .reentrantNavigation)
        #expect(router.stack == [.a])
        #expect(router.loaded(Int.self, for: .a) == 1)
    }

    /// The loaders' fast path (loaders alone, queued) marks only the loader's own code; a
    /// task it starts inherits the mark, and a loader with a deadline (run in a child task)
    /// is marked too.
    @Test(arguments: [false, true])
    func aLoaderAwaitingATaskThatNavigatesFailsAtOnce(withDeadline: Bool) async throws {
        let router = Self.router()
        let error = _Locked<NavigationError?>(nil)
        router.addLoader(named: "spawner", deadline: withDeadline ? .seconds(60) : nil) { [weak router] route in
            guard route == .a, let router else { return nil }
            let failure = await Task { await navigationError { try await router.navigate(to: .b) } }.value
            error.withLock { $0 = failure }
            return 2
        }
        try await router.navigate(to: .a)
        #expect(error.withLock { $0 } == .reentrantNavigation)
        #expect(router.stack == [.a])
        #expect(router.loaded(Int.self, for: .a) == 2)
        // The marks ended with the loader: the next navigation takes its turn.
        try await router.navigate(to: .c)
        #expect(router.stack == [.a, .c])
    }

    /// A task a hook started (inheriting its task-locals) that navigates once the hook has
    /// returned is not re-entrant: nothing it waits for is waiting for it.
    @Test func aTaskAGuardStartedNavigatesAfterTheGuardReturned() async throws {
        let router = Self.router()
        let spawned = _Locked<Task<Void, any Error>?>(nil)
        let (allowed, allow) = AsyncStream.makeStream(of: Void.self)
        router.addGuard(named: "spawner") { [weak router] pending in
            if pending.destinations == [.a], let router {
                spawned.withLock {
                    $0 = Task {
                        for await _ in allowed { break }
                        try await router.navigate(to: .b)
                    }
                }
            }
            return .allow
        }
        try await router.navigate(to: .a)
        allow.yield()
        let task = try #require(spawned.withLock { $0 })
        try await task.value
        #expect(router.stack == [.a, .b])
    }

    @Test func aGuardMayNavigateAnotherRouter() async throws {
        let router = Self.router()
        let other = Self.router()
        router.addGuard(named: "mirror") { pending in
            try await other.navigate(to: pending.destinations)
            return .allow
        }
        try await router.navigate(to: .a)
        #expect(router.stack == [.a] && other.stack == [.a])
    }
}
