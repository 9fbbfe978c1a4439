import Foundation
@_spi(Testing) import StreamRouter
import StreamRouterTesting
import Testing

/// `async` URL mappings: resolved before the navigation takes its turn,
/// cancelled by the task and, under `.latestWins`, by a later navigation.
@Suite(.suiteLimit) struct AsyncURLMappingTests {
    typealias Route = RouterTestRoute

    /// Thrown by a resolution that finds nothing.
    struct NotFound: Error {}

    /// A group whose `@{handle}` mapping awaits `resolve` (a search on the network).
    static func group(_ resolve: @escaping @Sendable (String) async throws -> Int) -> URLMatcherGroup<Route> {
        .group("example.com") {
            $0.map("@{handle}") { match async throws in
                .profile(id: try await resolve(try match.param("handle")))
            }
            $0.map("settings") { .settings }
        }
    }

    static let account = URL(string: "https://example.com/@ada")!

    @Test func anAsyncMappingOpensItsRoute() async throws {
        let router = Router<Route>(urlMatchers: Self.group { $0 == "ada" ? 7 : 0 })
        #expect(await router.openURL(Self.account))
        #expect(router.stack == [.profile(id: 7)])
        #expect(await router.openURL(URL(string: "https://example.com/settings")!), "sync mappings beside it")
        #expect(router.stack == [.profile(id: 7), .settings])
    }

    /// The stream of `openURL` opens such a link as `openURL` does, and waits while links
    /// are held.
    @Test func theOpenURLStreamResolvesAnAsyncMappingAndWaitsWhileHeld() async throws {
        let router = Router<Route>(urlMatchers: Self.group { $0 == "ada" ? 7 : 0 })
        let answers = StreamRecorder(router.streams.openURL(Self.account))
        #expect(try await answers.waitForFinish() == [true])
        #expect(router.stack == [.profile(id: 7)])

        let settings = try #require(URL(string: "https://example.com/settings"))
        router.holdURLs(expiringAfter: .seconds(600))
        let held = StreamRecorder(router.streams.openURL(settings))
        await router.waitUntilHeld(1)
        #expect(router.stack == [.profile(id: 7)], "held, not opened")
        router.releaseURLs()
        #expect(try await held.waitForFinish() == [true])
        #expect(router.stack == [.profile(id: 7), .settings])
    }

    @Test func aBackTapDuringResolutionIsNotBlocked() async throws {
        let gate = Gate()
        let router = Router<Route>(
            state: RouterState(stack: [.home, .a]),
            urlMatchers: Self.group { _ in
                await gate.wait()
                return 7
            })
        let opening = Task { await router.openURL(Self.account) }
        try await gate.arrived(1)
        try await router.navigateBack()  // does not wait for the search
        #expect(router.stack == [.home])
        gate.open()
        #expect(await opening.value)
        #expect(router.stack == [.home, .profile(id: 7)])
    }

    @Test func aLaterNavigationSupersedesTheResolutionUnderLatestWins() async throws {
        let clock = TestClock()
        let router = Router<Route>(
            urlMatchers: Self.group { _ in
                try await clock.sleep(for: .seconds(10))
                return 7
            },
            options: NavigationOptions(concurrency: .latestWins))
        let events = StreamRecorder(router.events)
        let opening = Task { await router.openURL(Self.account) }
        try await clock.waitForSleepers(pending: 1)
        try await router.navigate(to: .b)
        #expect(await opening.value == false)
        #expect(router.stack == [.b])
        try await events.wait {
            $0.contains { $0 == .urlNotHandled(Self.account, reason: .navigationFailed(.superseded)) }
        }
        #expect(clock.sleeperCount == 0, "the resolution saw the cancellation")
        try await eventually { router.pendingNavigationCount == 0 }
    }

