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
