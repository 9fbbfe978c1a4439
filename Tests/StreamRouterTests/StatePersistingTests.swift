import Foundation
@_spi(StreamRouterInternals) import StreamRouter
import StreamRouterTesting
import Testing

/// One set of persistence accessors (``StatePersisting``) on every type that saves its state:
/// the same generic checks pass on a navigator, a router, a tab router and a split router.
@Suite(.suiteLimit) struct StatePersistingTests {
    /// A persisting value made with a store, a way to change it, and a relaunch from the store.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let make: @Sendable (InMemoryStateStore) -> any StatePersisting
        let makeWithoutStore: @Sendable () -> any StatePersisting
        let change: @Sendable (any StatePersisting) async throws -> Void

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "Navigator",
            make: { Navigator(store: $0) },
            makeWithoutStore: { Navigator() },
            change: { ($0 as? Navigator)?.navigate("/news") }
        ),
        Case(
            name: "Router",
            make: { Router<ShopRoute>(store: $0) },
            makeWithoutStore: { Router<ShopRoute>() },
            change: { try await ($0 as? Router<ShopRoute>)?.navigate(to: .product(id: 1)) }
        ),
        Case(
            name: "TabRouter",
            make: { TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home, store: $0) { $0.tab } },
            makeWithoutStore: { TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home) { $0.tab } },
            change: { try await ($0 as? TabRouter<ShopTab, ShopRoute>)?.navigate(to: .product(id: 1)) }
        ),
        Case(
            name: "SplitRouter",
            make: { SplitRouter<ShopRoute>(columns: .double, store: $0) },
            makeWithoutStore: { SplitRouter<ShopRoute>(columns: .double) },
            change: { try await ($0 as? SplitRouter<ShopRoute>)?.select(.product(id: 1)) }
        ),
    ]

    /// Reads every accessor through the protocol only, as generic app code would.
    static func report(of persisting: some StatePersisting) async -> (PersistenceEvent?, [PersistenceEvent]) {
        let events = persisting.persistenceEvents(bufferingPolicy: .unbounded)
        var first: [PersistenceEvent] = []
        for await event in events {
            first.append(event)
            break
        }
        return (persisting.restoration, first)
    }

    @Test(arguments: cases)
    func theAccessorsReportRestoreAndFlushWrites(_ testCase: Case) async throws {
        let store = InMemoryStateStore()
        let first = testCase.make(store)
        let (restoration, events) = await Self.report(of: first)
        #expect(restoration == .nothingSaved)
        #expect(events == [.nothingSaved])
        try await testCase.change(first)
        first.flush()
        #expect(store.saveCount >= 1, "flush() wrote the change")

        let relaunched = testCase.make(store)
        #expect(relaunched.restoration == .restored)
        let relaunchedEvents = relaunched.persistenceEvents
        var iterator = relaunchedEvents.makeAsyncIterator()
        #expect(await iterator.next() == .restored)
    }

    @Test(arguments: cases)
    func withoutAStoreTheAccessorsReportNothing(_ testCase: Case) async throws {
        let persisting = testCase.makeWithoutStore()
        #expect(persisting._persistence == nil)
        #expect(persisting.restoration == nil)
        var events: [PersistenceEvent] = []
        for await event in persisting.persistenceEvents {
            events.append(event)
        }
        #expect(events.isEmpty, "the stream finishes at once")
        try await testCase.change(persisting)
        persisting.flush()  // nothing to write: returns
    }

    /// A tab router made on the store another one saves to reads that one's latest tree,
    /// written first, without a flush (a relaunch within one process).
    @Test func aTabRouterMadeOnTheSameStoreReadsTheLatestTree() async throws {
        for id in 0..<50 {
            let store = InMemoryStateStore()
            let first = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home, store: store) { $0.tab }
            try await first.navigate(to: .product(id: id))
            let second = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home, store: store) {
                $0.tab
            }
            #expect(second.router(for: .home).stack == [.product(id: id)])
            withExtendedLifetime(first) {}
        }
    }

    @Test func aFailedSaveIsReportedOnTheSharedStream() async throws {
        let store = InMemoryStateStore()
        store.failsSaving = true
        let app = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home, store: store) { $0.tab }
        let events = app.persistenceEvents
        try await app.navigate(to: .product(id: 2))
        app.flush()
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == .nothingSaved)
        guard case .saveFailed? = await iterator.next() else {
            Issue.record("expected a save failure")
            return
        }
        // The store works again: a flush writes the tree whose write failed.
        store.failsSaving = false
        app.flush()
        let relaunched = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home, store: store) {
            $0.tab
        }
        #expect(relaunched.router(for: .home).stack == [.product(id: 2)])
    }
}
