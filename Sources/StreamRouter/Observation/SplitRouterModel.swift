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

    /// The sidebar's selection (a `List(selection:)` binding). Setting it selects that
    /// route and clears the columns after it; `nil` clears every column.
    public var selection: Route? {
        get { state.sidebar }
        set { base.stack = newValue.map { [$0] } ?? [] }
    }

    /// The content column's selection (``SplitColumns/triple``; always `nil` for
    /// ``SplitColumns/double``). Setting it keeps the sidebar's selection and clears the
    /// detail stack; `nil` clears the content column. Without a sidebar selection, setting
    /// it changes nothing.
    public var contentSelection: Route? {
        get { state.content }
        set {
            let state = state
            guard splitRouter.columns == .triple, let sidebar = state.sidebar else { return }
            base.stack = [sidebar] + (newValue.map { [$0] } ?? [])
        }
    }

    /// The detail stack (a `NavigationStack(path:)` binding). Setting it keeps the columns
    /// before it; a swipe back pops. Setting it while a column before it is empty changes
    /// nothing.
    public var detailPath: [Route] {
        get { state.detail }
        set {
            let prefix = Array(base.stack.prefix(splitRouter.columns.columnsBeforeDetail))
            guard prefix.count == splitRouter.columns.columnsBeforeDetail || newValue.isEmpty else { return }
            base.stack = prefix + newValue
        }
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
