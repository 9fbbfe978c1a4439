import Foundation
import StreamRouter

/// A served `apple-app-site-association` file that does not cover a group's mappings, as
/// thrown by ``checkAppleAppSiteAssociation(_:covers:)``; its description lists each
/// problem.
public struct AppleAppSiteAssociationMismatch: Error, Sendable, CustomStringConvertible {
    /// What the file leaves out and what it claims in vain.
    public let coverage: AppleAppSiteAssociationCoverage

    /// One line per problem.
    public var description: String {
        "the served apple-app-site-association file does not match the URL mappings:\n\(coverage)"
    }
}

/// Checks that a served `apple-app-site-association` file covers every mapping of `group`
/// that such a file can express, and claims no path that no mapping takes: throws, listing
/// each problem, when it does not (so a test fails with the list).
///
/// ```swift
/// @Test func theServedFileCoversEveryMapping() throws {
///     let served = try Data(contentsOf: siteRoot.appending(path: ".well-known/apple-app-site-association"))
///     try checkAppleAppSiteAssociation(served, covers: #require(AppRoute.registerURLs()))
/// }
/// ```
///
/// - Parameters:
///   - served: The file as the site serves it.
///   - group: The app's URL mappings.
/// - Throws: ``AppleAppSiteAssociationMismatch`` with
///   `URLMatcherGroup.uncoveredMappings(inAppleAppSiteAssociation:)`'s answer; also for a
///   file that cannot be read (its `unreadable` says why: not JSON, a value of the wrong type,
///   a path pattern over `ServedAssociationFileError.maximumPathLength`). The check runs in a
///   bounded stack and memory, on any thread, whatever the file holds.
/// > Note: Mappings the file cannot express (`URLMatcherGroup.appleAppSiteAssociationGaps`)
/// > are not asked for.
public func checkAppleAppSiteAssociation<Route>(
    _ served: Data,
    covers group: URLMatcherGroup<Route>
) throws(AppleAppSiteAssociationMismatch) {
    let coverage = group.uncoveredMappings(inAppleAppSiteAssociation: served)
    guard coverage.isComplete else { throw AppleAppSiteAssociationMismatch(coverage: coverage) }
}

/// A served `apple-app-site-association` file that claims paths its group refuses, as thrown
/// by ``checkAppleAppSiteAssociation(_:claimsOnlyWhat:onHost:)``; its description lists them.
public struct AppleAppSiteAssociationOverclaim: Error, Sendable, CustomStringConvertible {
    /// The host the file is served on.
    public let host: String
    /// The claimed paths no mapping takes.
    public let paths: [String]

    /// One line per path.
    public var description: String {
        "the apple-app-site-association file served on \(host) claims paths no URL mapping takes "
            + "(each tap opens the app only to bounce back to the browser):\n"
            + paths.map { "  \($0)" }.joined(separator: "\n")
    }
}

/// Checks that a served `apple-app-site-association` file claims no path that `group`
/// refuses, on paths made from the group's mappings and the file's components (see
/// `URLMatcherGroup.overclaimedPaths(inAppleAppSiteAssociation:host:)`): throws, listing
/// them, when it does. Together with ``checkAppleAppSiteAssociation(_:covers:)``, the file
/// claims exactly what the app opens.
///
/// ```swift
/// @Test func theServedFileClaimsOnlyWhatTheAppOpens() throws {
///     let served = try Data(contentsOf: siteRoot.appending(path: ".well-known/apple-app-site-association"))
///     try checkAppleAppSiteAssociation(served, claimsOnlyWhat: #require(AppRoute.registerURLs()), onHost: "example.com")
/// }
/// ```
///
/// - Parameters:
///   - served: The file as the site serves it.
///   - group: The app's URL mappings.
///   - host: The host that serves the file.
/// - Throws: ``AppleAppSiteAssociationOverclaim`` listing the paths; `ServedAssociationFileError`
///   for a file that cannot be read.
public func checkAppleAppSiteAssociation<Route>(
    _ served: Data,
    claimsOnlyWhat group: URLMatcherGroup<Route>,
    onHost host: String
) throws {
    let paths = try group.overclaimedPaths(inAppleAppSiteAssociation: served, host: host)
    guard paths.isEmpty else { throw AppleAppSiteAssociationOverclaim(host: host, paths: paths) }
}
