import AsyncObservables
import StreamRouterTesting
import Testing

@testable import StreamRouter

@Suite(.suiteLimit) struct RouteDiagnosticsTests {
    enum ConflictingLinkRoute: RouteProvider {
        case user(id: String)
        case me

        static func registerURLs() -> URLMatcherGroup<ConflictingLinkRoute>? {
            .group("example.com") {
                $0.map("user/{id}") { try .user(id: $0.param("id")) }
                $0.map("user/me") { .me }
            }
        }
    }

    /// The same conflicts, for a router made with a store.
    enum StoredConflictingLinkRoute: RouteProvider {
        case user(id: String)
        case me

        static func registerURLs() -> URLMatcherGroup<StoredConflictingLinkRoute>? {
            .group("example.com") {
                $0.map("user/{id}") { try .user(id: $0.param("id")) }
                $0.map("user/me") { .me }
            }
        }
    }

    /// A router, made with or without a store, reports once per route type. (One test: the
    /// handler is the process's.)
    @Test func aRouterReportsItsURLConflictsOnceWhenCreated() {
        let reports = _Locked<[RouteDiagnostics.ConflictReport]>([])
        RouteDiagnostics.setConflictHandler { report in
            // Other suites create routers meanwhile: keep this suite's route type only.
            if report.routeType.hasSuffix("ConflictingLinkRoute") {
                reports.withLock { $0.append(report) }
            }
        }
        defer { RouteDiagnostics.setConflictHandler(nil) }
        _ = Router<ConflictingLinkRoute>()
        _ = Router<ConflictingLinkRoute>()
        let expected = RouteDiagnostics.ConflictReport(
            routeType: "ConflictingLinkRoute",
            conflicts: [RouteConflict(entry: 1, shadowedBy: [0], kind: .unreachable)]
        )
        _ = Router<StoredConflictingLinkRoute>(store: InMemoryStateStore())
        _ = Router<StoredConflictingLinkRoute>(store: InMemoryStateStore())
        let stored = RouteDiagnostics.ConflictReport(
            routeType: "StoredConflictingLinkRoute", conflicts: expected.conflicts)
        #expect(reports.withLock { $0 } == [expected, stored])
        #expect(expected.description == "URL mappings of ConflictingLinkRoute: entry 1 is unreachable, shadowed by 0")
    }
}
