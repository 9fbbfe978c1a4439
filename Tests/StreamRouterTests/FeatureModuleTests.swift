import AsyncObservables
import Foundation
@_spi(Testing) import StreamRouter
import StreamRouterTesting
import Testing

/// Routes from feature modules: each module's route type embedded in the app's, its URL
/// group, guards and loaders lifted through the embedding, and its handle.
@Suite(.suiteLimit) struct FeatureModuleTests {
    /// The profile module's routes: it knows nothing of the app.
    enum ProfileRoute: RouteProvider {
        case overview
        case detail(id: Int)
        case edit(id: Int)
        case signIn

        static var urls: URLMatcherGroup<ProfileRoute> {
            .group("example.com") {
                $0.map("profile") { .overview }
                $0.map(
                    "profile/{id}",
                    linking: { if case .detail(let id) = $0 { ["id": "\(id)"] } else { nil } }
                ) { try .detail(id: $0.param("id", as: Int.self)) }
                $0.mapStack("profile/{id}/edit") {
                    let id = try $0.param("id", as: Int.self)
                    return [.detail(id: id), .edit(id: id)]
                }
            }
        }

        var metadata: RouteMetadata {
            switch self {
            case .overview: RouteMetadata(title: "Profile")
            case .detail(let id): RouteMetadata(title: "Profile \(id)")
            case .edit: RouteMetadata(title: "Edit profile")
            case .signIn: RouteMetadata(title: "Sign in")
            }
        }
    }

    /// The checkout module's routes.
    enum CheckoutRoute: RouteProvider {
        case cart
        case pay(order: Int)

        static var urls: URLMatcherGroup<CheckoutRoute> {
            .group("example.com") {
                $0.map("cart") { .cart }
                $0.map(
                    "pay/{order}",
                    linking: { if case .pay(let order) = $0 { ["order": "\(order)"] } else { nil } }
                ) { try .pay(order: $0.param("order", as: Int.self)) }
            }
        }
    }

    /// The app's routes, embedding both modules'.
    enum AppRoute: RouteProvider {
        case home
        case profile(ProfileRoute)
        case checkout(CheckoutRoute)

        static let profileModule = RouteEmbedding<ProfileRoute, AppRoute>(module: "Profile", embed: AppRoute.profile) {
            if case .profile(let route) = $0 { route } else { nil }
        }
        static let checkoutModule = RouteEmbedding<CheckoutRoute, AppRoute>(
            module: "Checkout", embed: AppRoute.checkout
        ) {
            if case .checkout(let route) = $0 { route } else { nil }
        }

        static func registerURLs() -> URLMatcherGroup<AppRoute>? {
            .init(matchers: [
                .group("example.com") { $0.map("home") { .home } },
                .module(ProfileRoute.urls, through: profileModule),
                .module(CheckoutRoute.urls, through: checkoutModule),
            ])
        }

        var path: String {
            switch self {
            case .home: "/home"
            case .profile(let route): "/profile" + route.path
            case .checkout(let route): "/checkout" + route.path
            }
        }

        var metadata: RouteMetadata {
            switch self {
            case .home: RouteMetadata(title: "Home")
            case .profile(let route): route.metadata
            case .checkout(let route): route.metadata
            }
        }
    }

    @Test func aModuleLinkOpensItsRouteEmbedded() async throws {
        let router = Router<AppRoute>()
        #expect(await router.openURL(try #require(URL(string: "https://example.com/profile/3"))))
        #expect(router.stack == [.profile(.detail(id: 3))])
        #expect(await router.openURL(try #require(URL(string: "https://example.com/profile/4/edit"))))
        #expect(router.stack == [.profile(.detail(id: 4)), .profile(.edit(id: 4))], "a module's stack, embedded")
        #expect(await router.openURL(try #require(URL(string: "https://example.com/pay/9"))))
        #expect(router.stack.last == .checkout(.pay(order: 9)))
        #expect(await !router.openURL(try #require(URL(string: "https://example.com/profile/x"))))
    }

    @Test func linksOutTitlesAndPathsPassThroughTheEmbedding() async throws {
        let router = Router<AppRoute>()
        #expect(router.url(for: .profile(.detail(id: 3)))?.absoluteString == "https://example.com/profile/3")
        #expect(router.url(for: .checkout(.pay(order: 9)))?.absoluteString == "https://example.com/pay/9")
        #expect(router.url(for: .profile(.overview)) == nil, "the module's mapping makes no link for it")
        let profile = router.scoped(to: AppRoute.profileModule)
        #expect(profile.url(for: .detail(id: 5))?.absoluteString == "https://example.com/profile/5")
        try await profile.navigate(to: [.overview, .detail(id: 5)])
        #expect(router.state.titles == ["Profile", "Profile 5"])
        #expect(router.path == "/profile/overview/profile/detail/5")
    }

