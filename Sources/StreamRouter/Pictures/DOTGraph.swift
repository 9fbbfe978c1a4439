/// A Graphviz graph in the DOT language, built node by node and edge by edge, written out as
/// text in the order it was built: the same calls give the same bytes.
///
/// Every identifier is made here (`n0`, `n1`, ...; clusters `cluster_0`, ...), never taken from
/// user text, and every attribute value is written as a quoted string escaped by
/// ``quoted(_:)``: a label may hold anything (quotes, backslashes, braces, newlines, control
/// characters) and the text stays one valid graph that shows the label as it is.
struct DOTGraph {
    /// An attribute list: names (fixed by the callers) and values (escaped when written).
    typealias Attributes = KeyValuePairs<String, String>

    private let name: String
    private let attributes: [String]
    /// Node statements outside any cluster, in creation order.
    private var nodes: [String] = []
    /// Each cluster's label and node statements, in creation order.
    private var clusters: [(label: String, nodes: [String])] = []
    private var edges: [String] = []
    private var nodeCount = 0

    /// A directed graph.
    /// - Parameters:
    ///   - name: The graph's identifier (letters only, fixed by the caller).
    ///   - graph: The graph's attributes.
    ///   - node: The default attributes of its nodes.
    ///   - edge: The default attributes of its edges.
    init(name: String, graph: Attributes, node: Attributes, edge: Attributes) {
        self.name = name
        attributes = [
            "graph " + Self.list(graph), "node " + Self.list(node), "edge " + Self.list(edge),
        ]
    }

    /// Adds a cluster (a box around its nodes) labelled `label`.
    /// - Returns: Its number, for ``addNode(_:in:)``.
    mutating func addCluster(label: String) -> Int {
        clusters.append((label, []))
        return clusters.count - 1
    }

    /// Adds a node.
    /// - Parameters:
    ///   - attributes: Its attributes (its `label` among them).
    ///   - cluster: The cluster it is drawn in, `nil` for none.
    /// - Returns: Its identifier, for ``addEdge(from:to:_:)``.
    mutating func addNode(_ attributes: Attributes, in cluster: Int? = nil) -> String {
        let id = "n\(nodeCount)"
        nodeCount += 1
        let statement = attributes.isEmpty ? id : id + " " + Self.list(attributes)
        if let cluster, clusters.indices.contains(cluster) {
            clusters[cluster].nodes.append(statement)
        } else {
            nodes.append(statement)
        }
        return id
    }

    /// Adds an edge between two nodes made by ``addNode(_:in:)``.
    mutating func addEdge(from tail: String, to head: String, _ attributes: Attributes = [:]) {
        edges.append(tail + " -> " + head + (attributes.isEmpty ? "" : " " + Self.list(attributes)))
    }

    /// The graph as DOT text: the attributes, the nodes outside clusters, each cluster, then
    /// the edges, each in the order added; one statement a line, ending with a newline.
    var text: String {
        var lines = ["digraph \(name) {"]
        lines += attributes.map { "    " + $0 + ";" }
        lines += nodes.map { "    " + $0 + ";" }
        for (index, cluster) in clusters.enumerated() {
            lines.append("    subgraph cluster_\(index) {")
            lines.append("        graph " + Self.list(["label": cluster.label, "labelloc": "t"]) + ";")
            lines += cluster.nodes.map { "        " + $0 + ";" }
            lines.append("    }")
        }
        lines += edges.map { "    " + $0 + ";" }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `[name="value", ...]`, each value quoted.
    private static func list(_ attributes: Attributes) -> String {
        "[" + attributes.map { $0.key + "=" + quoted($0.value) }.joined(separator: ", ") + "]"
    }

    /// `text` as a DOT quoted string that Graphviz shows as `text`: `"` and `\` escaped with
    /// a backslash, each line break (`\n`, `\r\n`, `\r`, U+2028, U+2029) as Graphviz's `\n`,
    /// `&` as `&amp;` (Graphviz reads entities in labels), and any other control character
    /// shown as `\u{hex}` (its backslash escaped), so no character of `text` can end the
    /// string, continue it onto another line, or be read as a Graphviz escape.
    static func quoted(_ text: String) -> String {
        var result = "\""
        var afterReturn = false
        for scalar in text.unicodeScalars {
            defer { afterReturn = scalar == "\r" }
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "&": result += "&amp;"
            case "\n" where afterReturn: continue
            case "\n", "\r", "\u{2028}", "\u{2029}": result += "\\n"
            case _ where scalar.properties.generalCategory == .control:
                result += "\\\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
