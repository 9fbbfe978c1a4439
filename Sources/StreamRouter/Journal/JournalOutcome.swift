/// What became of one navigation a ``NavigationJournal`` recorded: it completed as asked,
/// completed after a guard redirected it, was cancelled, or failed.
///
/// `Codable` and `Equatable`: errors are saved as ``NavigationError`` (an `any Error`
/// reason as its description) and compare as ``NavigationError`` compares them.
public enum JournalOutcome<Route: RouteProvider>: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The operation committed as asked.
    case completed
    /// Guards redirected the navigation; `to`, the last operation it was redirected to,
    /// committed.
    case redirected(to: NavigationOperation<Route>)
    /// A guard, a transition handler or the task cancelled it; nothing changed.
    case cancelled(NavigationError)
    /// It failed (a redirect loop, a missing transition handler, a re-entrant call);
    /// nothing changed.
    case failed(NavigationError)

    /// The outcome a router's final event for an attempt says: `nil` for events that end
    /// no attempt (`.started`, `.redirected`, `.urlNotHandled`).
    init?(_ event: RouterEvent<Route>) {
        switch event {
        case .completed(let request, _, _):
            self = request.redirectedFrom.isEmpty ? .completed : .redirected(to: request.operation)
        case .cancelled(_, let error):
            self = .cancelled(error)
        case .failed(_, let error):
            self = .failed(error)
        case .started, .redirected, .loaded, .urlNotHandled, .urlHandledByAction, .confirmationRequested,
            .confirmationEnded:
            return nil
        }
    }

    /// The error of a cancelled or failed navigation.
    public var error: NavigationError? {
        switch self {
        case .cancelled(let error), .failed(let error): error
        case .completed, .redirected: nil
        }
    }

    /// Whether replaying cannot reproduce the outcome, since the calling task decided it, not
    /// the router's guards: the task was cancelled, the call was made from inside a hook
    /// of the same router, or a later navigation superseded it (timing). ``NavigationJournal/replay(on:)``
    /// skips these steps.
    var dependsOnCaller: Bool {
        switch error {
        case .taskCancelled?, .reentrantNavigation?, .superseded?: true
        default: false
        }
    }

    /// The outcome in a few words, for logs and test failures.
    public var description: String {
        switch self {
        case .completed: "completed"
        case .redirected(let operation): "redirected to \(operation)"
        case .cancelled(let error): "cancelled: \(error)"
        case .failed(let error): "failed: \(error)"
        }
    }
}
