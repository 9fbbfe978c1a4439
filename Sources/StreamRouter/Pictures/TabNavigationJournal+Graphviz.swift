extension TabNavigationJournal {
    /// The tab app's journey as a Graphviz graph in the DOT language: a box per tab holding
    /// the states that tab went through (each distinct state of a tab one node), each
    /// navigation an edge between two states of its tab coloured by outcome, as
    /// ``NavigationJournal/graphviz()`` draws them, and each change of selection a dashed grey
    /// `select` edge from the selected tab's state to the newly selected tab's.
    ///
    /// ```swift
    /// let dot = app.journal?.graphviz()
    /// ```
    ///
    /// Tabs are boxed in this order: the tab selected at the start, the others as the entries
    /// first name them, then the start state's other tabs by their description. The text is
    /// deterministic for tabs whose descriptions differ, and every label is escaped.
    /// - Returns: The DOT text of a `digraph`, ending with a newline.
    public func graphviz() -> String {
        var graph = DOTGraph(
            name: "journey", graph: JourneyStyle.graph, node: JourneyStyle.node, edge: JourneyStyle.edge)
        var order = [startState.selected]
        for entry in entries where !order.contains(entry.tab) {
            order.append(entry.tab)
        }
        order += startState.stacks.keys.filter { !order.contains($0) }.sorted { "\($0)" < "\($1)" }
        var clusters: [Tab: Int] = [:]
        for tab in order {
            clusters[tab] = graph.addCluster(
                label: tab == startState.selected ? "\(tab) (selected at start)" : "\(tab)")
        }
        let end = endState
        var nodes: [Tab: [RouterState<Route>: String]] = [:]
        func node(_ tab: Tab, _ state: RouterState<Route>, isStart: Bool = false) -> String {
            if let node = nodes[tab]?[state] { return node }
            let label = JourneyStyle.label(of: state, isStart: isStart)
            let isEnd = end[tab] == state
            let node = graph.addNode(isEnd ? ["label": label, "penwidth": "2"] : ["label": label], in: clusters[tab])
            nodes[tab, default: [:]][state] = node
            return node
        }
        var current: [Tab: String] = [:]
        for tab in order {
            current[tab] = node(tab, startState[tab], isStart: true)
        }
        var selected = startState.selected
        for entry in entries {
            let tab = entry.tab
            let before = current[tab] ?? node(tab, RouterState())
            switch entry.operation {
            case .select:
                graph.addEdge(
                    from: current[selected] ?? before, to: before,
                    ["label": "\(entry.step): select", "style": "dashed", "color": "#757575", "fontcolor": "#757575"])
                selected = tab
            case .navigation(let operation):
                let after = entry.state.map { node(tab, $0) } ?? before
                graph.addEdge(
                    from: before, to: after,
                    JourneyStyle.edge(
                        step: entry.step, operation: operation.description, url: entry.url?.absoluteString,
                        outcome: entry.outcome))
                current[tab] = after
            }
        }
        return graph.text
    }
}
