/// The first step at which replaying a ``TabNavigationJournal`` went otherwise than
/// recorded: the step, the tab, the operation, the outcome and tab state recorded, and those
/// the replay got.
public struct TabJournalDivergence<Tab: Hashable & Codable & Sendable, Route: RouteProvider>: Sendable, Equatable,
    CustomStringConvertible
{
    /// The step of the entry that diverged; `nil` when a tab could not be brought to its
    /// state in the journal's ``TabNavigationJournal/startState`` (restoring it did not
    /// complete).
    public let step: Int?
    /// The tab selected or navigated.
    public let tab: Tab
    /// The operation replayed (for `step == nil`, the `.restore` of the tab's start state).
    public let operation: TabNavigationJournal<Tab, Route>.Operation
    /// The outcome the journal recorded.
    public let expected: JournalOutcome<Route>
    /// The outcome the replay got.
    public let actual: JournalOutcome<Route>
    /// The tab's state the journal recorded after the step.
    public let expectedState: RouterState<Route>
    /// The tab's state after the replayed step.
    public let actualState: RouterState<Route>

    /// Creates a divergence.
    /// - Parameters:
    ///   - step: The step that diverged, `nil` for the start state.
    ///   - tab: The tab selected or navigated.
    ///   - operation: The operation replayed.
    ///   - expected: The outcome recorded.
    ///   - actual: The outcome replayed.
    ///   - expectedState: The tab's state recorded after the step.
    ///   - actualState: The tab's state after the replayed step.
    public init(
        step: Int?,
        tab: Tab,
        operation: TabNavigationJournal<Tab, Route>.Operation,
        expected: JournalOutcome<Route>,
        actual: JournalOutcome<Route>,
        expectedState: RouterState<Route>,
        actualState: RouterState<Route>
    ) {
        self.step = step
        self.tab = tab
        self.operation = operation
        self.expected = expected
        self.actual = actual
        self.expectedState = expectedState
        self.actualState = actualState
    }

    /// The step, the tab, the operation, and what differs, for test failures.
    public var description: String {
        let place = step.map { "step \($0)" } ?? "start"
        var text = "\(place), [\(tab)] \(operation): recorded \(expected), replayed \(actual)"
        if expectedState != actualState {
            text += "; state recorded \(expectedState), replayed \(actualState)"
        }
        return text
    }
}
