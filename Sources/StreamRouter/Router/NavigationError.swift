/// Why a ``Router`` navigation did not happen. Every navigation method throws it (typed
/// throws), and ``Router/events`` publishes it; the router's state is unchanged.
///
/// ```swift
/// do {
///     try await router.navigate(to: .profile(id: 3))
/// } catch NavigationError.cancelledByGuard(let name, let reason) {
///     log("guard \(name) said no: \(reason)")
/// } catch {
///     log("\(error)")
/// }
/// ```
///
/// It is `Equatable` so tests can compare events: an `any Error` reason compares by its
/// description (`String(describing:)`), since errors in general are not `Equatable`.
public enum NavigationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A guard (or a preparation) cancelled the navigation, by throwing or by answering
    /// ``GuardDecision/cancel(_:)``.
    case cancelledByGuard(name: String, reason: any Error)
    /// The handler of a custom transition threw.
    case transitionCancelled(identifier: String, reason: any Error)
    /// A route has a custom transition that no handler is registered for.
    case missingTransitionHandler(identifier: String)
    /// Guards redirected in a circle (an operation came back), or more than
    /// ``Router/maximumRedirects`` times. `chain` lists the operations, in order, ending
    /// with the one that closed the loop.
    case redirectLoop(chain: [String])
    /// The calling task was cancelled before the navigation committed, including when a
    /// guard, preparation or transition handler saw the cancellation and threw
    /// `CancellationError` (a `CancellationError` thrown while the task is not cancelled is
    /// that hook's reason, as any other error).
    case taskCancelled
    /// A guard, loader or preparation did not answer within its deadline (given to
    /// ``Router/addGuard(named:deadline:_:)`` or ``Router/defaultGuardDeadline``), measured
    /// on ``Router/guardClock``; the navigation was cancelled and the queue moved on.
    case deadlineExceeded(name: String, deadline: Duration)
    /// The navigation was started from inside a guard, preparation, loader or transition
    /// handler of the same router (or a task it created with `Task {}`, which inherits the
    /// marker, while that hook still runs), and failed at once instead of waiting forever for
    /// the navigation that runs that hook. Start it in a `Task.detached` to run it after the
    /// current navigation ends, or redirect. A task a hook created that navigates after the
    /// hook has returned is not re-entrant: it takes its turn.
    case reentrantNavigation
    /// A later navigation of a router with ``NavigationOptions/Concurrency/latestWins``
    /// took its place before it committed: while it waited for its turn, ran its guards,
    /// preparations, loaders or transition handlers (which see the cancellation), or
    /// resolved its URL.
    case superseded
    /// A loader (``Router/addLoader(named:deadline:_:)``) threw; the navigation was
    /// cancelled. A loader's deadline passing is ``deadlineExceeded(name:deadline:)``.
    case loadFailed(name: String, reason: any Error)

    /// Compares the cases and their payloads; an `any Error` reason compares by its
    /// description.
    public static func == (lhs: NavigationError, rhs: NavigationError) -> Bool {
        switch (lhs, rhs) {
        case (.cancelledByGuard(let a, let x), .cancelledByGuard(let b, let y)):
            a == b && "\(x)" == "\(y)"
        case (.transitionCancelled(let a, let x), .transitionCancelled(let b, let y)):
            a == b && "\(x)" == "\(y)"
        case (.missingTransitionHandler(let a), .missingTransitionHandler(let b)):
            a == b
        case (.redirectLoop(let a), .redirectLoop(let b)):
            a == b
        case (.taskCancelled, .taskCancelled), (.reentrantNavigation, .reentrantNavigation),
            (.superseded, .superseded):
            true
        case (.loadFailed(let a, let x), .loadFailed(let b, let y)):
            a == b && "\(x)" == "\(y)"
        case (.deadlineExceeded(let a, let x), .deadlineExceeded(let b, let y)):
            a == b && x == y
        default:
            false
        }
    }

    /// Whether the navigation was cancelled (by a guard, a transition handler, a loader, a
    /// later navigation or the task)
    /// rather than failed; ``RouterEvent`` publishes it as `.cancelled` or `.failed`.
    public var isCancellation: Bool {
        switch self {
        case .cancelledByGuard, .transitionCancelled, .taskCancelled, .deadlineExceeded, .superseded, .loadFailed: true
        case .missingTransitionHandler, .redirectLoop, .reentrantNavigation: false
        }
    }

    /// A short sentence for logs.
    public var description: String {
        switch self {
        case .cancelledByGuard(let name, let reason):
            "cancelled by guard '\(name)': \(reason)"
        case .transitionCancelled(let identifier, let reason):
            "cancelled by the handler of transition '\(identifier)': \(reason)"
        case .missingTransitionHandler(let identifier):
            "no handler is registered for transition '\(identifier)'"
        case .redirectLoop(let chain):
            "redirect loop: \(chain.joined(separator: " -> "))"
        case .taskCancelled:
            "the navigating task was cancelled"
        case .deadlineExceeded(let name, let deadline):
            "'\(name)' (a guard, loader or transition handler) did not answer within \(deadline)"
        case .reentrantNavigation:
            "started from inside a guard, preparation or transition handler of the same router"
        case .superseded:
            "superseded by a later navigation"
        case .loadFailed(let name, let reason):
            "loader '\(name)' failed: \(reason)"
        }
    }
}
