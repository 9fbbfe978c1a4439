extension NavigationJournal {
    /// The journey as a Graphviz graph in the DOT language: each distinct state (the start
    /// state, then each entry's) a node, each navigation an edge from the state before it to
    /// the state after it, labelled with its step and operation (and its URL), coloured by
    /// outcome: green completed, blue redirected (the label names the operation redirected
    /// to), orange cancelled, red failed (those two dashed, from the state to itself).
    ///
    /// ```swift
    /// let dot = router.journal?.graphviz()     // render with: dot -Tsvg journey.dot -o journey.svg
    /// ```
    ///
    /// A state reached twice is one node, so going back draws an edge back to it. The start
    /// node says `start`; the last state is drawn bold. The text is deterministic (nodes and
    /// edges in the journal's order) and every label is escaped.
    /// - Returns: The DOT text of a `digraph`, ending with a newline.
    public func graphviz() -> String {
        var graph = DOTGraph(
            name: "journey", graph: JourneyStyle.graph, node: JourneyStyle.node, edge: JourneyStyle.edge)
        var nodes: [RouterState<Route>: String] = [:]
        let end = endState
        func node(for state: RouterState<Route>, isStart: Bool = false) -> String {
            if let node = nodes[state] { return node }
            let label = JourneyStyle.label(of: state, isStart: isStart)
            let node = graph.addNode(state == end ? ["label": label, "penwidth": "2"] : ["label": label])
            nodes[state] = node
            return node
        }
        var current = node(for: startState, isStart: true)
        for entry in entries {
            let next = node(for: entry.state)
            graph.addEdge(
                from: current, to: next,
                JourneyStyle.edge(
                    step: entry.step, operation: entry.operation.description, url: entry.url?.absoluteString,
                    outcome: entry.outcome))
            current = next
        }
        return graph.text
    }
}
