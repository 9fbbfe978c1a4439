import AsyncObservables
import Foundation
import StreamRouterTesting
import Testing

@testable import StreamRouter

/// Deep links held while the app is not ready (`holdURLs`), released in order through the
/// guards, expiring on the router's `guardClock` (a `TestClock` here), and cancelled.
@Suite(.suiteLimit) struct HeldURLTests {
    enum Tab: String, CaseIterable, Codable, Sendable {
        case shop, orders
    }

    enum Route: RouteProvider {
        case home
        case onboarding
        case orders
        case order(id: Int)
        case product(Int)
        case promo(String)

        var tab: Tab? {
            switch self {
            case .orders, .order: .orders
            case .product: .shop
            default: nil
            }
        }

        static func registerURLs() -> URLMatcherGroup<Route>? {
            .group("shop.example.com") {
                $0.mapStack("orders/{id}") { [.orders, .order(id: try $0.param("id"))] }
                $0.map("product/{id}") { try .product($0.param("id")) }
                $0.map("promo/{code}") { match in
                    let code = try match.param("code") as String
                    guard !Promotions.ended.withLock({ $0.contains(code) }) else { throw PromotionEnded() }
                    return .promo(code)
                }
            }
        }
    }

    /// The promotions that ended (a mapping that stops matching while its link is held).
    enum Promotions {
        static let ended = _Locked<Set<String>>([])
    }

    struct PromotionEnded: Error {}
    struct NotLoggedIn: Error {}

    static func url(_ path: String) throws -> URL {
        try #require(URL(string: "https://shop.example.com/\(path)"))
    }

    /// The reasons published for URLs not handled, in order.
    static func reasons(_ events: [RouterEvent<Route>]) -> [URLNotHandledReason] {
        events.compactMap { if case .urlNotHandled(_, let reason) = $0 { reason } else { nil } }
    }

    @Test func aLinkOpenedDuringOnboardingOpensAfterLoginThroughTheGuard() async throws {
        let router = Router<Route>()
        let loggedIn = _Locked(false)
        router.addGuard(named: "login") { pending in
            let needsLogin = pending.destinations.contains { if case .product = $0 { true } else { false } }
            return needsLogin && !loggedIn.withLock({ $0 }) ? .cancel(NotLoggedIn()) : .allow
        }
        router.holdURLs(expiringAfter: .seconds(600))
        let link = try Self.url("product/3")
        let opening = Task { await router.openURL(link) }
        try await eventually { router.heldURLs == [link] }
        try await router.navigate(to: .onboarding)
        try await router.replace(with: [.home])
        #expect(router.stack == [.home], "navigations run while links are held")
        #expect(router.heldURLs == [link], "the link survives them")
        loggedIn.withLock { $0 = true }
        router.releaseURLs()
        #expect(await opening.value)
        #expect(router.stack == [.home, .product(3)])
        #expect(router.heldURLs.isEmpty)
        #expect(await router.openURL(try Self.url("product/4")), "released: links open at once")
        #expect(router.stack == [.home, .product(3), .product(4)])
    }

    @Test func aReleasedLinkGoesThroughTheGuards() async throws {
        let router = Router<Route>()
        router.addGuard(named: "login") { _ in .cancel(NotLoggedIn()) }
        let events = StreamRecorder(router.events)
        router.holdURLs(expiringAfter: .seconds(600))
        let link = try Self.url("product/3")
        let opening = Task { await router.openURL(link) }
        try await eventually { router.heldURLs.count == 1 }
        router.releaseURLs()
        #expect(await opening.value == false)
        try await events.wait { Self.reasons($0).count == 1 }
        guard case .navigationFailed(.cancelledByGuard(name: "login", _)) = Self.reasons(events.values)[0] else {
            Issue.record("expected the guard's refusal, got \(Self.reasons(events.values))")
            return
        }
    }

    @Test func heldLinksOpenInTheOrderTheyCame() async throws {
        let router = Router<Route>()
        router.holdURLs(expiringAfter: .seconds(600))
        let first = try Self.url("product/1")
        let second = try Self.url("product/2")
        let third = try Self.url("orders/3")
        let firstOpening = Task { await router.openURL(first) }
        try await eventually { router.heldURLs == [first] }
        let secondOpening = Task { await router.openURL(second) }
        try await eventually { router.heldURLs == [first, second] }
        let thirdOpening = Task { await router.openURL(third) }
        try await eventually { router.heldURLs == [first, second, third] }
        let actions = StreamRecorder(router.events)
        router.releaseURLs()
        let opened = [await firstOpening.value, await secondOpening.value, await thirdOpening.value]
        #expect(opened == [true, true, true])
        #expect(router.stack == [.orders, .order(id: 3)], "the last one built its stack")
        try await actions.wait { events in events.filter { $0.state != nil }.count == 3 }
        let committed = actions.values.compactMap { $0.state?.stack }
        #expect(committed == [[.product(1)], [.product(1), .product(2)], [.orders, .order(id: 3)]])
    }

