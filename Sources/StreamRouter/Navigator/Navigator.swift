/// A headless, path-based navigator: a history of paths with back and forward, that
/// publishes every change as a ``NavigationAction``.
///
/// ```swift
/// let navigator = Navigator(initialPath: "/")
/// let actions = navigator.actions              // subscribed now
/// navigator.navigate("news")                   // relative: "/news"
/// navigator.navigate("/news/latest")           // absolute
/// navigator.goBack()                           // "/news"
/// for await action in actions { print(action) } // push / -> /news (deeper), ...
/// ```
///
/// Paths are normalised: always absolute, no duplicate or trailing slashes, `.` and `..`
/// resolved (`..` never climbs above `/`). Navigating to the current path does nothing
/// and publishes nothing.
///
/// > Note: Thread-safe. Every mutation is synchronous and atomic, and its action is
/// > delivered to every subscriber before the next mutation starts, so all subscribers see
/// > one total order consistent with the history: for consecutive actions `a`, `b` of any
/// > stream, `b.previousPath == a.currentPath`. Streams never keep the navigator alive;
/// > when it is deallocated they deliver what they buffered, then finish.
public final class Navigator: PathPublisher, StatePublisher, StatePersisting {
    typealias State = NavigatorSnapshot

    /// What the navigator's lock publishes: the action (`nil` for ``clear()``, which is not
    /// one) and the state after the change.
    struct Event: Sendable {
        let action: NavigationAction?
        let state: NavigatorSnapshot
    }

    private let storage: ObservableState<State, Event>
    private let persistence: _StatePersistence<NavigationHistory<String>>?

    /// The limits every path given to this navigator must stay within.
    public let policy: InputPolicy

    /// Creates a navigator at `initialPath` (normalised; relative paths count from `/`; a
    /// path the policy rejects is replaced by `/`).
    /// - Parameters:
    ///   - initialPath: The first entry of the history.
    ///   - policy: The limits on the paths this navigator accepts, and on the length of its
    ///     history (``InputPolicy/maximumHistoryEntries``: a push beyond it drops the oldest
    ///     entry).
    public init(initialPath: String = "/", policy: InputPolicy = .standard) {
        self.policy = policy
        storage = ObservableState(State(history: Self.history(at: initialPath, policy: policy)))
        persistence = nil
    }

    /// A history holding only `path` (or `/` when the policy rejects it), bounded by the policy.
    private static func history(at path: String, policy: InputPolicy) -> NavigationHistory<String> {
        var history = NavigationHistory(root: initialPath(path, policy: policy))
        history.limit(to: policy.maximumHistoryEntries)
        return history
    }

    private static func initialPath(_ path: String, policy: InputPolicy) -> String {
        do throws(InputError) {
            try policy.check(path: path)
            let normalized = PathResolver.normalize(path)
            try policy.check(resolvedPath: normalized)
            return normalized
        } catch {
            return "/"
        }
    }

    /// Creates a navigator that restores its history from `store` and saves it there after
    /// every change (navigate, back, forward, clear).
    ///
    /// When the store holds nothing, or data that cannot be used (corrupt, truncated, from
    /// another format version, larger than ``InputPolicy/maximumStateBytes``, with more
    /// entries than ``InputPolicy/maximumHistoryEntries``, counted before any is decoded), the
    /// navigator starts at `initialPath`, reports why on ``StatePersisting/persistenceEvents``,
    /// and leaves the store untouched until the first change. Restored paths are checked
    /// against `policy` too: a history holding a path it rejects is reported as
    /// ``PersistenceError/rejectedInput(_:)`` (one that is not normalised as unreadable).
    ///
    /// > Note: Saving never runs on the navigating task: a change records the new history
    /// > (O(1)) and a background task writes the latest one, coalescing a burst of changes
    /// > into few writes. Call ``StatePersisting/flush()`` to write it at once (at app termination, in tests).
    public init(initialPath: String = "/", store: any NavigationStateStore, policy: InputPolicy = .standard) {
        let persistence = _StatePersistence<NavigationHistory<String>>(
            store: store, version: Self.stateVersion, maximumBytes: policy.maximumStateBytes,
            maximumEntries: policy.maximumHistoryEntries
        ) { history in
            let limit = max(policy.maximumHistoryEntries, 1)
            guard history.count <= limit else {
                throw PersistenceError.tooManyEntries(count: history.count, limit: limit)
            }
            for path in history.entries + history.forwardEntries {
                do {
                    try policy.check(path: path)
                    guard PathResolver.isNormalized(path) else {
                        throw PersistenceError.unreadable("'\(path)' is not a normalised absolute path")
                    }
                    try policy.check(resolvedPath: path)
                } catch let error as InputError {
                    throw PersistenceError.rejectedInput(error)
                }
            }
        }
        var history = persistence.restore() ?? Self.history(at: initialPath, policy: policy)
        history.limit(to: policy.maximumHistoryEntries)
        self.policy = policy
        storage = ObservableState(State(history: history))
        self.persistence = persistence
    }

