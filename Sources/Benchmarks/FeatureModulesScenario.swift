import Foundation
import StreamRouter

/// Deep links through a URL group composed of 5 feature modules' groups
/// (``URLMatcherGroup/module(_:through:)``, 20 mappings `m<k>section<i>/{id}/view` each, under
/// one host), against the same 100 mappings registered in one group of the app's own: the
/// whole `Router.openURL` of a hit on the last module's last mapping costs at most 1.2x the
/// time, and so does matching alone (`URLMatcherGroup.match`).
enum FeatureModulesScenario {
    static let name = "feature-modules"
    static let moduleCount = 5
    static let mappingsPerModule = 20

    /// A module's route (every module of the scenario has the same shape).
    enum ModuleRoute: RouteProvider {
        case section(index: Int, id: Int)

        var path: String {
            switch self {
            case .section(let index, let id): "/section/\(index)/\(id)"
            }
        }
    }

    /// The app's route: a module's, by the module's number. `.replace`, so the stack stays
    /// one route deep however many URLs a run opens.
    enum AppRoute: RouteProvider {
        case module(Int, ModuleRoute)

        var transition: RouteTransition { .replace }

        var path: String {
            switch self {
            case .module(let module, let route): "/m\(module)" + route.path
            }
        }
    }

    /// Module `module`'s group: its mappings under the shared host.
    static func moduleGroup(_ module: Int) -> URLMatcherGroup<ModuleRoute> {
        .group("bench.example.com") { mapper in
            for index in 0..<mappingsPerModule {
                mapper.map("m\(module)section\(index)/{id}/view") { .section(index: index, id: try $0.param("id")) }
            }
        }
    }

    /// Module `module`'s routes in the app's.
    static func embedding(_ module: Int) -> RouteEmbedding<ModuleRoute, AppRoute> {
        RouteEmbedding(
            module: "m\(module)",
            embed: { .module(module, $0) },
            extract: { route in
                guard case .module(module, let own) = route else { return nil }
                return own
            })
    }

    /// The app's group composed of the modules' groups.
    static var composed: URLMatcherGroup<AppRoute> {
        URLMatcherGroup(matchers: (0..<moduleCount).map { .module(moduleGroup($0), through: embedding($0)) })
    }

    /// The same mappings in one group of the app's own.
    static var single: URLMatcherGroup<AppRoute> {
        .group("bench.example.com") { mapper in
            for module in 0..<moduleCount {
                for index in 0..<mappingsPerModule {
                    mapper.map("m\(module)section\(index)/{id}/view") {
                        .module(module, .section(index: index, id: try $0.param("id")))
                    }
                }
            }
        }
    }

    static func comparisons() throws -> [Comparison] {
        let last = (module: moduleCount - 1, index: mappingsPerModule - 1)
        guard let hit = URL(string: "https://bench.example.com/m\(last.module)section\(last.index)/42/view") else {
            throw BenchmarkError("feature-modules: bad URL literal")
        }
        let (composed, single) = (Self.composed, Self.single)
        let expected = AppRoute.module(last.module, .section(index: last.index, id: 42))
        guard (try? composed.match(hit).get()) == expected, (try? single.match(hit).get()) == expected,
            composed.conflicts.isEmpty
        else { throw BenchmarkError("feature-modules: the composed and the single group disagree") }

        func openURL(_ group: URLMatcherGroup<AppRoute>) -> @Sendable (Int) async -> Sample {
            { operations in
                await OpenURLScenario.timeOpening(hit, on: Router<AppRoute>(urlMatchers: group), operations)
            }
        }
        let opening = Comparison(
            scenario: name,
            name: "5 modules x 20 mappings, hit on the last, Router.openURL",
            unit: "openURL",
            libraryLabel: "composed of 5 modules",
            baselineLabel: "one group",
            kind: .timed(library: openURL(composed), baseline: openURL(single)),
            target: .time(atMost: 1.2)
        )
        let matching = Comparison(
            scenario: name,
            name: "5 modules x 20 mappings, hit on the last, matching",
            unit: "URL",
            libraryLabel: "composed of 5 modules",
            baselineLabel: "one group",
            kind: .timed(
                library: { operations in timeLoop(operations) { _ in (try? composed.match(hit).get()) == nil ? 0 : 1 }
                },
                baseline: { operations in timeLoop(operations) { _ in (try? single.match(hit).get()) == nil ? 0 : 1 } }
            ),
            target: .time(atMost: 1.2)
        )
        return [opening, matching]
    }
}