    @Test func eachHeldLinkExpiresOnItsOwnOnTheGuardClock() async throws {
        let router = Router<Route>()
        let clock = TestClock()
        router.guardClock = clock
        let events = StreamRecorder(router.events)
        router.holdURLs(expiringAfter: .seconds(600))
        let early = try Self.url("product/1")
        let late = try Self.url("product/2")
        let earlyOpening = Task { await router.openURL(early) }
        try await eventually { router.heldURLs == [early] }
        try await clock.waitForSleepers(scheduled: 1)
        clock.advance(by: .seconds(300))
        let lateOpening = Task { await router.openURL(late) }
        try await eventually { router.heldURLs == [early, late] }
        clock.advance(by: .seconds(300))
        #expect(await earlyOpening.value == false, "600 s after it was opened")
        try await eventually { router.heldURLs == [late] }
        try await clock.waitForSleepers(scheduled: 2)
        clock.advance(by: .seconds(299))
        #expect(router.heldURLs == [late])
        clock.advance(by: .seconds(1))
        #expect(await lateOpening.value == false)
        #expect(router.heldURLs.isEmpty && router.stack.isEmpty)
        try await events.wait { Self.reasons($0).count == 2 }
        let expired = events.values.compactMap { event -> URL? in
            if case .urlNotHandled(let url, .expired) = event { url } else { nil }
        }
        #expect(expired == [early, late])
        router.releaseURLs()
        #expect(await router.openURL(try Self.url("product/3")), "the hold ended")
    }

    @Test func aHeldLinkThatNoLongerMatchesIsReported() async throws {
        let router = Router<Route>()
        let events = StreamRecorder(router.events)
        router.holdURLs(expiringAfter: .seconds(600))
        let promo = try Self.url("promo/SUMMER-held")
        let opening = Task { await router.openURL(promo) }
        try await eventually { router.heldURLs == [promo] }
        Promotions.ended.withLock { _ = $0.insert("SUMMER-held") }
        router.releaseURLs()
        #expect(await opening.value == false)
        try await events.wait { Self.reasons($0).count == 1 }
        guard case .mappingFailed(pattern: _, error: let error) = Self.reasons(events.values)[0] else {
            Issue.record("expected the mapping's error, got \(Self.reasons(events.values))")
            return
        }
        #expect(error is PromotionEnded)
    }

    @Test func aLinkThatCouldNeverOpenIsNotHeld() async throws {
        let router = Router<Route>(policy: InputPolicy(maximumURLLength: 60))
        let events = StreamRecorder(router.events)
        router.holdURLs(expiringAfter: .seconds(600))
        #expect(await router.openURL(try Self.url("nowhere")) == false)
        #expect(await router.openURL(try Self.url("product/" + String(repeating: "9", count: 80))) == false)
        #expect(router.heldURLs.isEmpty)
        try await events.wait { Self.reasons($0).count == 2 }
        let reasons = Self.reasons(events.values)
        #expect(reasons.first == .noMatchingPath("/nowhere"))
        guard case .rejectedInput = reasons.last else {
            Issue.record("expected the input policy's refusal, got \(reasons)")
            return
        }
    }

    @Test func cancellingAWaitingTaskReturnsFalseAndForgetsTheLink() async throws {
        let router = Router<Route>()
        let events = StreamRecorder(router.events)
        router.holdURLs(expiringAfter: .seconds(600))
        let kept = try Self.url("product/1")
        let dropped = try Self.url("product/2")
        let keptOpening = Task { await router.openURL(kept) }
        try await eventually { router.heldURLs == [kept] }
        let droppedOpening = Task { await router.openURL(dropped) }
        try await eventually { router.heldURLs == [kept, dropped] }
        droppedOpening.cancel()
        #expect(await droppedOpening.value == false)
        #expect(router.heldURLs == [kept])
        try await events.wait { Self.reasons($0) == [.navigationFailed(.taskCancelled)] }
        router.releaseURLs()
        #expect(await keptOpening.value)
        #expect(router.stack == [.product(1)])
    }

    @Test func aTaskCancelledBeforeItWaitsIsNotHeld() async throws {
        let router = Router<Route>()
        router.holdURLs(expiringAfter: .seconds(600))
        let link = try Self.url("product/1")
        let gate = Gate()
        let opening = Task {
            await gate.wait()
            return await router.openURL(link)
        }
        opening.cancel()
        gate.open()
        #expect(await opening.value == false)
        #expect(router.heldURLs.isEmpty)
    }

