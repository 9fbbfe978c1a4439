@_spi(Testing) import StreamRouter
import StreamRouterTesting
import Testing

/// The one subscribe-and-apply loop behind every observable model: each model follows its
/// source's changes made from any task, and is freed with its subscription when let go.
@MainActor
@Suite(.suiteLimit) struct ModelSubscriptionTests {
    @Test func aNavigatorModelAppliesChangesAndStopsWhenLetGo() async throws {
        let navigator = Navigator()
        let baseline = navigator.subscriberCount
        var model: NavigatorModel? = NavigatorModel(navigator: navigator)
        await Task.detached { _ = navigator.navigate("/news") }.value
        try await eventually { model?.path == "/news" }
        weak let weakModel = model
        model = nil
        #expect(weakModel == nil, "the loop holds the model weakly")
        try await eventually { navigator.subscriberCount == baseline }
    }

    @Test func aRouterModelAppliesChangesAndStopsWhenLetGo() async throws {
        let router = Router<ShopRoute>()
        let baseline = router.subscriberCount
        var model: RouterModel<ShopRoute>? = RouterModel(router: router)
        try await Task.detached { try await router.navigate(to: .product(id: 4)) }.value
        try await eventually { model?.stack == [.product(id: 4)] }
        weak let weakModel = model
        model = nil
        #expect(weakModel == nil, "the loop holds the model weakly")
        try await eventually { router.subscriberCount == baseline }
    }

    @Test func aTabRouterModelAppliesChangesAndIsFreedWhenLetGo() async throws {
        let app = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home) { $0.tab }
        var model: TabRouterModel<ShopTab, ShopRoute>? = TabRouterModel(tabRouter: app)
        try await Task.detached { try await app.select(.search) }.value
        try await eventually { model?.selectedTab == .search }
        weak let weakModel = model
        model = nil
        #expect(weakModel == nil, "the loop holds the model weakly")
    }
}
