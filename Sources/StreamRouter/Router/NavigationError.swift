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
public enum NavigationError: Error, Sendable, CustomStringConvertible {
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

    /// Whether the navigation was cancelled (by a guard, a transition handler or the task)
    /// rather than failed; ``RouterEvent`` publishes it as `.cancelled` or `.failed`.
    public var isCancellation: Bool {
        switch self {
        case .cancelledByGuard, .transitionCancelled, .taskCancelled: true
        case .missingTransitionHandler, .redirectLoop: false
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
        }
    }
}
