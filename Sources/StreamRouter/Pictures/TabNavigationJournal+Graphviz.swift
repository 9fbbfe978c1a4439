extension TabNavigationJournal {
    /// The tab app's journey as a Graphviz graph in the DOT language: a box per tab holding
    /// the states that tab went through (each distinct state of a tab one node), each
    /// navigation an edge between two states of its tab coloured by outcome, as
    /// ``NavigationJournal/graphviz()`` draws them, and each change of selection a dashed grey
    /// `select` edge from the selected tab's state to the newly selected tab's. What is
    /// presented above the tabs has a box of its own, last, when the journey shows anything
    /// there.
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
        // A place is a tab, or `nil` for what is presented above the tabs.
        var places: [Tab?] = order
        if !startState.aboveTabs.isEmpty || entries.contains(where: \.isAboveTabs) {
            places.append(nil)
        }
        var clusters: [Tab?: Int] = [:]
        for place in places {
            let label = place.map { $0 == startState.selected ? "\($0) (selected at start)" : "\($0)" }
            clusters[place] = graph.addCluster(label: label ?? "above the tabs")
        }
        let end = endState
        func at(_ place: Tab?, of tree: TabRouterState<Tab, Route>) -> RouterState<Route> {
            place.map { tree[$0] } ?? RouterState(stack: [], presentations: tree.aboveTabs)
        }
        var nodes: [Tab?: [RouterState<Route>: String]] = [:]
        func node(_ place: Tab?, _ state: RouterState<Route>, isStart: Bool = false) -> String {
            if let node = nodes[place]?[state] { return node }
            let label = JourneyStyle.label(of: state, isStart: isStart)
            let isEnd = state == at(place, of: end)
            let node = graph.addNode(isEnd ? ["label": label, "penwidth": "2"] : ["label": label], in: clusters[place])
            nodes[place, default: [:]][state] = node
            return node
        }
        var current: [Tab?: String] = [:]
        for place in places {
            current[place] = node(place, at(place, of: startState), isStart: true)
        }
        var selected = startState.selected
        for entry in entries {
            let place: Tab? = entry.isAboveTabs ? nil : entry.tab
            let before = current[place] ?? node(place, RouterState())
            switch entry.operation {
            case .select:
                graph.addEdge(
                    from: current[selected] ?? before, to: before,
                    ["label": "\(entry.step): select", "style": "dashed", "color": "#757575", "fontcolor": "#757575"])
                selected = entry.tab
            case .navigation(let operation):
                let after = entry.state.map { node(place, $0) } ?? before
                graph.addEdge(
                    from: before, to: after,
                    JourneyStyle.edge(
                        step: entry.step, operation: operation.description, url: entry.url?.absoluteString,
                        outcome: entry.outcome))
                current[place] = after
            }
        }
        return graph.text
    }
}
