/// What a ``SplitRouter`` shows, column by column: the sidebar's selection, the content
/// column's (``SplitColumns/triple`` only) and the detail stack.
///
/// Read as one stack (``stack``), the filled columns are the split router's ``SplitRouter/stack``.
/// `Codable` and `Hashable`; the router itself saves its ``RouterState``.
public struct SplitRouterState<Route: RouteProvider>: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The columns.
    public var columns: SplitColumns
    /// The sidebar's selection, `nil` when nothing is selected.
    public var sidebar: Route?
    /// The content column's selection (``SplitColumns/triple`` only), `nil` when empty.
    public var content: Route?
    /// The detail stack, bottom first.
    public var detail: [Route]

    /// A state with the given columns.
    public init(columns: SplitColumns, sidebar: Route? = nil, content: Route? = nil, detail: [Route] = []) {
        self.columns = columns
        self.sidebar = sidebar
        self.content = content
        self.detail = detail
    }

    /// The columns of `stack` read as filled columns: its first route is the sidebar's
    /// selection, its second the content column's (``SplitColumns/triple``), the rest the
    /// detail stack.
    public init(columns: SplitColumns, stack: [Route]) {
        self.columns = columns
        sidebar = stack.first
        content = columns == .triple ? stack.dropFirst().first : nil
        detail = Array(stack.dropFirst(columns.columnsBeforeDetail))
    }

    /// The filled columns as one stack: the sidebar's selection, the content column's, then
    /// the detail stack (what the columns read as when collapsed into one). A column after
    /// an empty one is left out (a detail stack without a sidebar selection, or without a
    /// content selection in a ``SplitColumns/triple`` layout), so that every route reads
    /// back in its own column.
    public var stack: [Route] {
        guard let sidebar else { return [] }
        guard columns == .triple else { return [sidebar] + detail }
        guard let content else { return [sidebar] }
        return [sidebar, content] + detail
    }

    /// The columns, such as `sidebar inbox | detail [message(id: 7)]`.
    public var description: String {
        var parts = ["sidebar \(sidebar.map { "\($0)" } ?? "none")"]
        if columns == .triple {
            parts.append("content \(content.map { "\($0)" } ?? "none")")
        }
        parts.append("detail [" + detail.map { "\($0)" }.joined(separator: ", ") + "]")
        return parts.joined(separator: " | ")
    }
}
