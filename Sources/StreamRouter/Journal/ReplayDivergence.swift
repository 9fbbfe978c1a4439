/// The first step at which replaying a journal went otherwise than recorded: the step, the
/// tab (for a ``TabNavigationJournal``), the operation, the outcome and state recorded, and
/// those the replay got.
///
/// One type for both journals: ``NavigationJournal/replay(on:)`` returns a
/// ``JournalDivergence`` (this type without a tab, `tab` always `nil`),
/// ``TabNavigationJournal/replay(on:)`` one whose `tab` names the tab that diverged.
///
/// ```swift
/// if let divergence = await journal.replay(on: fresh) {
///     print(divergence)   // step 3, navigate(to: [profile(id: 3)]): recorded completed, replayed cancelled: ...
/// }
/// if let divergence = await tabJournal.replay(on: freshApp) {
///     print(divergence)   // step 1, [search] navigate(to: [results(query: "a")]): recorded completed, ...
/// }
/// ```
public struct ReplayDivergence<Tab: Hashable & Sendable, Route: RouteProvider>: Sendable, Equatable,
    CustomStringConvertible
{
    /// The step of the entry that diverged; `nil` when the router (or a tab's router) could
    /// not be brought to the journal's start state (restoring it did not complete).
    public let step: Int?
    /// The tab whose router navigated; `nil` for a ``NavigationJournal``, which has no tabs, and
    /// for a navigation above a ``TabRouter``'s tabs.
    public let tab: Tab?
    /// The navigation replayed (for `step == nil`, the `.restore` of the start state). A
    /// selection never diverges: only navigations are compared.
    public let operation: NavigationOperation<Route>
    /// The outcome the journal recorded.
    public let expected: JournalOutcome<Route>
    /// The outcome the replay got.
    public let actual: JournalOutcome<Route>
    /// The state (of the tab's router, for a tab journal) the journal recorded after the step.
    public let expectedState: RouterState<Route>
    /// The router's state (the tab's) after the replayed step.
    public let actualState: RouterState<Route>

    /// Creates a divergence.
    /// - Parameters:
    ///   - step: The step that diverged, `nil` for the start state.
    ///   - tab: The tab whose router navigated, `nil` without tabs.
    ///   - operation: The navigation replayed.
    ///   - expected: The outcome recorded.
    ///   - actual: The outcome replayed.
    ///   - expectedState: The state recorded after the step.
    ///   - actualState: The state after the replayed step.
    public init(
        step: Int?,
        tab: Tab?,
        operation: NavigationOperation<Route>,
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
        let tab = tab.map { "[\($0)] " } ?? ""
        var text = "\(place), \(tab)\(operation): recorded \(expected), replayed \(actual)"
        if expectedState != actualState {
            text += "; state recorded \(expectedState), replayed \(actualState)"
        }
        return text
    }
}

/// The divergence of a ``NavigationJournal``'s replay: a ``ReplayDivergence`` without a tab.
public typealias JournalDivergence<Route: RouteProvider> = ReplayDivergence<Never, Route>

extension ReplayDivergence where Tab == Never {
    /// Creates the divergence of a journal without tabs.
    /// - Parameters:
    ///   - step: The step that diverged, `nil` for the start state.
    ///   - operation: The operation replayed.
    ///   - expected: The outcome recorded.
    ///   - actual: The outcome replayed.
    ///   - expectedState: The state recorded after the step.
    ///   - actualState: The state after the replayed step.
    public init(
        step: Int?,
        operation: NavigationOperation<Route>,
        expected: JournalOutcome<Route>,
        actual: JournalOutcome<Route>,
        expectedState: RouterState<Route>,
        actualState: RouterState<Route>
    ) {
        self.init(
            step: step, tab: nil, operation: operation, expected: expected, actual: actual,
            expectedState: expectedState, actualState: actualState)
    }
}
