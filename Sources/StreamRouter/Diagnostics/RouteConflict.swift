/// An entry of a ``RouteTable`` (or a mapping of a ``URLMatcherGroup``) that can never be
/// reached, because earlier entries take every path it matches.
///
/// ```swift
/// var builder = RouteTable<String>.Builder()
/// try builder.add("/a/:x", "any")
/// try builder.add("/a/b", "b")          // never reached: `/a/:x` takes `/a/b`
/// builder.conflicts                     // [entry 1 unreachable, shadowed by [0]]
/// ```
///
/// - An entry is ``Kind/unreachable`` when the earlier entries without validators
///   *together* match every path it matches (`/a/:x?` after `/a` and `/a/:y`).
/// - It is ``Kind/duplicate`` when an earlier entry without a validator has the same
///   pattern up to parameter names (`/user/:name` after `/user/:id`); it is then reported
///   once, as a duplicate only.
/// - Validators never shadow: an entry with a validator may reject a path, which then goes
///   on to later entries, so it neither makes a later entry unreachable nor a duplicate.
///
/// Indexes are positions in declaration order; for a URL group, they count every mapping of
/// every group in declaration order.
public struct RouteConflict: Sendable, Hashable, CustomStringConvertible {
    /// How an entry conflicts with earlier ones.
    public enum Kind: Sendable, Hashable {
        /// An earlier entry has the same pattern, up to parameter names.
        case duplicate
        /// Earlier entries, together, match every path this entry matches.
        case unreachable
    }

    /// The index of the entry that is never reached.
    public let entry: Int
    /// The earlier entries without validators that match at least one of its paths,
    /// ascending.
    public let shadowedBy: [Int]
    /// How it conflicts.
    public let kind: Kind
    /// The feature module each entry named here (``entry`` and ``shadowedBy``) came from, by
    /// index, for the mappings of a group composed of modules'
    /// (``URLMatcherGroup/module(_:through:)``); the app's own entries, and every entry of a
    /// route table, have none.
    public let modules: [Int: String]

    /// Creates a conflict report.
    /// - Parameters:
    ///   - entry: The index of the entry that is never reached.
    ///   - shadowedBy: The earlier entries that match some of its paths, ascending.
    ///   - kind: How it conflicts.
    ///   - modules: The module of each entry named that came from one; none by default.
    public init(entry: Int, shadowedBy: [Int], kind: Kind, modules: [Int: String] = [:]) {
        self.entry = entry
        self.shadowedBy = shadowedBy
        self.kind = kind
        self.modules = modules
    }

    /// A sentence for logs: `entry 1 is unreachable, shadowed by 0`, each entry followed by
    /// its module when it has one (`entry 1 (Checkout) duplicates an earlier entry, shadowed
    /// by 0 (Profile)`).
    public var description: String {
        let named = { (index: Int) in modules[index].map { "\(index) (\($0))" } ?? "\(index)" }
        let by = shadowedBy.map(named).joined(separator: ", ")
        switch kind {
        case .duplicate: return "entry \(named(entry)) duplicates an earlier entry, shadowed by \(by)"
        case .unreachable: return "entry \(named(entry)) is unreachable, shadowed by \(by)"
        }
    }
}
