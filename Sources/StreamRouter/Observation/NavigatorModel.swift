import Observation

/// An `@Observable` mirror of a ``Navigator`` for UI code: SwiftUI views (and anything using
/// `withObservationTracking`) re-render when the navigator changes, from any task.
///
/// ```swift
/// @MainActor
/// struct NewsScreen: View {
///     let model: NavigatorModel            // NavigatorModel(navigator: navigator, watching: [article])
///     var body: some View {
///         Text(model.path)
///         if let match = model.matches[article] { ArticleView(id: match.parameters["id"]) }
///         Button("Back") { model.navigator.goBack() }.disabled(!model.canGoBack)
///     }
/// }
/// ```
///
/// The model subscribes when created and updates on the main actor after every change
/// (including ``Navigator/clear()``). It stops when deallocated; it never keeps the
/// navigator's streams alive after that.
@MainActor
@Observable
public final class NavigatorModel {
    /// The navigator this model mirrors; navigate through it.
    @ObservationIgnored public let navigator: Navigator

    /// The current path.
    public private(set) var path: String
    /// The last published action.
    public private(set) var lastAction: NavigationAction?
    /// Whether the navigator can go back.
    public private(set) var canGoBack: Bool
    /// Whether the navigator can go forward.
    public private(set) var canGoForward: Bool
    /// The number of steps one can go back.
    public private(set) var historyStackSize: Int
    /// The number of steps one can go forward.
    public private(set) var forwardStackSize: Int
    /// What each watched pattern matches in the current path; absent when it does not match.
    public private(set) var matches: [PathPattern: RouteInformation]

    @ObservationIgnored private let patterns: [PathPattern]
    @ObservationIgnored private var subscription: SubscriptionToken?

    /// Mirrors `navigator`, and what each of `patterns` matches.
    /// - Parameters:
    ///   - navigator: The navigator to mirror.
    ///   - patterns: The patterns whose matches ``matches`` holds.
    ///   - bufferingPolicy: The buffer between the navigator and the main actor. By default
    ///     only the newest snapshot is kept: a model shows the current state, so while the
    ///     main actor is busy, intermediate states are skipped rather than piling up.
    public init(
        navigator: Navigator,
        watching patterns: [PathPattern] = [],
        bufferingPolicy: BufferingPolicy = .bufferingNewest(1)
    ) {
        self.navigator = navigator
        self.patterns = patterns
        let snapshots = navigator.states(bufferingPolicy: bufferingPolicy)
        let snapshot = navigator.state
        path = snapshot.path
        lastAction = snapshot.lastAction
        canGoBack = snapshot.canGoBack
        canGoForward = snapshot.canGoForward
        historyStackSize = snapshot.history.backCount
        forwardStackSize = snapshot.history.forwardCount
        matches = Self.matches(of: patterns, in: snapshot.path)
        subscription = .applying(snapshots, to: self) { $0.apply($1) }
    }

    private func apply(_ snapshot: NavigatorSnapshot) {
        if path != snapshot.path { path = snapshot.path }
        if lastAction != snapshot.lastAction { lastAction = snapshot.lastAction }
        if canGoBack != snapshot.canGoBack { canGoBack = snapshot.canGoBack }
        if canGoForward != snapshot.canGoForward { canGoForward = snapshot.canGoForward }
        if historyStackSize != snapshot.history.backCount { historyStackSize = snapshot.history.backCount }
        if forwardStackSize != snapshot.history.forwardCount { forwardStackSize = snapshot.history.forwardCount }
        let current = Self.matches(of: patterns, in: snapshot.path)
        if matches != current { matches = current }
    }

    nonisolated static func matches(of patterns: [PathPattern], in path: String) -> [PathPattern: RouteInformation] {
        var matches: [PathPattern: RouteInformation] = [:]
        for pattern in patterns {
            matches[pattern] = pattern.match(path)
        }
        return matches
    }
}
