import Foundation
@_spi(Testing) import StreamRouter
import StreamRouterTesting
import Testing

/// Loaders: data fetched before the commit, kept per entry, released
/// when the entry leaves, preloaded, and cancelled by a later navigation.
@Suite(.suiteLimit) struct LoaderTests {
    typealias Route = RouterTestRoute

    /// A loaded value that counts its releases.
    final class Profile: Sendable {
        let id: Int
        let releases: _Locked<Int>

        init(id: Int, releases: _Locked<Int>) {
            self.id = id
            self.releases = releases
        }

        deinit { releases.withLock { $0 += 1 } }
    }

    @Test func theValueReachesTheScreenAndLeavesWithItsEntry() async throws {
        let router = Router<Route>()
        let releases = _Locked(0)
        let loads = _Locked(0)
        router.addLoader(named: "profile") { route in
            guard case .profile(let id) = route else { return nil }
            loads.withLock { $0 += 1 }
            return Profile(id: id, releases: releases)
        }
        let events = StreamRecorder(router.events)
        try await router.navigate(to: .profile(id: 3))
        #expect(router.loaded(Profile.self, for: .profile(id: 3))?.id == 3)
        #expect(router.loaded(String.self, for: .profile(id: 3)) == nil, "another type")
        #expect(router.loaded(Profile.self, for: .profile(id: 4)) == nil, "another route")
        try await router.navigate(to: .a)  // the loader has nothing for `.a`
        #expect(loads.withLock { $0 } == 1)
        #expect(router.loaded(Profile.self, for: .profile(id: 3))?.id == 3, "still on the stack")
        try await events.wait {
            $0.contains { if case .loaded(_, "profile", .profile(id: 3)) = $0 { true } else { false } }
        }
        try await router.navigateBack(2)
        #expect(router.loaded(Profile.self, for: .profile(id: 3)) == nil)
        #expect(releases.withLock { $0 } == 1, "released when its entry left")
    }

    /// `replace(with:)` keeps the entries left at their place: their values stay, and their
    /// loaders do not run again; a `.replace` route replacing itself keeps its entry too.
    @Test func entriesThatStayKeepTheirValuesAndRunNoLoader() async throws {
        let router = Router<Route>()
        let loaded = _Locked<[Route]>([])
        router.addLoader(named: "route") { route in
            loaded.withLock { $0.append(route) }
            return "\(route)"
        }
        try await router.navigate(to: [.home, .profile(id: 1)])
        try await router.replace(with: [.home, .profile(id: 2)])
        #expect(loaded.withLock { $0 } == [.home, .profile(id: 1), .profile(id: 2)])
        #expect(router.loaded(String.self, for: .home) == "home")
        #expect(router.loaded(String.self, for: .profile(id: 1)) == nil, "released with its entry")
        try await router.navigate(to: .swap)
        try await router.navigate(to: .swap)
        #expect(router.stack == [.home, .swap])
        #expect(loaded.withLock { $0.filter { $0 == .swap }.count } == 1)
        try await router.restore(RouterState(stack: [.home, .b]))  // a restored tree, too
        #expect(router.stack == [.home, .b])
        #expect(loaded.withLock { $0.filter { $0 == .home }.count } == 1, "home stayed: no loader")
        #expect(router.loaded(String.self, for: .home) == "home")
    }

    @Test func twoLoadersKeepBothValuesAndEntriesLeavingTogetherReleaseAll() async throws {
        let router = Router<Route>()
        let releases = _Locked(0)
        router.addLoader(named: "profile") { route in
            guard case .profile(let id) = route else { return nil }
            return Profile(id: id, releases: releases)
        }
        router.addLoader(named: "title") { route in
            guard case .profile(let id) = route else { return nil }
            return "Profile \(id)"
        }
        try await router.navigate(to: .profile(id: 1))
        try await router.navigate(to: .a)
        try await router.navigate(to: .profile(id: 2))
        #expect(router.loaded(Profile.self, for: .profile(id: 2))?.id == 2)
        #expect(router.loaded(String.self, for: .profile(id: 2)) == "Profile 2", "the second loader's value")
        #expect(router.loaded(String.self, for: .profile(id: 1)) == "Profile 1")
        // Every entry is new: both profiles' entries leave in one commit.
        try await router.replace(with: [.profile(id: 5), .a])
        #expect(releases.withLock { $0 } == 2, "both entries that left released their values")
        #expect(router.loaded(Profile.self, for: .profile(id: 1)) == nil)
        #expect(router.loaded(Profile.self, for: .profile(id: 5))?.id == 5)
        #expect(router.loaded(String.self, for: .profile(id: 5)) == "Profile 5")
        try await router.navigateBack()
        #expect(router.loaded(Profile.self, for: .profile(id: 5))?.id == 5, "its entry is still there")
        try await router.replace(with: [])
        #expect(releases.withLock { $0 } == 3)
    }

