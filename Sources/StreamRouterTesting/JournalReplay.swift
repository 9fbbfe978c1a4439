import Foundation
import StreamRouter

/// A recorded journal that no longer replays as recorded: which one, and its first
/// divergence.
public struct JournalReplayFailure<Divergence: Sendable & CustomStringConvertible>: Sendable, CustomStringConvertible {
    /// The journal's position in the list given.
    public let index: Int
    /// The first step that went otherwise than recorded.
    public let divergence: Divergence

    /// A sentence for test failures: the journal's position and the divergence.
    public var description: String {
        "journal \(index): \(divergence)"
    }
}

/// Replays each recorded journal on a fresh router and reports those that no longer replay
/// as recorded: turns journals users sent with bug reports into a regression test.
///
/// ```swift
/// @Test func bugReportsReplay() async throws {
///     let journal = try NavigationJournal<AppRoute>(contentsOf: fixtureURL)   // JSON
///     let failures = await journalReplayFailures(for: [journal]) {
///         let router = Router<AppRoute>()
///         router.addGuard(named: "auth") { pending in ... }                     // the app's guards
///         return router
///     }
///     #expect(failures.isEmpty, "\(failures)")
/// }
/// ```
///
/// - Parameters:
///   - journals: Recorded journals (see `Router.startRecording(keepingNewest:)`).
///   - isolation: The actor `makeRouter` runs on; the caller's by default.
///   - makeRouter: Makes a router as the app does, with its guards; called once per journal.
/// - Returns: Each journal whose replay diverged, with its first divergence, in the given
///   order; empty when every journal replays as recorded.
public func journalReplayFailures<Route: RouteProvider>(
    for journals: [NavigationJournal<Route>],
    isolation: isolated (any Actor)? = #isolation,
    router makeRouter: () -> Router<Route>
) async -> [JournalReplayFailure<JournalDivergence<Route>>] {
    var failures: [JournalReplayFailure<JournalDivergence<Route>>] = []
    for (index, journal) in journals.enumerated() {
        if let divergence = await journal.replay(on: makeRouter()) {
            failures.append(JournalReplayFailure(index: index, divergence: divergence))
        }
    }
    return failures
}

/// Replays each recorded tab journal on a fresh tab router and reports those that no longer
/// replay as recorded, as ``journalReplayFailures(for:isolation:router:)`` does for routers.
///
/// - Parameters:
///   - journals: Recorded journals (see `TabRouter.startRecording(keepingNewest:)`).
///   - isolation: The actor `makeApp` runs on; the caller's by default.
///   - makeApp: Makes a tab router as the app does, with its tabs and guards; called once
///     per journal.
/// - Returns: Each journal whose replay diverged, with its first divergence, in order.
public func journalReplayFailures<Tab, Route: RouteProvider>(
    for journals: [TabNavigationJournal<Tab, Route>],
    isolation: isolated (any Actor)? = #isolation,
    tabRouter makeApp: () -> TabRouter<Tab, Route>
) async -> [JournalReplayFailure<ReplayDivergence<Tab, Route>>] {
    var failures: [JournalReplayFailure<ReplayDivergence<Tab, Route>>] = []
    for (index, journal) in journals.enumerated() {
        if let divergence = await journal.replay(on: makeApp()) {
            failures.append(JournalReplayFailure(index: index, divergence: divergence))
        }
    }
    return failures
}

extension NavigationJournal {
    /// Loads a journal from its JSON (what `JSONEncoder` made of it, as a bug report
    /// attaches it).
    /// - Throws: `DecodingError` for JSON that is not a consistent journal of these routes.
    public init(json: Data) throws {
        self = try JSONDecoder().decode(Self.self, from: json)
    }

    /// Loads a journal from a JSON file (a test fixture), of at most `maximumBytes` (64 MiB
    /// by default), read as `FileStateStore` reads a saved state: a regular file only.
    /// - Throws: The file's read error (`PersistenceError/tooLarge(bytes:limit:)` for a
    ///   larger one, `CocoaError.fileReadNoSuchFile` for none), or `DecodingError`.
    public init(contentsOf url: URL, maximumBytes: Int = 64 * 1_024 * 1_024) throws {
        try self.init(json: try journalFile(url, maximumBytes: maximumBytes))
    }
}

/// The bytes of the journal file at `url`, read as ``FileStateStore`` reads a saved state.
private func journalFile(_ url: URL, maximumBytes: Int) throws -> Data {
    guard let data = try FileStateStore(url: url).load(maximumBytes: maximumBytes) else {
        throw CocoaError(.fileReadNoSuchFile, userInfo: [NSURLErrorKey: url])
    }
    return data
}

extension TabNavigationJournal {
    /// Loads a journal from its JSON.
    /// - Throws: `DecodingError` for JSON that is not a consistent journal of these tabs and
    ///   routes.
    public init(json: Data) throws {
        self = try JSONDecoder().decode(Self.self, from: json)
    }

    /// Loads a journal from a JSON file (a test fixture), of at most `maximumBytes` (see
    /// ``NavigationJournal/init(contentsOf:maximumBytes:)``).
    /// - Throws: The file's read error, or `DecodingError`.
    public init(contentsOf url: URL, maximumBytes: Int = 64 * 1_024 * 1_024) throws {
        try self.init(json: try journalFile(url, maximumBytes: maximumBytes))
    }
}
