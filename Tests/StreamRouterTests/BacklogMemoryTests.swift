import Foundation
import StreamRouter
import StreamRouterTesting
import Testing

/// A subscriber that never reads holds every state published since it subscribed. States
/// share their storage, so that costs O(1) per navigation: 20,000 navigations on a history
/// growing to 20,000 entries stay within a few megabytes, where one copy of the history per
/// buffered state (the old representation) held over 3 GB.
@Suite(.serialized, .timeLimit(.minutes(3))) struct BacklogMemoryTests {
    static let navigations = 20_000
    /// Copying the history into each buffered state would hold about
    /// 16 bytes × 20,000² / 2 = 3.2 GB here; the bound is 10x under a tenth of that.
    static let bound = 32_000_000

    @Test func anUnreadSnapshotsStreamCostsConstantMemoryPerNavigation() throws {
        let navigator = Navigator(policy: InputPolicy(maximumHistoryEntries: 2 * Self.navigations))
        let unread = navigator.states()
        let growth = try measureGrowth {
            for index in 0..<Self.navigations {
                navigator.navigate("/p\(index)")
            }
        }
        #expect(navigator.historyStackSize == Self.navigations)
        withExtendedLifetime(unread) {}
        if let growth, !isThreadSanitized() {
            #expect(growth < Self.bound, "resident memory grew by \(growth) bytes")
        }
    }

    @Test func anUnreadRouterEventsStreamCostsConstantMemoryPerNavigation() async throws {
        let router = Router<Step>(policy: InputPolicy(maximumHistoryEntries: 2 * Self.navigations))
        let unread = router.events
        let before = residentBytes()
        for index in 0..<Self.navigations {
            try await router.navigate(to: .step(index))
        }
        let after = residentBytes()
        #expect(router.state.count == Self.navigations)
        withExtendedLifetime(unread) {}
        if let before, let after, !isThreadSanitized() {
            #expect(after - before < Self.bound, "resident memory grew by \(after - before) bytes")
        }
    }

    enum Step: RouteProvider {
        case step(Int)

        var path: String {
            switch self {
            case .step(let index): "/s\(index)"
            }
        }
    }

    private func measureGrowth(_ body: () -> Void) throws -> Int? {
        let before = residentBytes()
        body()
        guard let before, let after = residentBytes() else { return nil }
        return after - before
    }
}
