/// The columns of a ``SplitRouter``, as `NavigationSplitView` lays them out.
public enum SplitColumns: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// A sidebar and a detail stack.
    case double
    /// A sidebar, a content column and a detail stack.
    case triple

    /// The number of columns before the detail stack: 1 for ``double``, 2 for ``triple``.
    public var columnsBeforeDetail: Int {
        self == .double ? 1 : 2
    }

    /// `double` or `triple`.
    public var description: String { rawValue }
}