    @Test func aLinkTwoModulesClaimIsReportedWithBothModules() throws {
        let clashing = URLMatcherGroup<CheckoutRoute>.group("example.com") {
            $0.map("profile/{order}") { try .pay(order: $0.param("order", as: Int.self)) }
        }
        let group = URLMatcherGroup<AppRoute>(matchers: [
            .module(ProfileRoute.urls, through: AppRoute.profileModule),
            .module(clashing, through: AppRoute.checkoutModule),
        ])
        let conflict = try #require(group.conflicts.first)
        #expect(group.conflicts.count == 1)
        #expect(conflict.kind == .duplicate)
        #expect(conflict.entry == 3 && conflict.shadowedBy == [1])
        #expect(conflict.modules == [3: "Checkout", 1: "Profile"])
        #expect(conflict.description == "entry 3 (Checkout) duplicates an earlier entry, shadowed by 1 (Profile)")
        #expect(try #require(AppRoute.registerURLs()).conflicts.isEmpty)
    }

    @Test func theComposedAssociationFileCoversEveryModulesLinks() throws {
        let group = try #require(AppRoute.registerURLs())
        let served = try group.appleAppSiteAssociation(appIDs: ["ABCDE12345.com.example.app"])
        let file = String(decoding: served, as: UTF8.self)
        for path in ["/home", "/profile", "/profile/*", "/pay/*"] {
            #expect(file.contains("\"\(path)\""), "\(path) in \(file)")
        }
        let routes: [AppRoute] = [.profile(.detail(id: 3)), .checkout(.pay(order: 9))]
        #expect(try group.unclaimedLinks(for: routes, inAppleAppSiteAssociation: served) == [])
        #expect(group.appleAppSiteAssociationGaps.isEmpty)
    }

    @Test func aModuleGuardsRedirectLandsEmbedded() async throws {
        let router = Router<AppRoute>()
        router.addGuard(named: "signIn", through: AppRoute.profileModule) { pending in
            pending.destinations.contains(.edit(id: 1)) ? .redirect(to: .signIn) : .allow
        }
        try await router.navigate(to: .profile(.edit(id: 1)))
        #expect(router.stack == [.profile(.signIn)])
        try await router.navigate(to: .profile(.edit(id: 2)))
        #expect(router.stack == [.profile(.signIn), .profile(.edit(id: 2))])
    }

    @Test func aModuleGuardSeesOnlyItsModulesNavigationsInItsTerms() async throws {
        let router = Router<AppRoute>()
        let seen = _Locked<[PendingNavigation<ProfileRoute>]>([])
        router.addGuard(through: AppRoute.profileModule) { pending in
            seen.withLock { $0.append(pending) }
            return .allow
        }
        try await router.navigate(to: .checkout(.cart))
        try await router.navigate(to: .home)
        try await router.navigateBack()
        #expect(seen.withLock { $0 }.isEmpty, "another module's, the app's and a move back")
        try await router.navigate(to: [.checkout(.pay(order: 1)), .profile(.detail(id: 7))])
        let pending = try #require(seen.withLock { $0 }.first)
        #expect(pending.destinations == [.detail(id: 7)])
        #expect(pending.request.operation == .navigate(to: [.detail(id: 7)]))
        #expect(pending.from.stack == [])
        #expect(pending.to.stack == [.detail(id: 7)])
    }

    @Test func aModuleGuardGivenAsAValueRunsOnTheAppRouter() async throws {
        let signIn = NavigationGuard<ProfileRoute>(named: "signIn") { pending in
            pending.destinations.contains(where: { if case .edit = $0 { true } else { false } })
                ? .cancel(CancellationError()) : .allow
        }
        let router = Router<AppRoute>()
        router.addGuard(signIn, through: AppRoute.profileModule)
        await #expect(throws: NavigationError.self) { try await router.navigate(to: .profile(.edit(id: 1))) }
        #expect(router.stack == [])
    }

    @Test func aModuleGuardProtectsTheModulesRestoredRoutes() async throws {
        let store = InMemoryStateStore()
        let saved = Router<AppRoute>(store: store)
        try await saved.navigate(to: [.home, .profile(.edit(id: 1))])
        saved.flush()
        let signIn = NavigationGuard<ProfileRoute>(named: "signIn") { pending in
            pending.destinations.contains(.edit(id: 1)) ? .redirect(.replace(with: [.signIn])) : .allow
        }
        let restored = Router<AppRoute>(store: store, guards: [AppRoute.profileModule.embed(signIn)])
        _ = await restored.restore()
        #expect(restored.stack == [.profile(.signIn)])
    }

