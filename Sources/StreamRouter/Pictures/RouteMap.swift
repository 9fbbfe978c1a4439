/// Routes as a tree of segments, drawn as a DOT graph: a root, a node per branch (a URL
/// group) when there are branches, a node per distinct segment prefix, and a node per entry
/// hanging from its last segment; entries that conflict are drawn in red, with a dashed edge
/// from each entry that shadows them. What ``RouteTable/graphviz(describing:)`` and
/// ``URLMatcherGroup/graphviz()`` draw.
struct RouteMap {
    /// One route: its segments as written and the label of its node.
    struct Entry {
        var segments: [String]
        var label: String
    }

    /// A group of routes under a node of its own (a URL group), or under the root when
    /// `label` is `nil` (a route table's entries).
    struct Branch {
        var label: String?
        var entries: [Entry]
        /// Labels of things of the branch that are not routes (malformed patterns), drawn in
        /// red under the branch.
        var problems: [String] = []
    }

    /// The root's label.
    var root: String
    var branches: [Branch]
    /// The conflicts, by entry index: entries are numbered across branches, in order.
    var conflicts: [RouteConflict]

    /// Red, for conflicts and problems.
    static let conflictColor = "#c62828"

    /// The map as DOT text.
    var graphviz: String {
        var graph = DOTGraph(
            name: "routes",
            graph: ["rankdir": "LR", "fontname": "Helvetica", "fontsize": "11"],
            node: ["shape": "box", "style": "rounded", "fontname": "Helvetica", "fontsize": "11"],
            edge: ["fontname": "Helvetica", "fontsize": "10", "arrowsize": "0.6"]
        )
        let rootNode = graph.addNode(["label": root, "shape": "ellipse"])
        let conflictsByEntry = Dictionary(conflicts.map { ($0.entry, $0) }, uniquingKeysWith: { first, _ in first })
        var entryNodes: [String] = []
        for branch in branches {
            var top = rootNode
            if let label = branch.label {
                top = graph.addNode(["label": label, "shape": "folder"])
                graph.addEdge(from: rootNode, to: top)
            }
            var segmentNodes: [[String]: String] = [:]
            for entry in branch.entries {
                var parent = top
                for depth in entry.segments.indices {
                    let prefix = Array(entry.segments[...depth])
                    if let node = segmentNodes[prefix] {
                        parent = node
                        continue
                    }
                    let node = graph.addNode(["label": entry.segments[depth]])
                    graph.addEdge(from: parent, to: node)
                    segmentNodes[prefix] = node
                    parent = node
                }
                let index = entryNodes.count
                let node: String
                if let conflict = conflictsByEntry[index] {
                    let kind = conflict.kind == .duplicate ? "duplicate" : "unreachable"
                    node = graph.addNode([
                        "label": "#\(index) \(entry.label)\n\(kind)", "shape": "note", "style": "filled",
                        "color": Self.conflictColor, "fontcolor": Self.conflictColor, "fillcolor": "#ffebee",
                    ])
                } else {
                    node = graph.addNode(["label": "#\(index) \(entry.label)", "shape": "note"])
                }
                graph.addEdge(from: parent, to: node, ["style": "dashed", "arrowhead": "none"])
                entryNodes.append(node)
            }
            for problem in branch.problems {
                let node = graph.addNode([
                    "label": problem, "shape": "note", "color": Self.conflictColor, "fontcolor": Self.conflictColor,
                ])
                graph.addEdge(from: top, to: node, ["style": "dashed", "arrowhead": "none"])
            }
        }
        for conflict in conflicts where entryNodes.indices.contains(conflict.entry) {
            for shadow in conflict.shadowedBy where entryNodes.indices.contains(shadow) {
                graph.addEdge(
                    from: entryNodes[shadow], to: entryNodes[conflict.entry],
                    [
                        "label": conflict.kind == .duplicate ? "duplicated by" : "shadows", "style": "dashed",
                        "color": Self.conflictColor, "fontcolor": Self.conflictColor, "constraint": "false",
                    ])
            }
        }
        return graph.text
    }
}
