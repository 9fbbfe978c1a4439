/// `openURL` on a URL group of 100 mappings (a hit on the last mapping, and a miss) against
/// a linear scan of the same mappings.
///
/// TODO(issue 6): wire this scenario to the typed `Router` and its URL matching
/// (Sources/StreamRouter/DeepLinks, Router). Until then it prints "pending".
/// Plan: an `AppRoute: RouteProvider` whose `registerURLs()` maps 100 patterns such as
/// `section<i>/{id}/view` under one host; library side `await router.openURL(url)` on a
/// fresh or reset router (the push is part of what `openURL` does, so the baseline must
/// push too, or both sides measure matching only through a package-level entry point);
/// baseline side: the same 100 patterns as `[String]` segment arrays tested one after the
/// other against `url.pathComponents`. No target in the issue: report the ratio.
enum OpenURLScenario {
    static let name = "open-url"

    static func comparisons() throws -> [Comparison] {
        ["100 mappings, hit", "100 mappings, miss"].map { caseName in
            Comparison(
                scenario: name,
                name: caseName,
                unit: "openURL",
                libraryLabel: "Router.openURL",
                baselineLabel: "linear scan",
                kind: .pending(reason: "TODO(issue 6): not wired to Router.openURL yet")
            )
        }
    }
}
