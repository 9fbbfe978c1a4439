/// Every scenario, in the order a run measures them.
enum Scenarios {
    struct Entry: Sendable {
        let name: String
        let comparisons: @Sendable () throws -> [Comparison]
    }

    static let all: [Entry] = [
        Entry(name: RouteTableScenario.name, comparisons: RouteTableScenario.comparisons),
        Entry(name: GitHubRoutesScenario.name, comparisons: GitHubRoutesScenario.comparisons),
        Entry(name: PathPatternScenario.name, comparisons: PathPatternScenario.comparisons),
        Entry(name: FanOutScenario.name, comparisons: FanOutScenario.comparisons),
        Entry(name: SubscriberMemoryScenario.name, comparisons: SubscriberMemoryScenario.comparisons),
        Entry(name: OpenURLScenario.name, comparisons: OpenURLScenario.comparisons),
        Entry(name: LaggingSubscriberScenario.name, comparisons: LaggingSubscriberScenario.comparisons),
        Entry(name: RouterStackScenario.name, comparisons: RouterStackScenario.comparisons),
        Entry(name: PersistedHistoryScenario.name, comparisons: PersistedHistoryScenario.comparisons),
        Entry(name: TabRouterScenario.name, comparisons: TabRouterScenario.comparisons),
        Entry(name: SplitRouterScenario.name, comparisons: SplitRouterScenario.comparisons),
        Entry(name: JournalRecordingScenario.name, comparisons: JournalRecordingScenario.comparisons),
        Entry(name: ScreenViewsScenario.name, comparisons: ScreenViewsScenario.comparisons),
        Entry(name: LeaveConditionScenario.name, comparisons: LeaveConditionScenario.comparisons),
        Entry(name: SceneRoutersScenario.name, comparisons: SceneRoutersScenario.comparisons),
        Entry(name: FeatureModulesScenario.name, comparisons: FeatureModulesScenario.comparisons),
    ]

    static var names: [String] { all.map(\.name) }
}
