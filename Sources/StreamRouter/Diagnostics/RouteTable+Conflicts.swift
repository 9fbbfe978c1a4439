extension RouteTable {
    /// The entries that can never be reached because earlier entries take all of their
    /// paths, in declaration order (see ``RouteConflict``).
    ///
    /// ```swift
    /// let table = RouteTable<String>([
    ///     (try PathPattern("/a/:x"), "any"),
    ///     (try PathPattern("/a/b"), "b"),
    /// ])
    /// table.conflicts   // [RouteConflict(entry: 1, shadowedBy: [0], kind: .unreachable)]
    /// ```
    ///
    /// Computed on each call, exactly; expect it empty in a test.
    public var conflicts: [RouteConflict] {
        Self.conflicts(of: _entries)
    }

    static func conflicts(of entries: [Entry]) -> [RouteConflict] {
        RouteConflictAnalysis.conflicts(
            of: entries.map { ConflictItem(forms: [$0.pattern.conflictForm], shadows: !$0.hasValidator) }
        )
    }
}

extension RouteTable.Builder {
    /// The conflicts among the entries added so far, as ``RouteTable/conflicts`` reports them
    /// for the table ``build()`` makes: read it before building to report them at startup.
    ///
    /// ```swift
    /// var builder = RouteTable<String>.Builder()
    /// try builder.add("/a", "a")
    /// try builder.add("/a", "again")
    /// builder.conflicts   // [RouteConflict(entry: 1, shadowedBy: [0], kind: .duplicate)]
    /// ```
    public var conflicts: [RouteConflict] {
        RouteTable.conflicts(of: entries)
    }
}

extension RouteTable: CustomDebugStringConvertible {
    /// The entries in order, each with its index, pattern and conflict, for test failures:
    ///
    /// ```
    /// RouteTable, 2 entries, 1 conflict
    ///   0: /a/:x
    ///   1: /a/b  (unreachable, shadowed by 0)
    /// ```
    public var debugDescription: String {
        let conflicts = self.conflicts
        let byEntry = Dictionary(conflicts.map { ($0.entry, $0) }, uniquingKeysWith: { first, _ in first })
        var lines = [
            "RouteTable, \(count) \(count == 1 ? "entry" : "entries"), "
                + "\(conflicts.count) \(conflicts.count == 1 ? "conflict" : "conflicts")"
        ]
        for (index, entry) in _entries.enumerated() {
            var line = "  \(index): \(entry.pattern)"
            if entry.hasValidator {
                line += "  [validator]"
            }
            if let conflict = byEntry[index] {
                let by = conflict.shadowedBy.map(String.init).joined(separator: ", ")
                switch conflict.kind {
                case .duplicate: line += "  (duplicate, shadowed by \(by))"
                case .unreachable: line += "  (unreachable, shadowed by \(by))"
                }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
