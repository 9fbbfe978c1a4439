import Foundation
import StreamRouter
import Testing

/// DESIGN.md "Route diagnostics and path generation", line by line, through the public API
/// only (no `@testable`).
@Suite(.suiteLimit) struct DiagnosticsDesignTests {
    enum AppRoute: RouteProvider {
        case profile(id: String)
        case me

        static func registerURLs() -> URLMatcherGroup<AppRoute>? {
            .group("example.com") {
                $0.map("user/{id}") { try .profile(id: $0.param("id")) }
                $0.map("user/me") { .me }
            }
        }
    }

    @Test func snippet() throws {
        let table = RouteTable<String>([(try PathPattern("/a/:x"), "x"), (try PathPattern("/a/b"), "b")])
        let conflicts: [RouteConflict] = table.conflicts
        let urlConflicts = AppRoute.registerURLs()?.conflicts
        for conflict in conflicts + (urlConflicts ?? []) {
            let entry: Int = conflict.entry
            let shadowedBy: [Int] = conflict.shadowedBy
            #expect(entry == 1)
            #expect(shadowedBy == [0])
            #expect(conflict.kind == .unreachable)
        }
        #expect(urlConflicts?.count == 1)
        #expect(try PathPattern("/user/:id/posts/:post?").path(with: ["id": "42"]) == "/user/42/posts")
        #expect(try PathPattern("/files/*").path(with: [:], rest: "a/b") == "/files/a/b")
    }
}
