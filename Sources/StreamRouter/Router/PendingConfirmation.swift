/// A navigation waiting for the user's answer: a guard answered ``GuardDecision/confirm(_:)``
/// (or a leave condition is met, see ``Router/addLeaveCondition(for:prompt:_:)``), and the
/// app shows its own dialog from this value, then calls ``proceed()`` or ``cancel()``.
///
/// ```swift
/// for await confirmation in router.pendingConfirmations() {
///     dialog.show(confirmation?.prompt as? String)      // nil: no dialog
/// }
/// // the dialog's buttons:
/// confirmation.proceed()                                // the navigation goes on
/// confirmation.cancel()                                 // it ends, changing nothing
/// ```
///
/// Showing the dialog is reading state, not navigating, so it raises no
/// ``NavigationError/reentrantNavigation``. The first answer counts; later ones, and answers
/// after the navigation was superseded or its task cancelled, do nothing. Two values are
/// equal when they are the same question.
public struct PendingConfirmation<Route: RouteProvider>: Sendable, Equatable, CustomStringConvertible {
    /// The navigation that waits: its operation, its routes, its source.
    public let request: NavigationRequest<Route>
    /// The guard that asked (`"leave"` for a leave condition).
    public let guardName: String
    /// What the dialog shows, as the guard gave it.
    public let prompt: any Sendable
    /// Where the answer goes.
    let answer: _ConfirmationAnswer

    /// A new question, or (`answer` given) the same question seen through other routes.
    init(
        request: NavigationRequest<Route>, guardName: String, prompt: any Sendable,
        answer: _ConfirmationAnswer = _ConfirmationAnswer()
    ) {
        self.request = request
        self.guardName = guardName
        self.prompt = prompt
        self.answer = answer
    }

    /// Lets the navigation go on, through the guards after the one that asked.
    public func proceed() {
        answer.answer(.proceeded)
    }

    /// Ends the navigation as cancelled by the guard that asked
    /// (``NavigationError/cancelledByGuard(name:reason:)`` with ``ConfirmationDeclined``);
    /// nothing changes.
    public func cancel() {
        answer.answer(.cancelled)
    }

    /// Whether both are the same question.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.answer === rhs.answer
    }

    /// The guard, the request and the prompt, for logs.
    public var description: String {
        "'\(guardName)' asks about \(request): \(prompt)"
    }
}

/// The reason of the ``NavigationError/cancelledByGuard(name:reason:)`` a navigation throws
/// when the user answered its ``PendingConfirmation`` with ``PendingConfirmation/cancel()``.
public struct ConfirmationDeclined: Error, Sendable, Hashable, CustomStringConvertible {
    /// Creates the reason.
    public init() {}

    /// `the user declined`.
    public var description: String { "the user declined" }
}
