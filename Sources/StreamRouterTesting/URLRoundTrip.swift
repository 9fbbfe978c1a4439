import Foundation
import StreamRouter

/// A sample route whose URL, as the app builds it, does not open the same route.
public struct URLRoundTripFailure<Route: RouteProvider>: Sendable, CustomStringConvertible {
    /// The sample route.
    public let route: Route
    /// The URL the app built for it.
    public let url: URL
    /// What `Router.openURL(_:)` would open instead: another route, or why none.
    public let outcome: Result<Route, URLNotHandledReason>

    /// A sentence for test failures: the route, the URL and what it opens instead.
    public var description: String {
        switch outcome {
        case .success(let other): "\(url) opens \(other), not \(route)"
        case .failure(let reason): "\(url) opens nothing, not \(route): \(reason)"
        }
    }
}

/// Checks that the URLs an app builds for routes open those same routes: for each sample
/// route, matches `url(route)` with `Route.registerURLs()` (what `Router.openURL(_:)`
/// matches with) and reports every route it does not map back to.
///
/// ```swift
/// let failures = urlRoundTripFailures(for: [.allProducts, .profile(id: 7)]) { route in
///     URL(string: "https://store.example.com" + AppLinks.path(for: route))!
/// }
/// #expect(failures.isEmpty, "\(failures)")
/// ```
///
/// - Parameters:
///   - routes: Sample routes, one or more of each case the app links to.
///   - url: The app's own URL builder.
/// - Returns: The routes whose URL opens another route or none, in the given order; empty
///   when every URL maps back.
/// > Note: Pure: it navigates nowhere. A router also applies its `InputPolicy` and guards,
/// > which this does not check.
public func urlRoundTripFailures<Route: RouteProvider>(
    for routes: [Route],
    url: (Route) throws -> URL
) rethrows -> [URLRoundTripFailure<Route>] {
    let group = Route.registerURLs()
    var failures: [URLRoundTripFailure<Route>] = []
    for route in routes {
        let built = try url(route)
        let outcome = group?.match(built) ?? .failure(.noURLsRegistered)
        if case .success(let opened) = outcome, opened == route { continue }
        failures.append(URLRoundTripFailure(route: route, url: built, outcome: outcome))
    }
    return failures
}
