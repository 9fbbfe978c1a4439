import Foundation

/// Everything that happens on a ``Router``, in one total order, as published on
/// ``Router/events``: each navigation attempt, what became of it, and each URL that was not
/// handled and why.
///
/// An attempt is published as `.started`, then zero or more `.redirected` and `.loaded`, then exactly one
/// of `.completed`, `.cancelled` or `.failed`. Attempts never interleave (navigations run
/// one at a time, in call order), though a `.started` may come while an earlier attempt is
/// still running, and so may the `.started` and `.failed` of a navigation a hook of that
/// attempt started (``NavigationError/reentrantNavigation``: it fails at once). Every `false` from ``Router/openURL(_:)`` has one `.urlNotHandled`.
///
/// ```swift
/// for await event in router.events {
///     if let error = event.error { log.error("\(event)") }   // one loop logs every failure
/// }
/// ```
///
/// Events are `Equatable`, so tests can write `#expect(events == [...])`: requests and
/// states compare by value (states by their routes, see ``RouterState``), errors as
/// ``NavigationError`` and ``URLNotHandledReason`` compare them (an `any Error` reason by
/// its description).
public enum RouterEvent<Route: RouteProvider>: Sendable, Equatable, CustomStringConvertible {
    /// A navigation was called and waits for its turn.
    case started(NavigationRequest<Route>)
    /// A guard redirected the attempt; the new request goes through the guards again.
    case redirected(NavigationRequest<Route>, to: NavigationRequest<Route>)
    /// The navigation committed. `state` is the router's state after it; `action` the path
    /// change it made (of the displayed path: the stack's and the modal's, see
    /// ``Router/actions``), `nil` when neither changed (a no-op).
    case completed(NavigationRequest<Route>, state: RouterState<Route>, action: NavigationAction?)
    /// A guard, a transition handler or the task cancelled the navigation; nothing changed.
    case cancelled(NavigationRequest<Route>, NavigationError)
    /// The navigation failed (redirect loop, missing transition handler); nothing changed.
    case failed(NavigationRequest<Route>, NavigationError)
    /// A loader (``Router/addLoader(named:deadline:_:)``) gave a value for a route the
    /// navigation shows (run now, or taken from a ``Router/preload(_:for:)``), before the
    /// navigation committed.
    case loaded(NavigationRequest<Route>, loader: String, route: Route)
    /// ``Router/openURL(_:)`` returned `false` for the URL, for this reason.
    ///
    /// Boxed: `URL`'s layout is known only inside Foundation, and inline it would make
    /// every event be copied through runtime calls.
    indirect case urlNotHandled(URL, reason: URLNotHandledReason)
    /// ``Router/openURL(_:)`` handled the URL by performing the action its mapping names
    /// (``URLPathMapper/mapAction(_:accepting:_:)``, by its pattern), once the navigation the
    /// link took (which showed nothing) completed. Boxed, as `.urlNotHandled` is.
    indirect case urlHandledByAction(URL, pattern: String)
    /// A guard asked the user before the navigation goes on (``GuardDecision/confirm(_:)``,
    /// or a leave condition): the navigation waits for the answer to the confirmation,
    /// which ``Router/pendingConfirmation`` holds until `.confirmationEnded`. Boxed.
    indirect case confirmationRequested(PendingConfirmation<Route>)
    /// The confirmation was answered: `proceeded` when the user let the navigation go on;
    /// `false` when they cancelled it, or when it ended unanswered (superseded, or its task
    /// cancelled). Boxed.
    indirect case confirmationEnded(PendingConfirmation<Route>, proceeded: Bool)

    /// The request the event is about; for `.redirected`, the request redirected *from*.
    public var request: NavigationRequest<Route>? {
        switch self {
        case .started(let request), .redirected(let request, _), .completed(let request, _, _),
            .cancelled(let request, _), .failed(let request, _), .loaded(let request, _, _):
            request
        case .confirmationRequested(let confirmation), .confirmationEnded(let confirmation, _):
            confirmation.request
        case .urlNotHandled, .urlHandledByAction:
            nil
        }
    }

    /// The error of a `.cancelled` or `.failed` event.
    public var error: NavigationError? {
        switch self {
        case .cancelled(_, let error), .failed(_, let error): error
        case .started, .redirected, .completed, .loaded, .urlNotHandled, .urlHandledByAction, .confirmationRequested,
            .confirmationEnded:
            nil
        }
    }

    /// The path change of a `.completed` event.
    public var action: NavigationAction? {
        if case .completed(_, _, let action) = self { action } else { nil }
    }

    /// The state after a `.completed` event.
    public var state: RouterState<Route>? {
        if case .completed(_, let state, _) = self { state } else { nil }
    }

    /// The event as one line for logs.
    public var description: String {
        switch self {
        case .started(let request): "started \(request)"
        case .redirected(let request, let target): "redirected \(request) to \(target.operation)"
        case .completed(let request, let state, _): "completed \(request): \(state)"
        case .cancelled(let request, let error): "cancelled \(request): \(error)"
        case .failed(let request, let error): "failed \(request): \(error)"
        case .loaded(let request, let loader, let route): "loaded \(request): '\(loader)' for \(route)"
        case .urlNotHandled(let url, let reason): "not handled \(url.absoluteString.excerptForLogs): \(reason)"
        case .urlHandledByAction(let url, let pattern):
            "handled \(url.absoluteString.excerptForLogs) by the action of '\(pattern)'"
        case .confirmationRequested(let confirmation): "asked \(confirmation)"
        case .confirmationEnded(let confirmation, let proceeded):
            "\(proceeded ? "proceeded" : "did not proceed"): '\(confirmation.guardName)' on #\(confirmation.request.id)"
        }
    }
}
