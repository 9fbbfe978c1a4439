import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// StreamRouterTesting's helpers that turn recorded journals into tests.
@Suite(.suiteLimit) struct JournalReplayTests {
    typealias Route = RouterTestRoute

    @Test func recordedJournalsBecomeARegressionTest() async throws {
        let router = Router<Route>()
        NavigationJournalTests.addAppGuards(to: router)
        router.startRecording()
        await NavigationJournalTests.recordSession(on: router)
        let json = try JSONEncoder().encode(router.journal)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID()).json")
        try json.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let loaded = try NavigationJournal<Route>(contentsOf: file)
        #expect(loaded == router.journal)
        #expect(throws: PersistenceError.tooLarge(bytes: json.count, limit: 16)) {
            try NavigationJournal<Route>(contentsOf: file, maximumBytes: 16)
        }
        #expect(throws: CocoaError.self) {
            try NavigationJournal<Route>(contentsOf: file.appendingPathExtension("missing"))
        }
        let unchanged = await journalReplayFailures(for: [loaded, loaded]) {
            let router = Router<Route>()
            NavigationJournalTests.addAppGuards(to: router)
            return router
        }
        #expect(unchanged.isEmpty, "\(unchanged)")

        let changed = await journalReplayFailures(for: [loaded]) {
            let router = Router<Route>()
            NavigationJournalTests.addAppGuards(to: router, settingsOpen: true)
            return router
        }
        #expect(changed.map(\.index) == [0])
        #expect(changed.first?.divergence.step == 1)
        #expect(changed.first?.description.hasPrefix("journal 0: step 1, navigate(to: [settings])") == true)
        #expect(throws: DecodingError.self) { try NavigationJournal<Route>(json: Data("{}".utf8)) }
    }

    @Test func recordedTabJournalsBecomeARegressionTest() async throws {
        let app = TabNavigationJournalTests.makeApp()
        app.startRecording()
        try await TabNavigationJournalTests.recordSession(on: app)
        let loaded = try TabNavigationJournal<ShopTab, ShopRoute>(json: JSONEncoder().encode(app.journal))
        let unchanged = await journalReplayFailures(for: [loaded]) { TabNavigationJournalTests.makeApp() }
        #expect(unchanged.isEmpty, "\(unchanged)")
        let changed = await journalReplayFailures(for: [loaded]) { TabNavigationJournalTests.makeApp(loggedIn: true) }
        #expect(changed.first?.divergence.step == 6)
    }
}