    @Test func aTabRouterHoldsAndReleasesOntoTheLinksTabs() async throws {
        let app = TabRouter<Tab, Route>(tabs: Tab.allCases, selected: .shop) { $0.tab }
        app.holdURLs(expiringAfter: .seconds(600))
        let order = try Self.url("orders/9")
        let product = try Self.url("product/4")
        let orderOpening = Task { await app.openURL(order) }
        try await eventually { app.heldURLs == [order] }
        let productOpening = Task { await app.openURL(product) }
        try await eventually { app.heldURLs == [order, product] }
        try await app.navigate(to: .home)
        #expect(app.selectedTab == .shop && app.router(for: .shop).stack == [.home])
        app.releaseURLs()
        let opened = [await orderOpening.value, await productOpening.value]
        #expect(opened == [true, true])
        #expect(app.router(for: .orders).stack == [.orders, .order(id: 9)])
        #expect(app.router(for: .shop).stack == [.home, .product(4)])
        #expect(app.selectedTab == .shop, "the last link's tab, selected last")
        #expect(app.heldURLs.isEmpty)
    }

    @Test func aTabRoutersHeldLinkExpiresOnTheSelectedTabsClock() async throws {
        let app = TabRouter<Tab, Route>(tabs: Tab.allCases, selected: .shop) { $0.tab }
        let clock = TestClock()
        app.router(for: .shop).guardClock = clock
        let events = StreamRecorder(app.events)
        app.holdURLs(expiringAfter: .seconds(60))
        let link = try Self.url("orders/1")
        let opening = Task { await app.openURL(link) }
        try await eventually { app.heldURLs == [link] }
        try await clock.waitForSleepers(scheduled: 1)
        clock.advance(by: .seconds(60))
        #expect(await opening.value == false)
        try await events.wait { events in
            events.contains { if case .urlNotHandled(link, .expired) = $0.event { true } else { false } }
        }
        let cancelled = Task { await app.openURL(link) }
        try await eventually { app.heldURLs == [link] }
        cancelled.cancel()
        #expect(await cancelled.value == false)
        #expect(app.heldURLs.isEmpty)
    }

    @Test func aSplitRouterHoldsThroughItsRouter() async throws {
        let split = SplitRouter<Route>(columns: .double)
        split.holdURLs(expiringAfter: .seconds(600))
        let link = try Self.url("orders/5")
        let opening = Task { await split.openURL(link) }
        try await eventually { split.heldURLs == [link] }
        #expect(split.router.heldURLs == [link])
        split.releaseURLs()
        #expect(await opening.value)
        #expect(split.sidebar == .orders && split.detail == [.order(id: 5)])
    }

    /// A link whose mapping is `async` is held like any other, and resolved when released;
    /// the links after it do not wait for the network.
    @Test func aHeldLinkWithAnAsyncMappingResolvesWhenReleased() async throws {
        let resolving = Gate()
        let matchers = URLMatcherGroup<Route>.group("shop.example.com") {
            $0.map("product/{id}") { try .product($0.param("id")) }
            $0.map("promo/{code}") { match async throws in
                await resolving.wait()
                return .promo(try match.param("code"))
            }
        }
        let router = Router<Route>(urlMatchers: matchers)
        router.holdURLs(expiringAfter: .seconds(600))
        let promo = try Self.url("promo/SPRING")
        let product = try Self.url("product/2")
        let promoOpening = Task { await router.openURL(promo) }
        try await eventually { router.heldURLs == [promo] }
        let productOpening = Task { await router.openURL(product) }
        try await eventually { router.heldURLs == [promo, product] }
        router.releaseURLs()
        try await eventually { resolving.waiterCount == 1 }
        #expect(await productOpening.value, "the next link does not wait for the resolution")
        #expect(router.stack == [.product(2)])
        resolving.open()
        #expect(await promoOpening.value)
        #expect(router.stack == [.product(2), .promo("SPRING")])
    }

    /// A released hold leaves its timer asleep until the deadline it has (a new hold reuses
    /// it); a router let go of ends it at once.
    @Test func aRouterLetGoOfEndsItsHoldsTimer() async throws {
        let clock = TestClock()
        var router: Router<Route>? = Router<Route>()
        router?.guardClock = clock
        router?.holdURLs(expiringAfter: .seconds(600))
        let link = try Self.url("product/1")
        let opening = Task { [router] in await router?.openURL(link) ?? false }
        try await eventually { router?.heldURLs == [link] }
        try await clock.waitForSleepers(pending: 1)
        router?.releaseURLs()
        #expect(await opening.value)
        #expect(clock.sleeperCount == 1, "the timer sleeps on after the release")
        weak let hold = router?._urlHold
        router = nil
        #expect(hold == nil)
        try await clock.waitForSleepers(pending: 0)
    }

