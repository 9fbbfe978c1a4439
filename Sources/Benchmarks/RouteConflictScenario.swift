import StreamRouter

/// Building the conflict report of a 1,000-entry table against building the table itself:
/// the report must cost at most 10x the build (issue 16).
///
/// Three tables: the app-like table of ``RouteTableScenario`` (no conflicts); the same
/// table with a catch-all `/area<k>/*` after every tenth entry and a duplicate of every
/// seventh entry, so that many entries overlap and the report has conflicts to find; and
/// the app-like table under a leading `/:locale`, so that no entry starts with a literal.
enum RouteConflictScenario {
    static let name = "route-conflicts"
    static let size = 1_000

    enum Shape: CaseIterable {
        case plain, withConflicts, underParameter
    }

    static func globs(_ shape: Shape) -> [String] {
        var globs: [String] = []
        for index in 0..<size {
            globs.append((shape == .underParameter ? "/:locale" : "") + RouteTableScenario.glob(index))
            guard shape == .withConflicts else { continue }
            if index % 10 == 9 { globs.append("/area\(index / 10)/*") }
            if index % 7 == 3 { globs.append(RouteTableScenario.glob(index - 1)) }
        }
        return Array(globs.prefix(size))
    }

    static func comparisons() throws -> [Comparison] {
        try Shape.allCases.map { shape in
            let withConflicts = shape == .withConflicts
            let patterns = try globs(shape).map { try PathPattern($0) }
            let entries = patterns.enumerated().map { RouteTable<Int>.Entry($0.element, $0.offset) }
            let table = RouteTable(entries)
            let conflicts = table.conflicts
            if withConflicts ? conflicts.isEmpty : !conflicts.isEmpty {
                throw BenchmarkError("route-conflicts: unexpected report \(conflicts.prefix(3))")
            }
            let under = shape == .underParameter ? " under /:locale" : ""
            return Comparison(
                scenario: name,
                name: "\(size) entries\(under), \(conflicts.count) conflicts",
                unit: "table",
                libraryLabel: "RouteTable.conflicts",
                baselineLabel: "RouteTable.init",
                kind: .timed(
                    library: { operations in
                        timeLoop(operations) { _ in opaque(table).conflicts.count }
                    },
                    baseline: { operations in
                        timeLoop(operations) { _ in RouteTable(opaque(entries)).count }
                    }
                ),
                target: .ratio(atLeast: 0.1, "report ≤ 10x build")
            )
        }
    }
}
