/// The first step at which replaying a ``NavigationJournal`` went otherwise than recorded:
/// the step, the operation, the outcome and state recorded, and those the replay got.
///
/// ```swift
/// if let divergence = await journal.replay(on: fresh) {
///     print(divergence)   // step 3, navigate(to: [profile(id: 3)]): recorded completed, replayed cancelled: ...
/// }
/// ```
public struct JournalDivergence<Route: RouteProvider>: Sendable, Equatable, CustomStringConvertible {
    /// The step of the entry that diverged; `nil` when the router could not be brought to
    /// the journal's ``NavigationJournal/startState`` (restoring it did not complete).
    public let step: Int?
    /// The operation replayed (for `step == nil`, the `.restore` of the start state).
    public let operation: NavigationOperation<Route>
    /// The outcome the journal recorded.
    public let expected: JournalOutcome<Route>
    /// The outcome the replay got.
    public let actual: JournalOutcome<Route>
    /// The state the journal recorded after the step.
    public let expectedState: RouterState<Route>
    /// The router's state after the replayed step.
    public let actualState: RouterState<Route>

    /// Creates a divergence.
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
        self.step = step
        self.operation = operation
        self.expected = expected
        self.actual = actual
        self.expectedState = expectedState
        self.actualState = actualState
    }

    /// The step, the operation, and what differs, for test failures.
    public var description: String {
        let place = step.map { "step \($0)" } ?? "start"
        var text = "\(place), \(operation): recorded \(expected), replayed \(actual)"
        if expectedState != actualState {
            text += "; state recorded \(expectedState), replayed \(actualState)"
        }
        return text
    }
}