    /// The format version of the saved history.
    static let stateVersion = 1

    // MARK: - Reading

    /// The current path.
    public var path: String {
        storage.read { $0.history.current }
    }

    /// Whether ``goBack(total:)`` would move.
    public var canGoBack: Bool {
        storage.read { $0.history.backCount > 0 }
    }

    /// Whether ``goForward(total:)`` would move.
    public var canGoForward: Bool {
        storage.read { $0.history.forwardCount > 0 }
    }

    /// The number of steps one can go back: history entries minus the current one.
    public var historyStackSize: Int {
        storage.read { $0.history.backCount }
    }

    /// The number of steps one can go forward.
    public var forwardStackSize: Int {
        storage.read { $0.history.forwardCount }
    }

    /// The last published action; `nil` for a new navigator.
    public var lastAction: NavigationAction? {
        storage.read { $0.lastAction }
    }

    /// The whole state (history and last action), read atomically: what ``states`` yields.
    public var state: NavigatorSnapshot {
        storage.state
    }

    /// The whole history, as one consistent snapshot.
    public var history: NavigationHistory<String> {
        storage.read { $0.history }
    }

    /// Resolves `path` against the current path, as ``navigate(_:replace:)`` would,
    /// without navigating.
    public func resolve(_ path: String) -> String {
        storage.read { PathResolver.resolve(path, against: $0.history.current) }
    }

    // MARK: - Navigating

    /// Navigates to `path`, relative to the current path unless it starts with `/`.
    ///
    /// Publishes a `.push` action and clears the forward history. Navigating to the
    /// current path (including `""`, `"."` and `"./"`) does nothing.
    ///
    /// - Parameters:
    ///   - path: An absolute or relative path; `..` goes up one segment.
    ///   - replace: Replace the current history entry instead of adding one. The action's
    ///     `previousPath` is then the replaced entry.
    /// - Returns: The published action, or `nil` when nothing changed.
    @discardableResult
    public func navigate(_ path: String, replace: Bool = false) -> NavigationAction? {
        try? navigate(checked: path, replace: replace)
    }

    /// Navigates like ``navigate(_:replace:)``, but throws when ``policy`` rejects the path
    /// (too long, too many segments, control characters); the navigator is then unchanged.
    ///
    /// Use it for input you do not control: a path typed by a user or read from elsewhere.
    /// - Throws: ``InputError``.
    /// - Returns: The published action, or `nil` when nothing changed.
    @discardableResult
    public func navigate(checked path: String, replace: Bool = false) throws(InputError) -> NavigationAction? {
        // An absolute, normalised path (the common case) is checked in one pass, here.
        let absolute: String?
        var isChecked = false
        if path.utf8.first == UInt8(ascii: "/") {
            isChecked = try policy.checkAbsolute(path: path)
            absolute = isChecked ? path : PathResolver.normalize(path)
        } else {
            try policy.check(path: path)
            absolute = nil
        }
        let policy = policy
        return saving(
            try storage.update { [isChecked] state, publish throws(InputError) in
                let target = absolute ?? PathResolver.resolve(path, against: state.history.current)
                if !isChecked {
                    try policy.check(resolvedPath: target)
                }
                return Self.push(target, replacing: replace, in: &state, publish)
            })
    }

    /// Navigates to the path `finalPath` makes of `path` resolved against the current path,
    /// in one critical section: no other navigation can come between reading the current
    /// path and committing (``navigate(_:replace:redirectsIn:)``). `finalPath` runs under the
    /// navigator's lock: it must be quick and must not touch the navigator.
    /// - Returns: The published action, or `nil` when nothing changed or ``policy`` rejects
    ///   the final path.
    func navigate<Failure: Error>(
        _ path: String,
        replace: Bool,
        finalPath: (String) throws(Failure) -> String
    ) throws(Failure) -> NavigationAction? {
        guard (try? policy.check(path: path)) != nil else { return nil }
        let policy = policy
        return saving(
            try storage.update { state, publish throws(Failure) in
                let target = try finalPath(PathResolver.resolve(path, against: state.history.current))
                guard (try? policy.check(resolvedPath: target)) != nil else { return nil }
                return Self.push(target, replacing: replace, in: &state, publish)
            })
    }

    /// Goes back `total` steps, clamped to ``historyStackSize``; a multi-step move
    /// publishes one `.back` action. A total of 0 or less does nothing.
    /// - Returns: The published action, or `nil` when nothing changed.
    @discardableResult
    public func goBack(total: Int = 1) -> NavigationAction? {
        move(.back) { $0.goBack(total: total) }
    }

