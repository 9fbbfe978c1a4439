/// What a ``TabRouter`` shows: the selected tab, every tab's stack and modal, and what is
/// presented above the tabs.
///
/// `Codable` and `Hashable`: a tab router saves it as one versioned value and restores the
/// whole tree at launch. Copies share their storage (each ``RouterState`` does).
public struct TabRouterState<Tab: Hashable & Codable & Sendable, Route: RouteProvider>: Sendable, Hashable, Codable {
    /// The selected tab.
    public var selected: Tab
    /// Each tab's stack and modal; a tab absent here has an empty stack.
    public var stacks: [Tab: RouterState<Route>]
    /// What is presented above the tabs (a player covering every tab), bottom first; empty
    /// when nothing is.
    public var aboveTabs: [Presentation<Route>]

    /// Creates a state.
    /// - Parameters:
    ///   - selected: The selected tab.
    ///   - stacks: Each tab's stack and modal.
    ///   - aboveTabs: What is presented above the tabs, bottom first.
    public init(selected: Tab, stacks: [Tab: RouterState<Route>] = [:], aboveTabs: [Presentation<Route>] = []) {
        self.selected = selected
        self.stacks = stacks
        self.aboveTabs = aboveTabs
    }

    /// The state of `tab`: its stack and modal, empty when the tab has none.
    public subscript(tab: Tab) -> RouterState<Route> {
        stacks[tab] ?? RouterState()
    }

    private enum CodingKeys: String, CodingKey {
        case selected, stacks, aboveTabs
    }

    /// Decodes `selected`, `stacks` (a list of tab and state pairs, so that any `Codable`
    /// tab type works as a key) and `aboveTabs` (absent from a tree saved without it: none).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        selected = try container.decode(Tab.self, forKey: .selected)
        let pairs = try container.decode([TabStack].self, forKey: .stacks)
        stacks = Dictionary(pairs.map { ($0.tab, $0.state) }, uniquingKeysWith: { _, last in last })
        if let limit = _RestoredEntryLimit.limit(in: decoder) {
            // Counted before any presented route is decoded, as a router's presentations are.
            try _RestoredEntryLimit.check(_RestoredEntryLimit.count(of: container, at: .aboveTabs), limit: limit)
        }
        aboveTabs = try container.decodeIfPresent([Presentation<Route>].self, forKey: .aboveTabs) ?? []
    }

    /// Encodes `selected`, `stacks` (as a list of tab and state pairs) and, when anything is
    /// presented above the tabs, `aboveTabs`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(selected, forKey: .selected)
        try container.encode(stacks.map { TabStack(tab: $0.key, state: $0.value) }, forKey: .stacks)
        if !aboveTabs.isEmpty {
            try container.encode(aboveTabs, forKey: .aboveTabs)
        }
    }

    /// One tab's saved stack.
    private struct TabStack: Codable {
        var tab: Tab
        var state: RouterState<Route>
    }
}
