import Foundation

/// A ``Router``'s navigations in the order they ended, each with what became of it and the
/// state after it: a `Codable` value a user can send with a bug report, and that a test
/// replays on a fresh router to reproduce the bug (``replay(on:)``).
///
/// ```swift
/// router.startRecording(keepingNewest: 200)
/// try await router.navigate(to: .profile(id: 3))
/// let journal = router.journal                                // NavigationJournal<AppRoute>?
/// let data = try JSONEncoder().encode(journal)                // attach to the bug report
///
/// // In a test, with the app's guards:
/// let fresh = Router<AppRoute>()
/// fresh.addGuard(named: "auth") { pending in ... }
/// let divergence = await journal?.replay(on: fresh)           // nil: the same outcomes and states
/// ```
///
/// Each ``Entry`` is one navigation attempt (``Router/navigate(to:)-(Route)``,
/// ``Router/openURL(_:)``, ``Router/restore()``, any ``NavigationOperation``): its step
/// (0 for the first recorded, counting up), the operation as it was asked, the URL it came
/// from, its ``JournalOutcome`` and the router's state after it. The journal keeps the
/// newest ``capacity`` entries; ``startState`` is the state before the oldest one kept, so
/// replaying from it reaches every kept entry's state.
///
/// > Note: A router records under its own lock, in the step that commits (or rejects) the
/// > navigation, so the entries' order is the order of the router's events, and a router
/// > that does not record pays nothing. See ``Router/startRecording(keepingNewest:)``.
public struct NavigationJournal<Route: RouteProvider>: Sendable, Equatable, Codable, CustomStringConvertible {
    /// One recorded navigation.
    public struct Entry: Sendable, Equatable, Codable, CustomStringConvertible {
        /// The navigation's position among those the journal recorded: 0 for the first one
        /// recorded, counting up (dropped entries keep their numbers counted).
        public let step: Int
        /// The operation as it was asked, before any redirect.
        public let operation: NavigationOperation<Route>
        /// The URL that led to it through ``Router/openURL(_:)``, `nil` for a direct call.
        public let url: URL?
        /// What became of it.
        public let outcome: JournalOutcome<Route>
        /// The router's state after it: the new state when it completed, the unchanged one
        /// otherwise.
        public let state: RouterState<Route>
        /// The analytics name of the screen it showed or asked for
        /// (``RouterEvent/analyticsName`` of its final event), taken when the journal was
        /// read; `nil` when that route has none.
        public let analyticsName: String?
        /// The loaders that gave it values (``RouterEvent/loaded(_:loader:route:)``), in order;
        /// empty without loaders.
        public let loads: [String]
        /// Where it came from (its request's ``NavigationRequest/source``). An entry of a
        /// journal saved without sources reads its default: ``NavigationSource/restoration``
        /// for a restore, ``NavigationSource/link`` with a `url`, ``NavigationSource/inApp``
        /// otherwise.
        public let source: NavigationSource
        /// The answers to the confirmations its guards asked (``GuardDecision/confirm(_:)``,
        /// leave conditions), in order: `true` when the user proceeded, `false` when they
        /// cancelled or the navigation ended unanswered. A replay gives the same answers.
        /// Empty when none was asked (and for a journal saved before confirmations).
        public let confirmations: [Bool]

        /// Creates an entry.
        /// - Parameters:
        ///   - step: The navigation's position among those recorded.
        ///   - operation: The operation as it was asked.
        ///   - url: The URL it came from, if any.
        ///   - outcome: What became of it.
        ///   - state: The router's state after it.
        ///   - analyticsName: The analytics name of the screen it showed or asked for.
        ///   - loads: The loaders that gave it values, in order.
        ///   - source: Where it came from; `nil` (the default) for the default of its
        ///     operation and URL.
        ///   - confirmations: The answers to the confirmations asked, in order.
        public init(
            step: Int,
            operation: NavigationOperation<Route>,
            url: URL? = nil,
            outcome: JournalOutcome<Route>,
            state: RouterState<Route>,
            analyticsName: String? = nil,
            loads: [String] = [],
            source: NavigationSource? = nil,
            confirmations: [Bool] = []
        ) {
            self.step = step
            self.operation = operation
            self.url = url
            self.outcome = outcome
            self.state = state
            self.analyticsName = analyticsName
            self.loads = loads
            self.source = source ?? ._default(for: operation, url: url)
            self.confirmations = confirmations
        }

        /// Decodes an entry; one saved without a source gets the default of its operation
        /// and URL, one saved without loads or confirmations none.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let operation = try container.decode(NavigationOperation<Route>.self, forKey: .operation)
            let url = try container.decodeIfPresent(URL.self, forKey: .url)
            self.init(
                step: try container.decode(Int.self, forKey: .step), operation: operation, url: url,
                outcome: try container.decode(JournalOutcome<Route>.self, forKey: .outcome),
                state: try container.decode(RouterState<Route>.self, forKey: .state),
                analyticsName: try container.decodeIfPresent(String.self, forKey: .analyticsName),
                loads: try container.decodeIfPresent([String].self, forKey: .loads) ?? [],
                source: try container.decodeIfPresent(NavigationSource.self, forKey: .source),
                confirmations: try container.decodeIfPresent([Bool].self, forKey: .confirmations) ?? [])
        }

        /// The step, the operation and its outcome, for logs.
        public var description: String {
            "\(step): \(operation) -> \(outcome)"
        }
    }

    /// The entries kept, oldest first.
    public let entries: [Entry]
    /// The router's state before the oldest entry kept (when recording started, while no
    /// entry was dropped).
    public let startState: RouterState<Route>
    /// How many navigations were recorded in all, kept or dropped: the step of the next one.
    public let stepCount: Int
    /// The most entries kept; recording more drops the oldest.
    public let capacity: Int

    /// Creates a journal (the recorder makes it; decoding checks the same consistency).
    init(capacity: Int, startState: RouterState<Route>, stepCount: Int, entries: [Entry]) {
        self.capacity = capacity
        self.startState = startState
        self.stepCount = stepCount
        self.entries = entries
    }

    /// How many of the oldest entries were dropped to keep ``capacity``.
    public var droppedCount: Int { stepCount - entries.count }

    /// The state after the newest entry (``startState`` when there is none).
    public var endState: RouterState<Route> {
        entries.last?.state ?? startState
    }

    // MARK: - Codable

    /// Decodes a journal, checking it is consistent: a known format version, a capacity of
    /// at least 1, no more entries than it, and steps that increase and stay below the
    /// step count.
    /// - Throws: `DecodingError.dataCorrupted` for a journal that is not consistent.
    public init(from decoder: any Decoder) throws {
        let (capacity, startState, stepCount, entries): (Int, RouterState<Route>, Int, [Entry]) =
            try JournalFormat.decode(from: decoder, name: "navigation journal", step: \.step)
        self.init(capacity: capacity, startState: startState, stepCount: stepCount, entries: entries)
    }

    /// Encodes the format version, the capacity, the start state, the step count and the
    /// entries, oldest first.
    public func encode(to encoder: any Encoder) throws {
        try JournalFormat.encode(
            to: encoder, capacity: capacity, startState: startState, stepCount: stepCount, entries: entries)
    }

    /// The journal, one entry a line with the state after it, for logs and test failures.
    public var description: String {
        var lines = ["NavigationJournal, \(entries.count) of \(stepCount) steps kept (capacity \(capacity))"]
        lines.append("  start: \(startState)")
        for entry in entries {
            lines.append("  \(entry): \(entry.state)")
        }
        return lines.joined(separator: "\n")
    }
}
