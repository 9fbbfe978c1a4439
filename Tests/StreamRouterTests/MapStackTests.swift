import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// Deep links that build their stack (`mapStack`), on a router, a tab router and a split
/// router.
@Suite(.suiteLimit) struct MapStackTests {
    enum Tab: String, CaseIterable, Codable, Sendable {
        case shop, orders
    }

    enum Route: RouteProvider {
        case home
        case orders
        case order(id: Int)
        case product(Int)

        var tab: Tab { self == .orders || self.isOrder ? .orders : .shop }
        var isOrder: Bool { if case .order = self { true } else { false } }

        static func registerURLs() -> URLMatcherGroup<Route>? {
            .group("shop.example.com") {
                $0.mapStack("orders/{id}") { [.orders, .order(id: try $0.param("id"))] }
                $0.map("product/{id}") { try .product($0.param("id")) }
                $0.mapStack("nowhere") { [] }
            }
        }
    }

    static func url(_ path: String) throws -> URL {
        try #require(URL(string: "https://shop.example.com/\(path)"))
    }

    @Test func aRouterReplacesItsTreeWithTheBuiltStack() async throws {
        let router = Router<Route>(state: RouterState(stack: [.home, .product(1)]))
        let events = StreamRecorder(router.events)
        #expect(await router.openURL(try Self.url("orders/42")))
        #expect(router.stack == [.orders, .order(id: 42)])
        let operations = try await events.next(2).compactMap { $0.request?.operation }
        #expect(operations == [.replace(with: [.orders, .order(id: 42)]), .replace(with: [.orders, .order(id: 42)])])
        #expect(await router.openURL(try Self.url("product/3")), "map keeps pushing on top")
        #expect(router.stack == [.orders, .order(id: 42), .product(3)])
        #expect(!(await router.openURL(try Self.url("orders/abc"))), "a parameter that does not convert")
        #expect(router.stack == [.orders, .order(id: 42), .product(3)])
        #expect(await router.openURL(try Self.url("nowhere")), "an empty stack is the root")
        #expect(router.stack == [])
    }

    @Test func matchGivesTheStacksLastRoute() throws {
        let group = try #require(Route.registerURLs())
        #expect(try group.match(Self.url("orders/7")).get() == .order(id: 7))
        guard case .failure(.mappingFailed(_, let error)) = group.match(try Self.url("nowhere")) else {
            Issue.record("an empty stack has no route")
            return
        }
        #expect(error as? URLStackError == .emptyStack)
    }

    @Test func aTabRouterReplacesTheStackOfTheLastRoutesTab() async throws {
        let app = TabRouter<Tab, Route>(tabs: Tab.allCases, selected: .shop) { $0.tab }
        try await app.navigate(to: .product(1))
        try await app.router(for: .orders).navigate(to: .order(id: 1))
        #expect(await app.openURL(try Self.url("orders/9")))
        #expect(app.selectedTab == .orders)
        #expect(app.router(for: .orders).stack == [.orders, .order(id: 9)])
        #expect(app.router(for: .shop).stack == [.product(1)], "the other tab keeps its stack")
    }

    /// A deep link that selects and pushes in one event sequence: one navigation fills the
    /// columns in order.
    @Test func aSplitRouterFillsItsColumnsInOneNavigation() async throws {
        let split = SplitRouter<Route>(columns: .double)
        try await split.select(.home)
        let events = StreamRecorder(split.events)
        #expect(await split.openURL(try Self.url("orders/5")))
        #expect(split.sidebar == .orders && split.detail == [.order(id: 5)])
        let seen = try await events.next(2)
        #expect(seen.count(where: { $0.state != nil }) == 1, "one navigation")
        try await events.expectNoNewValues(within: .milliseconds(20))
    }
}
