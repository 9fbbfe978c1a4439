extension RouterEvent {
    /// The analytics name (``RouteMetadata/analyticsName``) of the screen the event is
    /// about, so that one `for await` loop can log every screen view:
    /// - `.completed`: the topmost displayed route of the state after it (the screen now shown);
    /// - `.started`, `.cancelled`, `.failed`: the route the request asks for (the last route
    ///   of `navigate(to:)` or `replace(with:)`, the route of `navigateBack(to:)`, the topmost
    ///   displayed route of a restored state);
    /// - `.redirected`: that of the request redirected to.
    ///
    /// `nil` when that route has no analytics name, when nothing is shown, for moves that name
    /// no route (back, to the root, dismissals) until they complete, and for `.urlNotHandled` and `.urlHandledByAction`.
    ///
    /// ```swift
    /// for await event in router.events {
    ///     if case .completed = event, let name = event.analyticsName { analytics.screenView(name) }
    /// }
    /// ```
    ///
    /// Computed when read (one ``RouteProvider/metadata`` read): events carry nothing more.
    public var analyticsName: String? {
        switch self {
        case .completed(_, let state, _):
            state._topmostDisplayedRoute?.metadata.analyticsName
        case .started(let request), .cancelled(let request, _), .failed(let request, _):
            request.operation.namedRoute?.metadata.analyticsName
        case .confirmationRequested(let confirmation), .confirmationEnded(let confirmation, _):
            confirmation.request.operation.namedRoute?.metadata.analyticsName
        case .redirected(_, let target):
            target.operation.namedRoute?.metadata.analyticsName
        case .loaded(_, _, let route):
            route.metadata.analyticsName
        case .urlNotHandled, .urlHandledByAction:
            nil
        }
    }
}

extension TabRouterEvent {
    /// The analytics name of the screen the tab's event is about (see
    /// ``RouterEvent/analyticsName``); for the completion of a dismissal of the last
    /// presentation above the tabs, that of the selected tab's screen it shows again.
    public var analyticsName: String? {
        if let revealed {
            return revealed._topmostDisplayedRoute?.metadata.analyticsName
        }
        return event.analyticsName
    }
}

extension NavigationOperation {
    /// The route the operation asks to show: the last of `navigate(to:)` and
    /// `replace(with:)`, the route of `navigateBack(to:)`, the topmost displayed route of a
    /// restored state; `nil` for moves that name none.
    var namedRoute: Route? {
        switch self {
        case .navigate(let routes), .replace(let routes): routes.last
        case .backTo(let route): route
        case .restore(let state): state._topmostDisplayedRoute
        case .back, .toRoot, .dismiss, .dismissAll: nil
        }
    }
}
