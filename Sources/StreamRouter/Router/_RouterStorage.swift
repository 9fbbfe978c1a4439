/// Everything a ``Router`` keeps behind its lock: its navigation state, its turn-taking
/// queue, the last path change and the callers waiting for screens' results.
@usableFromInline
struct _RouterStorage<Route: RouteProvider>: Sendable {
    @usableFromInline var state: RouterState<Route>
    @usableFromInline var queue = _NavigationQueue()
    @usableFromInline var lastAction: NavigationAction?
    @usableFromInline var results = _ScreenResults()
    /// The last navigation a guard redirected, as it was asked, until
    /// ``Router/resumeRedirected()`` takes it.
    @usableFromInline var redirectedRequest: NavigationRequest<Route>?
    /// What records each attempt's final event, while something records (see
    /// ``Router/startRecording(keepingNewest:)``); `nil` costs the commit one check.
    @usableFromInline var journal: _JournalSink<Route>?
    /// The hooks of the navigation being served, running in a task of their own that a
    /// later navigation cancels (``NavigationOptions/Concurrency/latestWins`` only).
    @usableFromInline var runningHooks: _RunningHooks?
    /// The loaders' values, by entry id (see ``Router/addLoader(named:deadline:_:)``);
    /// empty for a router without loaders.
    @usableFromInline var loadedValues = _LoadedValues()
    /// Where the navigation that last changed the state came from: what the first element of
    /// a ``Router/screenViews(clock:bufferingPolicy:)`` stream says of the screen on show.
    @usableFromInline var shownBy = NavigationSource.inApp
    /// The confirmation the navigation being served waits for, if any.
    var confirmation: PendingConfirmation<Route>?
    /// How many restorations of a saved state are under way: under
    /// ``NavigationOptions/Concurrency/latestWins``, navigations called meanwhile wait for
    /// them instead of superseding them.
    @usableFromInline var restorations = 0

    init(_ state: RouterState<Route>) {
        self.state = state
    }
}

/// A router's state and last action, read together (what ``RouterModel`` applies).
struct RouterSnapshot<Route: RouteProvider>: Sendable {
    let state: RouterState<Route>
    let lastAction: NavigationAction?
    /// One more than the id of the navigation whose commit made this state, or a lower
    /// bound of it (0 for the state when the stream was made): navigations commit in the
    /// order of their ids, so a snapshot of a lower generation is older.
    let generation: UInt64
}

/// The task running the hooks of the navigation with ticket ``ticket``, to cancel when a
/// later navigation supersedes it.
@usableFromInline
struct _RunningHooks: Sendable {
    let ticket: _NavigationQueue.Ticket
    @usableFromInline let cancel: @Sendable () -> Void
}
