import Foundation

/// A ``TabRouter``'s navigations, on every tab, and its changes of selection, in one order,
/// each with what became of it: the tab app's ``NavigationJournal``, `Codable`, replayed
/// with ``replay(on:)``.
///
/// ```swift
/// app.startRecording(keepingNewest: 500)
/// try await app.select(.search)
/// try await app.navigate(to: .product(id: 3))
/// app.journal?.entries.map(\.description)   // ["0: [search] select", "1: [search] navigate(to: [product(id: 3)]) -> completed"]
/// ```
///
/// An ``Entry`` is either a navigation attempt of one tab's router (made through the tab
/// router or directly on ``TabRouter/router(for:)``; selecting the selected tab again is
/// the `navigateToRoot()` it performs), with that tab's state after it, or a change of the
/// selected tab. The journal keeps the newest ``capacity`` entries; ``startState``
/// is the whole tree before the oldest one kept.
public struct TabNavigationJournal<Tab: Hashable & Codable & Sendable, Route: RouteProvider>: Sendable, Equatable,
    Codable, CustomStringConvertible
{
    /// What one entry did.
    public enum Operation: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The entry's tab became the selected tab.
        case select
        /// The entry's tab's router performed the operation.
        case navigation(NavigationOperation<Route>)

        /// `select`, or the operation.
        public var description: String {
            switch self {
            case .select: "select"
            case .navigation(let operation): operation.description
            }
        }
    }

    /// One recorded navigation or selection.
    public struct Entry: Sendable, Equatable, Codable, CustomStringConvertible {
        /// The entry's position among those recorded: 0 for the first one, counting up.
        public let step: Int
        /// The tab selected, or whose router navigated; for a navigation above the tabs, the
        /// tab selected below it.
        public let tab: Tab
        /// A selection, or the navigation as it was asked, before any redirect.
        public let operation: Operation
        /// The URL that led to it through ``TabRouter/openURL(_:)``, `nil` otherwise.
        public let url: URL?
        /// What became of it (a selection always completes).
        public let outcome: JournalOutcome<Route>
        /// The tab's state after a navigation; `nil` for a selection (which changes no stack).
        public let state: RouterState<Route>?
        /// The analytics name of the screen it showed or asked for: for a navigation, its final
        /// event's ``RouterEvent/analyticsName``; for a selection, that of the selected tab's
        /// topmost displayed route. Taken when the journal was read; `nil` when that route has
        /// none.
        public let analyticsName: String?
        /// Whether the navigation happened above the tabs (``TabRouter/present(_:)`` and what
        /// followed inside it): ``state`` is then the state above the tabs (no stack, its
        /// presentations).
        public let isAboveTabs: Bool
        /// Where it came from (its request's ``NavigationRequest/source``;
        /// ``NavigationSource/inApp`` for a selection). An entry of a journal saved without
        /// sources reads its default, as ``NavigationJournal/Entry/source`` does.
        public let source: NavigationSource
        /// The answers to the confirmations its guards asked, in order (see
        /// ``NavigationJournal/Entry/confirmations``); empty for a selection.
        public let confirmations: [Bool]

        /// Creates an entry.
        /// - Parameters:
        ///   - step: The entry's position among those recorded.
        ///   - tab: The tab selected or navigated.
        ///   - operation: A selection or the navigation as asked.
        ///   - url: The URL it came from, if any.
        ///   - outcome: What became of it.
        ///   - state: The tab's state after a navigation, `nil` for a selection.
        ///   - analyticsName: The analytics name of the screen it showed or asked for.
        ///   - isAboveTabs: Whether the navigation happened above the tabs.
        ///   - source: Where it came from; `nil` (the default) for the default of its
        ///     operation and URL.
        ///   - confirmations: The answers to the confirmations asked, in order.
        public init(
            step: Int,
            tab: Tab,
            operation: Operation,
            url: URL? = nil,
            outcome: JournalOutcome<Route>,
            state: RouterState<Route>?,
            analyticsName: String? = nil,
            isAboveTabs: Bool = false,
            source: NavigationSource? = nil,
            confirmations: [Bool] = []
        ) {
            self.step = step
            self.tab = tab
            self.operation = operation
            self.url = url
            self.outcome = outcome
            self.state = state
            self.analyticsName = analyticsName
            self.isAboveTabs = isAboveTabs
            self.confirmations = confirmations
            if let source {
                self.source = source
            } else if case .navigation(let navigation) = operation {
                self.source = ._default(for: navigation, url: url)
            } else {
                self.source = .inApp
            }
        }

        /// Decodes an entry; one saved without a source gets the default of its operation
        /// and URL.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                step: try container.decode(Int.self, forKey: .step), tab: try container.decode(Tab.self, forKey: .tab),
                operation: try container.decode(Operation.self, forKey: .operation),
                url: try container.decodeIfPresent(URL.self, forKey: .url),
                outcome: try container.decode(JournalOutcome<Route>.self, forKey: .outcome),
                state: try container.decodeIfPresent(RouterState<Route>.self, forKey: .state),
                analyticsName: try container.decodeIfPresent(String.self, forKey: .analyticsName),
                isAboveTabs: try container.decodeIfPresent(Bool.self, forKey: .isAboveTabs) ?? false,
                source: try container.decodeIfPresent(NavigationSource.self, forKey: .source),
                confirmations: try container.decodeIfPresent([Bool].self, forKey: .confirmations) ?? [])
        }

        /// The step, the tab, the operation and its outcome, for logs.
        public var description: String {
            switch operation {
            case .select: "\(step): [\(tab)] select"
            case .navigation(let navigation):
                "\(step): [\(isAboveTabs ? "above \(tab)" : "\(tab)")] \(navigation) -> \(outcome)"
            }
        }
    }

    /// The entries kept, oldest first.
    public let entries: [Entry]
    /// The tree (selected tab and every tab's state) before the oldest entry kept.
    public let startState: TabRouterState<Tab, Route>
    /// How many entries were recorded in all, kept or dropped: the step of the next one.
    public let stepCount: Int
    /// The most entries kept; recording more drops the oldest.
    public let capacity: Int

    /// Creates a journal (the recorder makes it; decoding checks the same consistency).
    init(capacity: Int, startState: TabRouterState<Tab, Route>, stepCount: Int, entries: [Entry]) {
        self.capacity = capacity
        self.startState = startState
        self.stepCount = stepCount
        self.entries = entries
    }

    /// How many of the oldest entries were dropped to keep ``capacity``.
    public var droppedCount: Int { stepCount - entries.count }

    /// The tree after the newest entry: ``startState`` with each entry applied.
    public var endState: TabRouterState<Tab, Route> {
        var state = startState
        for entry in entries {
            if entry.operation == .select {
                state.selected = entry.tab
            }
            if let entryState = entry.state {
                if entry.isAboveTabs {
                    state.aboveTabs = entryState.presentations
                } else {
                    state.stacks[entry.tab] = entryState
                }
            }
        }
        return state
    }

    // MARK: - Codable

    /// Decodes a journal, checking it is consistent, as ``NavigationJournal`` does, and that
    /// navigations, and only they, have a state.
    /// - Throws: `DecodingError.dataCorrupted` for a journal that is not consistent.
    public init(from decoder: any Decoder) throws {
        let (capacity, startState, stepCount, entries): (Int, TabRouterState<Tab, Route>, Int, [Entry]) =
            try JournalFormat.decode(
                from: decoder, name: "tab navigation journal", step: \.step,
                isValid: { ($0.operation == .select) == ($0.state == nil) })
        self.init(capacity: capacity, startState: startState, stepCount: stepCount, entries: entries)
    }

    /// Encodes the format version, the capacity, the start tree, the step count and the
    /// entries, oldest first.
    public func encode(to encoder: any Encoder) throws {
        try JournalFormat.encode(
            to: encoder, capacity: capacity, startState: startState, stepCount: stepCount, entries: entries)
    }

    /// The journal, one entry a line with its tab's state after it.
    public var description: String {
        var lines = ["TabNavigationJournal, \(entries.count) of \(stepCount) steps kept (capacity \(capacity))"]
        lines.append("  start: selected \(startState.selected)")
        for entry in entries {
            lines.append("  \(entry)" + (entry.state.map { ": \($0)" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }
}