    /// A navigation called while the link's check runs, before its resolution starts, is
    /// later: it supersedes the link.
    @Test func aNavigationCalledDuringTheCheckSupersedesTheLink() async throws {
        let inCheck = _Locked(false)
        // The check is synchronous: it blocks on the release (and hands it on to any later call).
        let release = DispatchSemaphore(value: 0)
        let group = URLMatcherGroup<Route>.group("example.com") {
            $0.map(
                "@{handle}",
                accepting: { _ in
                    inCheck.withLock { $0 = true }
                    release.wait()
                    release.signal()
                    return true
                }
            ) { _ in .profile(id: 7) }
        }
        let router = Router<Route>(urlMatchers: group, options: NavigationOptions(concurrency: .latestWins))
        let opening = Task.detached { await router.openURL(Self.account) }
        try await eventually { inCheck.withLock { $0 } }
        try await router.navigate(to: .b)
        release.signal()
        #expect(await opening.value == false)
        #expect(router.stack == [.b])
    }

    @Test func theTasksCancellationCancelsTheResolution() async throws {
        let clock = TestClock()
        let router = Router<Route>(
            urlMatchers: Self.group { _ in
                try await clock.sleep(for: .seconds(10))
                return 7
            })
        let events = StreamRecorder(router.events)
        let opening = Task { await router.openURL(Self.account) }
        try await clock.waitForSleepers(pending: 1)
        opening.cancel()
        #expect(await opening.value == false)
        try await events.wait {
            $0.contains { $0 == .urlNotHandled(Self.account, reason: .navigationFailed(.taskCancelled)) }
        }
        #expect(router.stack == [])
        try await eventually { router.pendingNavigationCount == 0 }
    }

    @Test func aThrowingResolutionRefusesTheURL() async throws {
        let router = Router<Route>(urlMatchers: Self.group { _ in throw NotFound() })
        let events = StreamRecorder(router.events)
        #expect(await router.openURL(Self.account) == false)
        try await events.wait {
            $0.contains {
                $0
                    == .urlNotHandled(
                        Self.account, reason: .mappingFailed(pattern: "@{handle}", error: NotFound()))
            }
        }
    }

    @Test func canOpenSaysYesWhenThePatternMatchesAndMatchCannotAwait() async throws {
        let group = Self.group { _ in 7 }
        let router = Router<Route>(urlMatchers: group)
        #expect(router.canOpen(Self.account))
        #expect(router.canOpen(URL(string: "https://example.com/nowhere")!) == false)
        #expect(
            group.match(Self.account)
                == .failure(.mappingFailed(pattern: "@{handle}", error: URLAsyncMappingError.needsAwait)))
    }

    @Test func aTabRouterOpensTheResolvedRouteOnItsTab() async throws {
        let app = TabRouter<OptionsTab, Route>(
            tabs: [.home, .search], selected: .home, urlMatchers: Self.group { _ in 7 }
        ) { route in
            if case .profile = route { .search } else { nil }
        }
        #expect(await app.openURL(Self.account))
        #expect(app.selectedTab == .search)
        #expect(app.router(for: .search).stack == [.profile(id: 7)])
        #expect(app.router(for: .home).stack == [])
    }

    /// Links released after a held one whose mapping waits on the network do not wait for
    /// it, on a tab router as on a router.
    @Test func aTabRouterReleasesLinksWithoutWaitingForAnAwaitedOne() async throws {
        let gate = Gate()
        let app = TabRouter<OptionsTab, Route>(
            tabs: [.home, .search], selected: .home,
            urlMatchers: Self.group { _ in
                await gate.wait()
                return 7
            }
        ) { _ in nil }
        app.holdURLs(expiringAfter: .seconds(600))
        let account = Task { await app.openURL(Self.account) }
        try await eventually { app.heldURLs.count == 1 }
        let settings = Task { await app.openURL(URL(string: "https://example.com/settings")!) }
        try await eventually { app.heldURLs.count == 2 }
        app.releaseURLs()
        var openedFirst = true
        do {
            try await eventually(timeout: .seconds(10)) { app.router(for: .home).stack == [.settings] }
        } catch {
            openedFirst = false
        }
        gate.open()
        #expect(openedFirst, "the settings link opens while the other one waits on the network")
        #expect(await settings.value)
        #expect(await account.value)
        #expect(app.router(for: .home).stack == [.settings, .profile(id: 7)])
    }
}
