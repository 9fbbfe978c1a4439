import Observation

/// An `@Observable` mirror of a ``SplitRouter`` for `NavigationSplitView`: the sidebar's
/// selection, the content column's and the detail path, each settable, writing back through
/// the router.
///
/// ```swift
/// // SwiftUI glue (not compiled on Linux):
/// // NavigationSplitView {
/// //     List(mailboxes, selection: $model.selection) { ... }
/// // } detail: {
/// //     NavigationStack(path: $model.detailPath) { ... }
/// // }
/// // .sheet(item: $model.modal) { SheetView(route: $0) }
/// ```
///
/// Each setter shows the new value at once and navigates the split router's ``SplitRouter/router``
/// on a task, decided at the navigation's turn (as ``RouterModel/stack`` is): the columns
/// the value was set against, with the new value in its column and nothing after it. A
/// refused navigation snaps the model back; ``settled()`` awaits the navigations started.
@MainActor
@Observable
public final class SplitRouterModel<Route: RouteProvider> {
    /// The split router this model mirrors.
    @ObservationIgnored public let splitRouter: SplitRouter<Route>
    /// The model of the split router's one stack, which this model's columns read.
    @ObservationIgnored private let base: RouterModel<Route>

    /// Mirrors `splitRouter`.
    /// - Parameters:
    ///   - splitRouter: The split router to mirror.
    ///   - bufferingPolicy: The buffer between the router and the main actor; by default
    ///     only the newest state is kept.
    public init(splitRouter: SplitRouter<Route>, bufferingPolicy: BufferingPolicy = .bufferingNewest(1)) {
        self.splitRouter = splitRouter
        base = RouterModel(router: splitRouter.router, bufferingPolicy: bufferingPolicy)
    }

    /// The columns, as of the state shown.
    public var state: SplitRouterState<Route> {
        SplitRouterState(columns: splitRouter.columns, stack: base.stack)
    }

    /// The sidebar's selection (a `List(selection:)` binding). Setting another route selects
    /// it and clears the columns after it; `nil` clears every column; the route selected
    /// already changes nothing (the content column and detail stack stay).
    public var selection: Route? {
        get { state.sidebar }
        set {
            guard newValue != state.sidebar else { return }
            base.stack = newValue.map { [$0] } ?? []
        }
    }

    /// The content column's selection (``SplitColumns/triple``; always `nil` for
    /// ``SplitColumns/double``). Setting another route keeps the sidebar's selection (its
    /// entry and loaded values) and clears the detail stack; `nil` clears the content column;
    /// the route selected already changes nothing. Without a sidebar selection, setting it
    /// changes nothing.
    public var contentSelection: Route? {
        get { state.content }
        set {
            let state = state
            guard splitRouter.columns == .triple, let sidebar = state.sidebar, newValue != state.content else { return }
            base.stack = [sidebar] + (newValue.map { [$0] } ?? [])
        }
    }

    /// The detail stack (a `NavigationStack(path:)` binding). Setting it keeps the columns
    /// before it (their entries and loaded values); a swipe back pops; the same stack changes
    /// nothing. Setting it while a column before it is empty changes nothing.
    public var detailPath: [Route] {
        get { state.detail }
        set {
            let prefix = Array(base.stack.prefix(splitRouter.columns.columnsBeforeDetail))
            guard prefix.count == splitRouter.columns.columnsBeforeDetail || newValue.isEmpty,
                newValue != state.detail
            else { return }
            base.stack = prefix + newValue
        }
    }

    /// The presentations over the split view, bottom first, as of the state shown.
    public var presentations: [Presentation<Route>] {
        base.presentations
    }

    /// The topmost presentation's route over the split view (a `.sheet(item:)` binding):
    /// setting it presents or dismisses, as ``RouterModel/modal`` does.
    public var modal: Route? {
        get { base.modal }
        set { base.modal = newValue }
    }

    /// The route presented at one level over the split view (level 1 is presented over the
    /// columns), for a `.sheet(item:)` at the level below; `nil` when that level is not shown.
    /// The confirmation a navigation of the split router waits for (see
    /// ``RouterModel/pendingConfirmation``).
    public var pendingConfirmation: PendingConfirmation<Route>? {
        base.pendingConfirmation
    }

    /// Setting it navigates as ``RouterModel/subscript(presentedAt:)`` does.
    /// - Parameter level: The presentation's level, from 1.
    public subscript(presentedAt level: Int) -> Route? {
        get { base[presentedAt: level] }
        set { base[presentedAt: level] = newValue }
    }

    /// The stack inside the `level`-th presentation over the split view (level 0 is the
    /// columns as one stack, ``stack``), for a `NavigationStack(path:)` inside a sheet.
    /// Setting it navigates as ``RouterModel/subscript(stackAt:)`` does.
    /// - Parameter level: The level, from 0.
    public subscript(stackAt level: Int) -> [Route] {
        get { base[stackAt: level] }
        set { base[stackAt: level] = newValue }
    }

    /// The filled columns as one stack (for the collapsed layout), as of the state shown.
    public var stack: [Route] {
        get { base.stack }
        set { base.stack = newValue }
    }

    /// Waits until the navigations the setters started are over and the model shows their
    /// outcome.
    public func settled() async {
        await base.settled()
    }
}