    /// Goes forward `total` steps, clamped to ``forwardStackSize``; a multi-step move
    /// publishes one `.forward` action. A total of 0 or less does nothing.
    /// - Returns: The published action, or `nil` when nothing changed.
    @discardableResult
    public func goForward(total: Int = 1) -> NavigationAction? {
        move(.forward) { $0.goForward(total: total) }
    }

    /// Moves through the history with `step` (which returns the number of steps taken) and
    /// publishes one `kind` action when it moved.
    private func move(
        _ kind: NavigationAction.Action,
        _ step: (inout NavigationHistory<String>) -> Int
    ) -> NavigationAction? {
        saving(
            storage.update { state, publish in
                let previous = state.history.current
                guard step(&state.history) > 0 else { return nil }
                return Self.record(
                    NavigationAction(currentPath: state.history.current, previousPath: previous, action: kind),
                    in: &state, publish
                )
            })
    }

    /// Drops the back and forward history, keeping the current path. Publishes no action
    /// (the path stays); ``states(bufferingPolicy:)`` yields the state without the history.
    public func clear() {
        let changed = storage.update { state, publish in
            guard state.history.backCount > 0 || state.history.forwardCount > 0 else { return false }
            state.history.clear()
            publish(Event(action: nil, state: state))
            return true
        }
        if changed {
            save()
        }
    }

    /// Saves the history when `action` says something changed; passes `action` through.
    private func saving(_ action: NavigationAction?) -> NavigationAction? {
        if action != nil {
            save()
        }
        return action
    }

    private func save() {
        persistence?.save { history }
    }

    /// Pushes `target` (or replaces the current entry with it) and publishes the `.push`;
    /// nothing when it is the current path.
    private static func push(
        _ target: String,
        replacing replace: Bool,
        in state: inout State,
        _ publish: (Event) -> Void
    ) -> NavigationAction? {
        let previous = state.history.current
        // Byte for byte, as paths are matched (not by Unicode canonical equivalence).
        guard !target.utf8.elementsEqual(previous.utf8) else { return nil }
        if replace {
            state.history.replaceCurrent(with: target)
        } else {
            state.history.push(target)
        }
        return record(NavigationAction(currentPath: target, previousPath: previous, action: .push), in: &state, publish)
    }

    private static func record(
        _ action: NavigationAction,
        in state: inout State,
        _ publish: (Event) -> Void
    ) -> NavigationAction {
        state.lastAction = action
        publish(Event(action: action, state: state))
        return action
    }

    // MARK: - Streams

    /// Every action performed after this property is read, with an unbounded buffer (see
    /// ``actions(bufferingPolicy:)``).
    public var actions: SubjectStream<NavigationAction> {
        actions()
    }

    /// Every action performed after this call.
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   a consumer that lags, or never reads, keeps every action since it subscribed, under
    ///   200 bytes each; see <doc:StreamsAndOperators>).
    public func actions(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<NavigationAction> {
        storage.subscribe(bufferingPolicy: bufferingPolicy) { $0.action }
    }

    /// The current path, then the path after each action that changed it.
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   an unread stream keeps every path since it subscribed, about 25 bytes each plus the
    ///   characters of a path longer than 15 bytes; see <doc:StreamsAndOperators>).
    public func paths(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<String> {
        storage.subscribe(
            bufferingPolicy: bufferingPolicy,
            initial: { [$0.history.current] },
            transform: { event in
                // Byte for byte, as paths are matched: a canonically equivalent path is new.
                guard let action = event.action else { return nil }
                let current = action.currentPath
                return current.utf8.elementsEqual(action.previousPath.utf8) ? nil : current
            }
        )
    }

    /// The navigator's state now, then after every change (actions and ``clear()``): what an
    /// observable model mirrors (``StatePublisher``).
    /// - Parameter bufferingPolicy: The buffer of this subscription (unbounded by default:
    ///   an unread stream keeps every snapshot since it subscribed, about 300 bytes each,
    ///   since histories share their storage; see <doc:StreamsAndOperators>).
    public func states(bufferingPolicy: BufferingPolicy = .unbounded) -> SubjectStream<NavigatorSnapshot> {
        storage.subscribe(
            bufferingPolicy: bufferingPolicy,
            initial: { [$0] },
            transform: { $0.state }
        )
    }

    /// The persistence behind ``StatePersisting``'s accessors (``StatePersisting/restoration``,
    /// ``StatePersisting/persistenceEvents``, ``StatePersisting/flush()``); `nil` for a
    /// navigator made without a store.
    @_spi(StreamRouterInternals) public var _persistence: _PersistenceHandle? {
        persistence?.handle
    }

    /// The number of live streams of this navigator (for tests and diagnostics).
    @_spi(Testing) public var subscriberCount: Int {
        storage.subscriberCount
    }

    /// The number of this navigator's subscription buffers still allocated (for tests): 0
    /// once every stream made from it and every iterator is gone, whatever ended them.
    @_spi(Testing) public var liveBufferCount: Int {
        storage.liveBufferCount
    }
}
