extension RouteTable {
    /// The table as a Graphviz graph in the DOT language: its patterns as a tree of segments
    /// from a root `/`, each entry a node (`#index pattern` and its value) under its last
    /// segment, and each conflicting entry (``conflicts``) drawn in red, named unreachable or
    /// duplicate, with a dashed red edge from each entry that shadows it.
    ///
    /// ```swift
    /// let dot = table.graphviz()          // render with: dot -Tsvg routes.dot -o routes.svg
    /// ```
    ///
    /// The text is deterministic (the same table gives the same bytes) and every label is
    /// escaped, so values holding quotes, backslashes, braces or newlines still make one
    /// valid graph. Computed on each call, conflicts included.
    /// - Parameter describe: The text shown for an entry's value; `"\(value)"` by default.
    ///   Entries with a validator show `validator`.
    /// - Returns: The DOT text of a `digraph`, ending with a newline.
    public func graphviz(describing describe: (Value) -> String = { "\($0)" }) -> String {
        let mapped = _entries.map { entry in
            let value: String
            switch entry._target {
            case .value(let held): value = describe(held)
            case .validator: value = "validator"
            }
            return RouteMap.Entry(
                segments: entry.pattern.description.split(separator: "/").map(String.init),
                label: "\(entry.pattern) → \(value)")
        }
        return RouteMap(root: "/", branches: [RouteMap.Branch(label: nil, entries: mapped)], conflicts: conflicts)
            .graphviz
    }
}