    @Test func eachEntryKeepsItsOwnValueAndTheTopmostIsRead() async throws {
        let router = Router<Route>()
        let counter = _Locked(0)
        router.addLoader(named: "count") { route in
            route == .a
                ? counter.withLock {
                    $0 += 1
                    return $0
                } : nil
        }
        try await router.navigate(to: .a)
        try await router.navigate(to: .b)
        try await router.navigate(to: .a)
        #expect(router.loaded(Int.self, for: .a) == 2, "the topmost entry holding `.a`")
        try await router.navigateBack(2)
        #expect(router.loaded(Int.self, for: .a) == 1)
    }

    @Test func aDismissalReleasesThePresentedValues() async throws {
        let router = Router<Route>()
        let releases = _Locked(0)
        router.addLoader(named: "sheet") { route in
            route == .sheet || route == .b ? Profile(id: 0, releases: releases) : nil
        }
        try await router.navigate(to: [.sheet, .b])
        #expect(router.loaded(Profile.self, for: .sheet) != nil)
        #expect(router.loaded(Profile.self, for: .b) != nil)
        try await router.dismiss()
        #expect(router.loaded(Profile.self, for: .sheet) == nil)
        #expect(releases.withLock { $0 } == 2)
    }

    @Test func aThrowingLoaderCancelsTheNavigation() async throws {
        struct Offline: Error {}
        let router = Router<Route>(state: RouterState(stack: [.home]))
        router.addLoader(named: "profile") { route in
            if case .profile = route { throw Offline() }
            return nil
        }
        await #expect(throws: NavigationError.loadFailed(name: "profile", reason: Offline())) {
            try await router.navigate(to: .profile(id: 1))
        }
        #expect(router.stack == [.home])
    }

    @Test func aLoaderPastItsDeadlineCancelsTheNavigation() async throws {
        let clock = TestClock()
        let router = Router<Route>()
        router.guardClock = clock
        router.addLoader(named: "slow", deadline: .seconds(2)) { route in
            try await clock.sleep(for: .seconds(10))
            return 1
        }
        let navigation = Task { try await router.navigate(to: .a) }
        try await clock.waitForSleepers(scheduled: 2)  // the loader and its deadline
        clock.advance(by: .seconds(2))
        await #expect(throws: NavigationError.deadlineExceeded(name: "slow", deadline: .seconds(2))) {
            try await navigation.value
        }
        #expect(router.stack == [])
    }

    @Test func aPreloadIsTakenByTheNextNavigationWithinItsLifetime() async throws {
        let clock = TestClock()
        let router = Router<Route>()
        router.guardClock = clock
        let loads = _Locked(0)
        router.addLoader(named: "profile") { route in
            guard case .profile(let id) = route else { return nil }
            loads.withLock { $0 += 1 }
            return id * 10
        }
        await router.preload(.profile(id: 4), for: .seconds(30))
        #expect(router.stack == [], "a preload never navigates")
        try await router.navigate(to: .profile(id: 4))
        #expect(loads.withLock { $0 } == 1, "the navigation took the preloaded value")
        #expect(router.loaded(Int.self, for: .profile(id: 4)) == 40)
        // A stale preload is not used.
        await router.preload(.profile(id: 5), for: .seconds(30))
        clock.advance(by: .seconds(31))
        try await router.navigate(to: .profile(id: 5))
        #expect(loads.withLock { $0 } == 3)
    }

    /// A router that goes away stops its preloads' timer: nothing sleeps on its clock.
    @Test func aReleasedRouterStopsItsPreloadTimer() async throws {
        let clock = TestClock()
        var router: Router<Route>? = Router<Route>()
        router?.guardClock = clock
        router?.addLoader(named: "profile") { _ in 1 }
        await router?.preload(.profile(id: 4), for: .seconds(30))
        try await clock.waitForSleepers(pending: 1)
        weak let released = router
        router = nil
        #expect(released == nil)
        try await clock.waitForSleepers(pending: 0, timeout: .seconds(10))
    }

    /// A navigation refused after it used a preloaded value leaves it for the next one: a
    /// refused navigation changes nothing.
    @Test func aRefusedNavigationLeavesThePreloadedValue() async throws {
        let clock = TestClock()
        let router = Router<Route>()
        router.guardClock = clock
        let loads = _Locked(0)
        struct Unavailable: Error {}
        router.addLoader(named: "profile") { route in
            if route == .a { throw Unavailable() }
            guard case .profile(let id) = route else { return nil }
            loads.withLock { $0 += 1 }
            return id * 10
        }
        await router.preload(.profile(id: 4), for: .seconds(30))
        await #expect(throws: NavigationError.self) { try await router.navigate(to: [.profile(id: 4), .a]) }
        #expect(router.stack == [])
        try await router.navigate(to: .profile(id: 4))
        #expect(loads.withLock { $0 } == 1, "the preloaded value was still there")
        #expect(router.loaded(Int.self, for: .profile(id: 4)) == 40)
        try await router.navigateBack()
        try await router.navigate(to: .profile(id: 4))
        #expect(loads.withLock { $0 } == 2, "the committed navigation took it")
    }

    @Test func aLoaderSupersededByALaterNavigationSeesTheCancellation() async throws {
        let clock = TestClock()
        let router = Router<Route>(options: NavigationOptions(concurrency: .latestWins))
        router.guardClock = clock
        let cancelled = _Locked(0)
        router.addLoader(named: "slow") { route in
            guard route == .a else { return nil }
            do {
                try await clock.sleep(for: .seconds(10))
            } catch {
                cancelled.withLock { $0 += 1 }
                throw error
            }
            return 1
        }
        let first = Task { try await router.navigate(to: .a) }
        try await clock.waitForSleepers(pending: 1)
        try await router.navigate(to: .b)
        await #expect(throws: NavigationError.superseded) { try await first.value }
        #expect(cancelled.withLock { $0 } == 1)
        #expect(router.stack == [.b])
        #expect(router.loaded(Int.self, for: .a) == nil)
        try await eventually { router.pendingNavigationCount == 0 }
    }

    /// DESIGN.md, "Navigations that supersede, ignore repeats and load", as written.
    enum AppRoute: RouteProvider {
        case home
        case product(id: Int)
    }

    struct Product: Sendable, Equatable {
        let id: Int
    }

    /// Stands in for the app's network layer.
    struct API: Sendable {
        let calls = _Locked(0)
        func product(_ id: Int) async throws -> Product {
            calls.withLock { $0 += 1 }
            return Product(id: id)
        }
    }

    @Test func designSnippet() async throws {
        let api = API()
        let router = Router<AppRoute>(options: NavigationOptions(concurrency: .latestWins, repeatedPush: .ignore))
        router.addLoader(named: "product") { (route: AppRoute) async throws -> (any Sendable)? in
            if case .product(let id) = route { try await api.product(id) } else { nil }
        }
        try await router.navigate(to: .product(id: 3))
        #expect(router.loaded(Product.self, for: .product(id: 3)) == Product(id: 3))
        await router.preload(.product(id: 4), for: .seconds(30))
        #expect(router.stack == [.product(id: 3)])
        try await router.navigate(to: .product(id: 4))
        #expect(api.calls.withLock { $0 } == 2, "the navigation took the preloaded product")
        try await router.navigate(to: .product(id: 4))  // a repeat: ignored
        #expect(router.stack == [.product(id: 3), .product(id: 4)])
    }

    @Test func theJournalRecordsEachLoadOnItsNavigation() async throws {
        let router = Router<Route>()
        router.addLoader(named: "profile") { route in
            if case .profile(let id) = route { id } else { nil }
        }
        router.addLoader(named: "badge") { route in route == .profile(id: 2) ? "new" : nil }
        router.startRecording(keepingNewest: 10)
        try await router.navigate(to: .profile(id: 2))
        try await router.navigate(to: .a)
        let journal = try #require(router.journal)
        #expect(journal.entries.map(\.loads) == [["profile", "badge"], []])
        #expect(journal.stepCount == 2, "a load is not a step of its own")
        let decoded = try JSONDecoder().decode(
            NavigationJournal<Route>.self, from: try JSONEncoder().encode(journal))
        #expect(decoded.entries.map(\.loads) == [["profile", "badge"], []])
    }

    @Test func removingALoaderStopsIt() async throws {
        let router = Router<Route>()
        let id = router.addLoader(named: "a") { route in route == .a ? 1 : nil }
        router.removeGuard(id)
        try await router.navigate(to: .a)
        #expect(router.loaded(Int.self, for: .a) == nil)
    }

    /// The loader parameter is `nonisolated(nonsending)`: a plain closure runs where the
    /// navigation runs, and a closure isolated to an actor is still accepted and runs on
    /// that actor (it reads the actor's state synchronously).
    @Test func aLoaderIsolatedToAnActorRunsThere() async throws {
        let router = Router<Route>()
        router.addLoader(named: "actor") { @LoaderTestActor route in
            guard route == .a else { return nil }
            LoaderTestActor.loads += 1
            return LoaderTestActor.loads
        }
        try await router.navigate(to: .a)
        #expect(router.loaded(Int.self, for: .a) == 1)
        #expect(await LoaderTestActor.run { LoaderTestActor.loads } == 1)
    }
}

/// The actor ``LoaderTests/aLoaderIsolatedToAnActorRunsThere()`` isolates its loader to.
@globalActor actor LoaderTestActor {
    static let shared = LoaderTestActor()
    /// How many loads ran on the actor.
    @LoaderTestActor static var loads = 0

    /// Runs `body` on the actor.
    static func run<T: Sendable>(_ body: @LoaderTestActor () -> T) async -> T {
        await body()
    }
}
