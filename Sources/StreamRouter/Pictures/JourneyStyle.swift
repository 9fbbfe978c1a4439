/// How the journey pictures (``NavigationJournal/graphviz()``,
/// ``TabNavigationJournal/graphviz()``) draw states and navigations: the graph's look, and an
/// edge's colour and label by outcome.
enum JourneyStyle {
    static let graph: DOTGraph.Attributes = [
        "rankdir": "LR", "fontname": "Helvetica", "fontsize": "11", "labelloc": "b",
        "label": "navigations: green completed, blue redirected, orange cancelled, red failed",
    ]
    static let node: DOTGraph.Attributes = [
        "shape": "box", "style": "rounded", "fontname": "Helvetica", "fontsize": "11",
    ]
    static let edge: DOTGraph.Attributes = ["fontname": "Helvetica", "fontsize": "10", "arrowsize": "0.6"]

    /// The colour of a navigation with this outcome.
    static func color<Route>(of outcome: JournalOutcome<Route>) -> String {
        switch outcome {
        case .completed: "#2e7d32"
        case .redirected: "#1565c0"
        case .cancelled: "#ef6c00"
        case .failed: "#c62828"
        }
    }

    /// A state's label: `start` on the first, then the base stack and each presentation.
    static func label<Route>(of state: RouterState<Route>, isStart: Bool) -> String {
        (isStart ? "start\n" : "") + state.description
    }

    /// The attributes of the edge of one navigation: its step and operation, the URL it came
    /// from, and, unless it completed as asked, its outcome; in the outcome's colour, dashed
    /// when it changed nothing.
    static func edge<Route>(
        step: Int, operation: String, url: String?, outcome: JournalOutcome<Route>
    ) -> DOTGraph.Attributes {
        var label = "\(step): \(operation)"
        if let url { label += "\nfrom \(url)" }
        if outcome != .completed { label += "\n\(outcome)" }
        let color = color(of: outcome)
        return outcome.error == nil
            ? ["label": label, "color": color, "fontcolor": color]
            : ["label": label, "color": color, "fontcolor": color, "style": "dashed"]
    }
}
