import Foundation
import StreamRouter

/// An app's URL or route whose link does not go both ways, as ``linkCheckFailures(opening:linking:in:servedAssociationFile:)``
/// reports it.
public struct LinkCheckFailure<Route: RouteProvider>: Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Problem: Sendable {
        /// The app's URL opens no route, for this reason.
        case opensNothing(URLNotHandledReason)
        /// The route has no link: no mapping says how to make one that opens it again
        /// (`URLMatcherGroup.url(for:)` gives only links that do).
        case makesNoLink
        /// The served association file does not claim the route's link (``LinkCheckFailure/url``):
        /// a tap on it opens the browser.
        case linkNotClaimed
    }

    /// The app's URL (for ``Problem/opensNothing(_:)``) or the route's link; `nil` when the
    /// route has none.
    public let url: URL?
    /// The route checked; `nil` when the app's URL opens none.
    public let route: Route?
    /// What went wrong.
    public let problem: Problem

    /// A sentence for test failures.
    public var description: String {
        let link = url?.absoluteString ?? "no link"
        let route = route.map { "\($0)" } ?? "no route"
        return switch problem {
        case .opensNothing(let reason): "\(link) opens nothing: \(reason)"
        case .makesNoLink: "\(route) makes no link"
        case .linkNotClaimed: "\(route)'s link \(link) is not claimed by the association file"
        }
    }
}

/// Checks an app's links both ways, with no router: each of `urls` (its App Intents' URLs,
/// its marketing and share links) opens a route, and each route opened, and each of
/// `routes`, makes a link (`URLMatcherGroup.url(for:)`, which gives only a link that opens
/// that same route again) that the served association file claims.
///
/// With no router, a URL is opened as `URLMatcherGroup.match(_:)` opens it: one whose
/// mapping is `async`, performs an action or selects a tab opens no route here
/// (``LinkCheckFailure/Problem/opensNothing(_:)``); check such URLs with a router's
/// `openURL(_:)` instead.
///
/// ```swift
/// @Test func everyLinkGoesBothWays() throws {
///     let failures = try linkCheckFailures(
///         opening: [URL(string: "https://news.example.com/articles/42")!],
///         linking: [.article(id: 1), .profile(name: "ada")],
///         servedAssociationFile: Data(contentsOf: siteRoot.appending(path: ".well-known/apple-app-site-association")))
///     #expect(failures.isEmpty, "\(failures)")
/// }
/// ```
///
/// - Parameters:
///   - urls: URLs the app receives.
///   - routes: Routes the app makes links for (one or more of each case it shares).
///   - group: The app's URL mappings; `Route.registerURLs()` by default.
///   - served: The `apple-app-site-association` file served on the links' host, to check
///     that it claims every `https` link made; `nil` (the default) to skip that check.
/// - Returns: Every problem: the URLs that open nothing, then the routes without a link,
///   then the links not claimed, each in order; empty when every link goes both ways.
/// - Throws: `ServedAssociationFileError` when `served` cannot be read.
public func linkCheckFailures<Route: RouteProvider>(
    opening urls: [URL] = [],
    linking routes: [Route] = [],
    in group: URLMatcherGroup<Route>? = Route.registerURLs(),
    servedAssociationFile served: Data? = nil
) throws(ServedAssociationFileError) -> [LinkCheckFailure<Route>] {
    var failures: [LinkCheckFailure<Route>] = []
    var checked: [Route] = []
    for url in urls {
        switch group?.match(url) ?? .failure(.noURLsRegistered) {
        case .success(let route): checked.append(route)
        case .failure(let reason):
            failures.append(LinkCheckFailure(url: url, route: nil, problem: .opensNothing(reason)))
        }
    }
    checked += routes
    let linked = checked.filter { group?.url(for: $0) != nil }
    for route in checked where !linked.contains(route) {
        failures.append(LinkCheckFailure(url: nil, route: route, problem: .makesNoLink))
    }
    if let served, let group {
        for link in try group.unclaimedLinks(for: linked, inAppleAppSiteAssociation: served) {
            failures.append(LinkCheckFailure(url: link, route: try? group.match(link).get(), problem: .linkNotClaimed))
        }
    }
    return failures
}
