import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// One divergence type for both journals (``ReplayDivergence``, with a tab for tab apps), and
/// one JSON format and consistency check behind both journals' `Codable`.
@Suite(.suiteLimit) struct ReplayDivergenceTests {
    typealias App = TabRouter<ShopTab, ShopRoute>

    static func makeApp(loggedIn: Bool) -> App {
        let app = App(tabs: ShopTab.allCases, selected: .home) { route in route.tab }
        app.addGuard(named: "auth") { pending in
            pending.destinations.contains(.settings) && !loggedIn ? .redirect(to: .login) : .allow
        }
        return app
    }

    @Test func bothJournalsReplayIntoOneType() {
        #expect(JournalDivergence<ShopRoute>.self == ReplayDivergence<Never, ShopRoute>.self)
        let replayRouter:
            (NavigationJournal<ShopRoute>, Router<ShopRoute>) async -> ReplayDivergence<Never, ShopRoute>? = {
                await $0.replay(on: $1)
            }
        let replayApp: (TabNavigationJournal<ShopTab, ShopRoute>, App) async -> ReplayDivergence<ShopTab, ShopRoute>? =
            {
                await $0.replay(on: $1)
            }
        _ = (replayRouter, replayApp)
    }

    @Test func aRoutersDivergenceHasNoTabAndReadsAsBefore() {
        let divergence = JournalDivergence<ShopRoute>(
            step: 2, operation: .navigate(to: [.settings]), expected: .completed, actual: .completed,
            expectedState: RouterState(stack: [.settings]), actualState: RouterState(stack: [.login]))
        #expect(divergence.tab == nil)
        #expect(
            divergence.description
                == "step 2, navigate(to: [settings]): recorded completed, replayed completed; state recorded [settings], replayed [login]"
        )
    }

    @Test func aTabsDivergenceNamesItsTab() async throws {
        let app = Self.makeApp(loggedIn: false)
        app.startRecording()
        try await app.select(.profile)
        try await app.navigate(to: .settings)  // redirected to .login
        let journal = try #require(app.journal)
        let divergence = try #require(await journal.replay(on: Self.makeApp(loggedIn: true)))
        #expect(divergence.step == 1)
        #expect(divergence.tab == .profile)
        #expect(divergence.operation == .navigate(to: [.settings]))
        #expect(divergence.description.hasPrefix("step 1, [profile] navigate(to: [settings]): recorded redirected"))
    }

    @Test func aTabsStartStateItCannotRestoreNamesTheTab() async throws {
        let app = Self.makeApp(loggedIn: true)
        try await app.select(.profile)
        try await app.navigate(to: .settings)
        app.startRecording()
        try await app.select(.home)
        let journal = try #require(app.journal)
        let divergence = try #require(await journal.replay(on: Self.makeApp(loggedIn: false)))
        #expect(divergence.step == nil)
        #expect(divergence.tab == .profile)
        #expect(divergence.operation == .restore(RouterState(stack: [.settings])))
        #expect(divergence.expected == .completed)
        #expect(divergence.actualState.stack == [.login])
        #expect(divergence.description.hasPrefix("start, [profile] restore("))
    }

    // MARK: - One format behind both journals' Codable

    /// `journal`'s JSON with `edit` applied to its top-level object.
    static func edited(_ journal: some Encodable, _ edit: (inout [String: Any]) -> Void) throws -> Data {
        var object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(journal)) as? [String: Any])
        edit(&object)
        return try JSONSerialization.data(withJSONObject: object)
    }

    enum Inconsistency: String, CaseIterable, Sendable {
        case anotherFormatVersion, noCapacity, moreEntriesThanTheCapacity, aStepCountBelowTheEntries, stepsOutOfOrder

        func apply(to object: inout [String: Any]) {
            switch self {
            case .anotherFormatVersion: object["version"] = 2
            case .noCapacity: object["capacity"] = 0
            case .moreEntriesThanTheCapacity: object["capacity"] = 1
            case .aStepCountBelowTheEntries: object["stepCount"] = 1
            case .stepsOutOfOrder:
                var entries = object["entries"] as? [[String: Any]] ?? []
                entries.reverse()
                object["entries"] = entries
            }
        }
    }

    @Test(arguments: Inconsistency.allCases)
    func bothJournalsRejectTheSameInconsistencies(_ inconsistency: Inconsistency) async throws {
        let edit = inconsistency.apply(to:)
        let router = Router<ShopRoute>()
        router.startRecording()
        try await router.navigate(to: .product(id: 1))
        try await router.navigate(to: .product(id: 2))
        let journal = try #require(router.journal)
        let app = Self.makeApp(loggedIn: true)
        app.startRecording()
        try await app.navigate(to: .product(id: 1))
        try await app.select(.search)
        let tabJournal = try #require(app.journal)

        #expect(
            try JSONDecoder().decode(NavigationJournal<ShopRoute>.self, from: Self.edited(journal) { _ in }) == journal)
        #expect(throws: DecodingError.self, "\(inconsistency)") {
            try JSONDecoder().decode(NavigationJournal<ShopRoute>.self, from: Self.edited(journal, edit))
        }
        #expect(throws: DecodingError.self, "\(inconsistency)") {
            try JSONDecoder().decode(TabNavigationJournal<ShopTab, ShopRoute>.self, from: Self.edited(tabJournal, edit))
        }
    }

    @Test func aTabJournalsSelectionWithAStateIsInconsistent() async throws {
        let app = Self.makeApp(loggedIn: true)
        app.startRecording()
        try await app.select(.search)
        let tabJournal = try #require(app.journal)
        let data = try Self.edited(tabJournal) { object in
            var entries = object["entries"] as? [[String: Any]] ?? []
            entries[0]["state"] = ["stack": [] as [Any]]
            object["entries"] = entries
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TabNavigationJournal<ShopTab, ShopRoute>.self, from: data)
        }
    }
}
