import Foundation
import StreamRouter
import StreamRouterTesting
import Synchronization
import Testing

/// Default paths computed only when read: the default reflects over
/// the route, so a router computes it for an entry when something reads the entry's path,
/// once, and never for an entry sharing its neighbour's.
@Suite(.suiteLimit) struct DeferredPathTests {
    /// Counts how many times the default path described a payload.
    final class DescriptionCount: Sendable {
        let value = Atomic<Int>(0)
        var count: Int { value.load(ordering: .relaxed) }
    }

    /// A payload whose `description` (what the default path writes) is counted.
    struct Counted: Hashable, Codable, Sendable, CustomStringConvertible {
        let id: Int
        let count: DescriptionCount

        var description: String {
            count.value.add(1, ordering: .relaxed)
            return "item-\(id)"
        }

        init(_ id: Int, _ count: DescriptionCount) {
            self.id = id
            self.count = count
        }

        static func == (lhs: Counted, rhs: Counted) -> Bool { lhs.id == rhs.id }
        func hash(into hasher: inout Hasher) { hasher.combine(id) }
        init(from decoder: any Decoder) throws {
            id = try decoder.singleValueContainer().decode(Int.self)
            count = DescriptionCount()
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(id)
        }
    }

    /// A route type keeping the default path.
    enum CountedRoute: RouteProvider {
        case item(Counted)
        case replacing(Counted)
        case sheet(Counted)

        var transition: RouteTransition {
            switch self {
            case .item: .push
            case .replacing: .replace
            case .sheet: .sheet
            }
        }
    }

    /// Used only by the test below, which sees its first route: which types keep the
    /// default is learned once per process, and tests run in parallel.
    enum OncePerEntryRoute: RouteProvider {
        case item(Counted)
    }

    @Test func aDefaultPathIsComputedWhenReadAndOncePerEntry() async throws {
        let count = DescriptionCount()
        let router = Router<OncePerEntryRoute>()
        // The first route of the type tells the router that the type keeps the default.
        try await router.navigate(to: .item(Counted(0, count)))
        let afterFirst = count.count
        #expect(afterFirst >= 1)
        for id in 1...5 {
            try await router.navigate(to: .item(Counted(id, count)))
        }
        #expect(count.count == afterFirst, "pushes nobody read the paths of reflected over nothing")
        #expect(router.path == "/item/item-0/item/item-1/item/item-2/item/item-3/item/item-4/item/item-5")
        let afterRead = count.count
        #expect(afterRead == afterFirst + 5, "each deferred entry computed its path once")
        #expect(router.state.displayedPath == router.path)
        #expect(count.count == afterRead, "a path read again is not computed again")
    }

    @Test func actionsCarryTheDeferredPaths() async throws {
        let count = DescriptionCount()
        let router = Router<CountedRoute>(state: RouterState(stack: [.item(Counted(0, count))]))
        _ = router.path  // the type is known to keep the default from here on
        let actions = StreamRecorder(router.actions)
        try await router.navigate(to: .item(Counted(1, count)))
        try await router.navigate(to: .replacing(Counted(2, count)))
        try await router.navigateBack()
        let seen = try await actions.next(3)
        #expect(seen.map(\.action) == [.push, .push, .back])
        #expect(
            seen.map(\.currentPath) == ["/item/item-0/item/item-1", "/item/item-0/replacing/item-2", "/item/item-0"])
        #expect(
            seen.map(\.previousPath) == ["/item/item-0", "/item/item-0/item/item-1", "/item/item-0/replacing/item-2"])
    }

    /// A route replaced by an equal one (not the same bytes: it holds a reference) has a
    /// deferred path the commit does not compute: an action is published, with equal paths,
    /// and `paths` skips it.
    @Test func aReplacementWithTheSamePathPublishesAnActionThatPathsSkips() async throws {
        let count = DescriptionCount()
        let router = Router<CountedRoute>(state: RouterState(stack: [.replacing(Counted(0, count))]))
        _ = router.path
        let actions = StreamRecorder(router.actions)
        let paths = StreamRecorder(router.paths)
        try await router.navigate(to: .replacing(Counted(0, count)))
        try await router.navigate(to: .item(Counted(1, count)))
        let seen = try await actions.next(2)
        #expect(seen[0].currentPath == seen[0].previousPath)
        #expect(seen[1].currentPath == "/replacing/item-0/item/item-1")
        #expect(try await paths.next(2) == ["/replacing/item-0", "/replacing/item-0/item/item-1"])
    }

    @Test func deferredPathsInPresentationsAndTheirComparisons() async throws {
        let count = DescriptionCount()
        let router = Router<CountedRoute>()
        try await router.navigate(to: .item(Counted(0, count)))
        let states = StreamRecorder(router.states())
        try await router.navigate(to: .sheet(Counted(1, count)))
        try await router.navigate(to: .item(Counted(2, count)))
        try await router.dismiss()
        let seen = try await states.next(4)
        #expect(
            seen.map(\.displayedPath) == [
                "/item/item-0", "/item/item-0/sheet/item-1", "/item/item-0/sheet/item-1/item/item-2", "/item/item-0",
            ])
        // Equal states compare equal whether or not their paths were computed.
        let fresh = RouterState<CountedRoute>(stack: [.item(Counted(0, count))])
        #expect(fresh == router.state)
        #expect(fresh.path == router.state.path)
    }
}
