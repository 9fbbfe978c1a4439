import Foundation
import StreamRouter

/// Records a router's navigations into a journal, saves it as JSON, and replays it on fresh
/// routers: one with the same guards (every step as recorded) and one whose guard changed
/// (the first step that differs is named).
struct JournalTour {
    /// The app's guard: a profile needs a login (redirected), and the catalogue is closed
    /// unless `catalogueOpen`.
    static func makeRouter(catalogueOpen: Bool) -> Router<StoreRoute> {
        let router = Router<StoreRoute>()
        router.addGuard(named: "shop") { pending in
            if pending.destinations.contains(.profile(id: 0)) { return .redirect(to: .login) }
            if pending.destinations.contains(.allProducts), !catalogueOpen {
                return .cancel(ClosedCatalogue())
            }
            return .allow
        }
        return router
    }

    /// Why the guard refused the catalogue.
    struct ClosedCatalogue: Error, CustomStringConvertible {
        var description: String { "the catalogue is closed" }
    }

    /// Five navigations on the shop's guarded router, recorded: completed, cancelled (the
    /// catalogue is closed), redirected (a profile needs a login), a deep link, a move back.
    static func recordJourney() async -> NavigationJournal<StoreRoute>? {
        let router = Self.makeRouter(catalogueOpen: false)
        router.startRecording(keepingNewest: 100)
        try? await router.navigate(to: .home)
        try? await router.navigate(to: .allProducts)
        try? await router.navigate(to: .profile(id: 0))
        if let url = URL(string: "https://store.example.com/products/shoes/view") {
            _ = await router.openURL(url)
        }
        try? await router.navigateBack(to: .home)
        return router.stopRecording()
    }

    func run() async {
        guard let journal = await Self.recordJourney() else { return }
        print("  startRecording(keepingNewest: 100), five navigations, stopRecording():")
        for entry in journal.entries {
            print("    \(entry)")
        }
        let decoded: NavigationJournal<StoreRoute>
        do {
            let json = try JSONEncoder().encode(journal)
            decoded = try JSONDecoder().decode(NavigationJournal<StoreRoute>.self, from: json)
            print("  saved as \(json.count) bytes of JSON and read back: \(decoded == journal ? "equal" : "different")")
        } catch {
            print("  JSON round trip failed: \(error)")
            return
        }
        let same = Self.makeRouter(catalogueOpen: false)
        let divergence = await decoded.replay(on: same)
        print("  replay on a fresh router, same guard: \(divergence.map { "\($0)" } ?? "every step as recorded")")
        print("    state \(same.state) (recorded \(decoded.endState))")
        let changed = Self.makeRouter(catalogueOpen: true)
        if let divergence = await decoded.replay(on: changed) {
            print("  replay on a fresh router whose guard opens the catalogue:")
            print("    \(divergence)")
        }
    }
}
