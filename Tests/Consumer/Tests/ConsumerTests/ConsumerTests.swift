import StreamRouter
import StreamRouterTesting
import Testing

enum ConsumerRoute: RouteProvider {
    case home
    case profile(id: Int)
}

@Suite struct ConsumerTests {
    @Test func navigatesAndObserves() async throws {
        let navigator = Navigator(initialPath: "/")
        let paths = StreamRecorder(navigator.paths)
        navigator.navigate("news")
        navigator.navigate("/settings/user")
        #expect(try await paths.next(3) == ["/", "/news", "/settings/user"])

        let router = Router<ConsumerRoute>()
        let events = StreamRecorder(router.events)
        try await router.navigate(to: .profile(id: 3))
        #expect(router.stack == [.profile(id: 3)])
        try await events.wait { events in
            events.contains { if case .completed = $0 { true } else { false } }
        }
        #expect(events.values.first?.request?.operation == .navigate(to: [.profile(id: 3)]))
    }

}