    /// The module's route pushed inside a presentation of another route is the module's too:
    /// restored, its guard is asked about it.
    @Test func aModuleGuardSeesItsRouteRestoredInsideAnotherRoutesPresentation() async throws {
        let store = InMemoryStateStore()
        let saved = Router<AppRoute>(store: store)
        let tree = RouterState<AppRoute>(
            stack: [.home], presentations: [Presentation(.home, style: .sheet, stack: [.profile(.edit(id: 1))])])
        try await saved.perform(.restore(tree))
        saved.flush()
        let seen = _Locked<[RouterState<ProfileRoute>]>([])
        let signIn = NavigationGuard<ProfileRoute>(named: "signIn") { pending in
            seen.withLock { $0.append(pending.to) }
            return pending.destinations.contains(.edit(id: 1)) ? .redirect(.replace(with: [.signIn])) : .allow
        }
        let restored = Router<AppRoute>(store: store, guards: [AppRoute.profileModule.embed(signIn)])
        _ = await restored.restore()
        #expect(restored.state == RouterState(stack: [.profile(.signIn)]))
        #expect(seen.withLock { $0.first } == RouterState(stack: [.edit(id: 1)]), "in module terms")
    }

    @Test func aModuleLoaderRunsForItsRoutesOnly() async throws {
        let router = Router<AppRoute>()
        let loaded = _Locked<[ProfileRoute]>([])
        router.addLoader(named: "profile", through: AppRoute.profileModule) { route in
            loaded.withLock { $0.append(route) }
            if case .detail(let id) = route { return "profile \(id)" }
            return nil
        }
        try await router.navigate(to: [.home, .checkout(.cart), .profile(.detail(id: 3))])
        #expect(loaded.withLock { $0 } == [.detail(id: 3)])
        let profile = router.scoped(to: AppRoute.profileModule)
        #expect(profile.loaded(String.self, for: .detail(id: 3)) == "profile 3")
        await profile.preload(.detail(id: 4), for: .seconds(60))
        try await profile.navigate(to: .detail(id: 4))
        #expect(loaded.withLock { $0 } == [.detail(id: 3), .detail(id: 4)], "preloaded once, then taken")
        #expect(router.loaded(String.self, for: .profile(.detail(id: 4))) == "profile 4")
    }

    @Test func theHandleNavigatesAndReturnsResultsInModuleTerms() async throws {
        let router = Router<AppRoute>()
        let profile = router.scoped(to: AppRoute.profileModule)
        try await router.navigate(to: .home)
        try await profile.navigate(to: .overview)
        #expect(router.stack == [.home, .profile(.overview)])
        let answer = Task { try await profile.navigate(to: .edit(id: 1), returning: String.self) }
        try await eventually { router.stack.count == 3 }
        try await profile.navigateBack(returning: "saved")
        #expect(try await answer.value == "saved")
        try await profile.navigate(to: [.detail(id: 1), .detail(id: 2)])
        try await profile.navigateBack(to: .overview)
        #expect(router.stack == [.home, .profile(.overview)])
        try await profile.navigateBack()
        #expect(router.stack == [.home])
    }

    @Test func theHandlesEventsAreTheModulesSlice() async throws {
        let router = Router<AppRoute>()
        router.addGuard(named: "signIn", through: AppRoute.profileModule) { pending in
            pending.destinations.contains(.edit(id: 1)) ? .redirect(to: .signIn) : .allow
        }
        let profile = router.scoped(to: AppRoute.profileModule)
        let events = StreamRecorder(profile.events)
        try await router.navigate(to: .checkout(.cart))
        try await profile.navigate(to: .edit(id: 1))
        try await events.wait { $0.count >= 3 }
        let values = events.values
        #expect(values.count == 3)
        guard values.count == 3 else { return }
        #expect(values[0] == .started(NavigationRequest(id: 1, operation: .navigate(to: [.edit(id: 1)]))))
        guard case .redirected(_, let target) = values[1], case .completed(let request, let state, _) = values[2]
        else {
            Issue.record("expected a redirect then a completion: \(values)")
            return
        }
        #expect(target.operation == .navigate(to: [.signIn]))
        #expect(request.redirectedFrom == [.navigate(to: [.edit(id: 1)])])
        #expect(state.stack == [.signIn], "the module's routes only")
    }