    @Test func releasingWithoutAHoldChangesNothing() async throws {
        let router = Router<Route>()
        router.releaseURLs()
        #expect(router.heldURLs.isEmpty)
        #expect(await router.openURL(try Self.url("product/1")))
        router.holdURLs(expiringAfter: .seconds(1))
        router.releaseURLs()
        router.releaseURLs()
        #expect(await router.openURL(try Self.url("product/2")))
        #expect(router.stack == [.product(1), .product(2)])
    }

    /// A guard that holds the navigation to `.order(id: 1)` at `gate`.
    static func slowOrder(at gate: Gate) -> @Sendable (PendingNavigation<Route>) async throws -> GuardDecision<Route> {
        { pending in
            if pending.destinations.contains(.order(id: 1)) { await gate.wait() }
            return .allow
        }
    }

    /// A tab router whose guard holds the navigation to `.order(id: 1)` at `gate`, and the
    /// order in which its tabs' routers commit the orders and products.
    static func appHolding(at gate: Gate) -> (TabRouter<Tab, Route>, StreamRecorder<TabRouterEvent<Tab, Route>>) {
        let app = TabRouter<Tab, Route>(tabs: Tab.allCases, selected: .shop) { $0.tab }
        app.addGuard(named: "slow order", slowOrder(at: gate))
        return (app, StreamRecorder(app.events))
    }

    /// Opens each of `paths` with `open`, in a task of its own, once the links before it are
    /// held (`heldCount` tells how many are).
    static func openEachHeld(
        _ paths: [String], _ open: @escaping @Sendable (URL) async -> Bool, heldCount: () -> Int
    ) async throws -> [Task<Bool, Never>] {
        var openings: [Task<Bool, Never>] = []
        for (count, link) in try paths.map(Self.url).enumerated() {
            openings.append(Task { await open(link) })
            try await eventually { heldCount() == count + 1 }
        }
        return openings
    }

    /// The routes the committed navigations of `events` showed on top, in commit order.
    static func committedTops(_ events: [TabRouterEvent<Tab, Route>]) -> [Route] {
        events.compactMap { $0.event.state?.stack.last }
    }

    @Test func aReleasedLinkCancelledBeforeItsTurnLetsNoLaterLinkOvertake() async throws {
        let gate = Gate()
        let (app, events) = Self.appHolding(at: gate)
        app.holdURLs(expiringAfter: .seconds(600))
        let openings = try await Self.openEachHeld(
            ["orders/1", "product/2", "product/3"], { await app.openURL($0) }, heldCount: { app.heldURLs.count })
        app.releaseURLs()
        try await gate.arrived(1)
        openings[1].cancel()
        #expect(await openings[1].value == false)
        #expect(app.urlHold.relayedCount == 1, "the last link still waits for the slow one's turn")
        gate.open()
        #expect(await openings[0].value)
        #expect(await openings[2].value)
        try await events.wait { Self.committedTops($0).count == 2 }
        #expect(Self.committedTops(events.values) == [.order(id: 1), .product(3)])
        #expect(app.selectedTab == .shop, "the last link's tab, selected last")
    }

    @Test func aSecondReleaseWaitsForTheLinksOfTheFirst() async throws {
        let gate = Gate()
        let (app, events) = Self.appHolding(at: gate)
        app.holdURLs(expiringAfter: .seconds(600))
        let slow = try Self.url("orders/1")
        let later = try Self.url("product/3")
        let slowOpening = Task { await app.openURL(slow) }
        try await eventually { app.heldURLs == [slow] }
        app.releaseURLs()
        try await gate.arrived(1)
        app.holdURLs(expiringAfter: .seconds(600))
        let laterOpening = Task { await app.openURL(later) }
        try await eventually { app.heldURLs == [later] }
        app.releaseURLs()
        #expect(app.urlHold.relayedCount == 1, "the later link waits for the slow one's turn")
        gate.open()
        #expect(await slowOpening.value)
        #expect(await laterOpening.value)
        try await events.wait { Self.committedTops($0).count == 2 }
        #expect(Self.committedTops(events.values) == [.order(id: 1), .product(3)])
        #expect(app.selectedTab == .shop)
    }

    @Test func aRoutersReleasedLinkCancelledBeforeItsTurnHandsNothingOn() async throws {
        let gate = Gate()
        let router = Router<Route>()
        router.addGuard(named: "slow order", Self.slowOrder(at: gate))
        router.holdURLs(expiringAfter: .seconds(600))
        let openings = try await Self.openEachHeld(
            ["orders/1", "product/2", "product/3"], { await router.openURL($0) }, heldCount: { router.heldURLs.count })
        router.releaseURLs()
        try await gate.arrived(1)
        openings[1].cancel()
        #expect(await openings[1].value == false)
        #expect(router._urlHold.relayedCount == 1, "one released waiter runs at a time")
        gate.open()
        #expect(await openings[0].value)
        #expect(await openings[2].value)
        #expect(router.stack == [.orders, .order(id: 1), .product(3)])
    }
}
