import StreamRouter
import StreamRouterTesting
import Testing

/// One state-stream shape (``StatePublisher``): every source's `states` is a `SubjectStream`
/// that yields the current state first, then each change, never the same state twice in a row.
@Suite(.suiteLimit) struct StatePublisherTests {
    enum Mail: RouteProvider {
        case inbox
        case message(id: Int)
        case compose

        var transition: RouteTransition { self == .compose ? .sheet : .push }
    }

    /// The first `count` states of `source` after `change`, read through the protocol only.
    static func states<Source: StatePublisher>(
        of source: Source,
        count: Int,
        after change: () async throws -> Void
    ) async throws -> [Source.PublishedState] {
        let stream: SubjectStream<Source.PublishedState> = source.states(bufferingPolicy: .unbounded)
        let recorder = StreamRecorder(stream)
        try await change()
        return try await recorder.next(count)
    }

    @Test func aNavigatorPublishesItsSnapshots() async throws {
        let navigator = Navigator()
        let states = try await Self.states(of: navigator, count: 2) {
            navigator.navigate("/")  // no change: nothing published
            navigator.navigate("/news")
        }
        #expect(states.map(\.path) == ["/", "/news"])
        #expect(states.last == navigator.state)
    }

    @Test func aRouterSkipsNavigationsThatChangeNothing() async throws {
        let router = Router<Mail>()
        let states = try await Self.states(of: router, count: 2) {
            try await router.navigateToRoot()  // completes, changes nothing
            try await router.navigate(to: .inbox)
        }
        #expect(states.map(\.stack) == [[], [.inbox]])
        let recorder = StreamRecorder(router.states)
        _ = try await recorder.next(1)
        try await router.navigateBack(0)
        try await recorder.expectNoNewValues()
    }

    @Test func aTabRouterPublishesItsTree() async throws {
        let app = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home) { $0.tab }
        let states = try await Self.states(of: app, count: 2) { try await app.select(.search) }
        #expect(states.map(\.selected) == [.home, .search])
    }

    @Test func aTabRouterSkipsNavigationsThatChangeNothing() async throws {
        let app = TabRouter<ShopTab, ShopRoute>(tabs: ShopTab.allCases, selected: .home) { $0.tab }
        let states = try await Self.states(of: app, count: 2) {
            try await app.select(.home)  // a re-tap at the tab's root: completes, changes nothing
            try await app.dismiss()  // nothing presented above the tabs: changes nothing
            try await app.navigate(to: .product(id: 1))
        }
        #expect(states.map { $0.stacks[.home]?.stack ?? [] } == [[], [.product(id: 1)]])
    }

    @Test func aSplitRouterPublishesColumnsOnlyWhenTheyChange() async throws {
        let mail = SplitRouter<Mail>(columns: .double)
        let states = try await Self.states(of: mail, count: 3) {
            try await mail.select(.inbox)
            try await mail.router.navigate(to: .compose)  // a sheet: the columns stay
            try await mail.router.dismiss()
            try await mail.navigate(to: .message(id: 7))
        }
        #expect(states.map(\.stack) == [[], [.inbox], [.inbox, .message(id: 7)]])
        #expect(states.last == mail.state)
    }

}