    /// A module navigation an app guard redirects to an app route only is still the
    /// module's: its handle sees it through to its end.
    @Test func aModuleNavigationRedirectedToAnAppRouteEndsOnTheHandle() async throws {
        let router = Router<AppRoute>()
        router.addGuard(named: "home") { pending in
            pending.destinations.contains(.profile(.edit(id: 1))) ? .redirect(to: .home) : .allow
        }
        let profile = router.scoped(to: AppRoute.profileModule)
        let events = StreamRecorder(profile.events)
        try await profile.navigate(to: .edit(id: 1))
        #expect(router.stack == [.home])
        try await events.wait { $0.count >= 3 }
        guard case .redirected(_, let target) = events.values[1], case .completed(let request, _, _) = events.values[2]
        else {
            Issue.record("expected a redirect then a completion: \(events.values)")
            return
        }
        #expect(target.operation == .navigate(to: []))
        #expect(request.redirectedFrom == [.navigate(to: [.edit(id: 1)])])
    }

    @Test func aModulesOwnRouterMakesAHandleForItsTests() async throws {
        let router = Router<ProfileRoute>()
        let profile = ScopedRouter(router)
        let events = StreamRecorder(profile.events)
        try await profile.navigate(to: .detail(id: 2))
        try await profile.navigateBack()
        #expect(router.stack == [])
        try await events.wait { $0.count >= 4 }
        #expect(events.values.first == .started(NavigationRequest(id: 0, operation: .navigate(to: [.detail(id: 2)]))))
        #expect(events.values[2] == .started(NavigationRequest(id: 1, operation: .back(count: 1))), "every event")
    }

    @Test func aTabRouterTakesModulesGuardsLoadersAndHandles() async throws {
        enum Tab: String, Codable, Sendable { case home, account }
        let tabs = TabRouter<Tab, AppRoute>(tabs: [.home, .account], selected: .home) { _ in .home }
        tabs.addGuard(named: "signIn", through: AppRoute.profileModule) { pending in
            pending.destinations.contains(.edit(id: 1)) ? .redirect(to: .signIn) : .allow
        }
        tabs.addLoader(named: "profile", through: AppRoute.profileModule) { route -> (any Sendable)? in
            if case .detail(let id) = route { "profile \(id)" } else { nil }
        }
        let profile = tabs.scoped(to: AppRoute.profileModule)
        let events = StreamRecorder(profile.events)
        try await tabs.navigate(to: .checkout(.cart))
        try await profile.navigate(to: .detail(id: 3))
        try await profile.navigate(to: .edit(id: 1))
        #expect(tabs.router(for: .home).stack == [.checkout(.cart), .profile(.detail(id: 3)), .profile(.signIn)])
        #expect(profile.loaded(String.self, for: .detail(id: 3)) == "profile 3")
        try await events.wait { $0.filter { $0.state != nil }.count >= 2 }
        #expect(events.values.first == .started(NavigationRequest(id: 1, operation: .navigate(to: [.detail(id: 3)]))))
    }

    @Test func aSplitRouterTakesModulesGuardsLoadersAndHandles() async throws {
        let split = SplitRouter<AppRoute>(columns: .double)
        split.addGuard(named: "signIn", through: AppRoute.profileModule) { pending in
            pending.destinations.contains(.edit(id: 1)) ? .redirect(to: .signIn) : .allow
        }
        split.addLoader(named: "profile", through: AppRoute.profileModule) { route -> (any Sendable)? in
            if case .detail(let id) = route { "profile \(id)" } else { nil }
        }
        let profile = split.scoped(to: AppRoute.profileModule)
        try await profile.navigate(to: .detail(id: 3))
        try await profile.navigate(to: .edit(id: 1))
        #expect(split.stack == [.profile(.detail(id: 3)), .profile(.signIn)])
        #expect(profile.loaded(String.self, for: .detail(id: 3)) == "profile 3")
    }

    /// Random module routes: each embeds and extracts back to itself, is no other module's,
    /// and its link (when its mapping makes one) opens it again through the app's group.
    @Test(arguments: [1, 2, 3] as [UInt64]) func embeddingRoundTripsOverGeneratedRoutes(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let group = try #require(AppRoute.registerURLs())
        for _ in 0..<500 {
            let id = Int(random.next(below: 100_000))
            let route: ProfileRoute = [.overview, .detail(id: id), .edit(id: id), .signIn][Int(random.next(below: 4))]
            let order = CheckoutRoute.pay(order: id)
            let app = AppRoute.profileModule.embed(route)
            #expect(AppRoute.profileModule.extract(app) == route)
            #expect(AppRoute.checkoutModule.extract(app) == nil)
            #expect(AppRoute.checkoutModule.extract(AppRoute.checkoutModule.embed(order)) == order)
            #expect(AppRoute.profileModule.extract(.checkout(order)) == nil)
            if let link = group.url(for: app) {
                #expect(try group.match(link).get() == app)
            }
            let orderLink = try #require(group.url(for: .checkout(order)))
            #expect(try group.match(orderLink).get() == .checkout(order))
        }
    }
}
