extension Router {
    /// Starts recording this router's navigations into a new ``NavigationJournal``, read
    /// with ``journal``; replaces any journal being recorded.
    ///
    /// ```swift
    /// router.startRecording(keepingNewest: 200)
    /// try await router.navigate(to: .profile(id: 3))
    /// router.journal?.entries.last?.outcome          // .completed
    /// ```
    ///
    /// The journal starts at the router's current state. Every navigation attempt that ends
    /// from now on, completed, cancelled or failed, is one entry, recorded under the router's
    /// lock as its final event is published.
    ///
    /// > Note: Recording costs a navigation one append of its final event to a ring (entries
    /// > are made when ``journal`` is read, outside the lock); a router that
    /// > does not record pays one check of a `nil` (the `journal-recording` benchmark). A tab
    /// > router records its tabs' routers itself (``TabRouter/startRecording(keepingNewest:)``);
    /// > recording one of them directly takes it out of the tab router's journal.
    /// - Parameter capacity: The most entries kept (from 1 to `Int.max / 2`: `.max` keeps
    ///   every entry); older ones are dropped.
    public func startRecording(keepingNewest capacity: Int = 1_000) {
        _storage.update { storage, _ in
            let recorder = _JournalSink.recorder(_RouterJournalRecorder(capacity: capacity, startState: storage.state))
            // During a replay's step, the probe hands on to the new journal.
            if case .probe(let probe)? = storage.journal {
                probe.forward = recorder
            } else {
                storage.journal = recorder
            }
        }
    }

    /// Stops recording.
    /// - Returns: The journal recorded, or `nil` when this router was not recording.
    @discardableResult
    public func stopRecording() -> NavigationJournal<Route>? {
        let tape = _storage.update { storage, _ -> _RouterJournalRecorder<Route>.Tape? in
            guard let own = Self.ownJournal(storage.journal) else { return nil }
            // During a replay's step, the probe stops handing on; else the sink goes.
            if case .probe(let probe)? = storage.journal {
                probe.forward = nil
            } else {
                storage.journal = nil
            }
            return own.tape
        }
        return tape?.journal
    }

    /// The journal being recorded (see ``startRecording(keepingNewest:)``), as it is now;
    /// `nil` while this router does not record.
    public var journal: NavigationJournal<Route>? {
        _storage.read { Self.ownJournal($0.journal)?.tape }?.journal
    }

    /// `sink` when it is this router's own journal, not a tab router's recording of it;
    /// during a replay's step, the journal its probe hands on to.
    private static func ownJournal(_ sink: _JournalSink<Route>?) -> _RouterJournalRecorder<Route>? {
        switch sink {
        case .recorder(let recorder)? where recorder.numbering == nil: recorder
        case .probe(let probe)?: ownJournal(probe.forward)
        default: nil
        }
    }

    /// Performs `operation` through the pipeline and returns what became of it and the state
    /// after it, as a journal would record them (for replays).
    func performRecorded(
        _ operation: NavigationOperation<Route>, source: NavigationSource? = nil, confirmations: [Bool] = []
    ) async -> (JournalOutcome<Route>, RouterState<Route>) {
        _hooks.withLock { $0.replayAnswers = confirmations }
        defer { _hooks.withLock { $0.replayAnswers = nil } }
        let probe = _JournalProbe<Route>()
        _storage.update { storage, _ in
            probe.forward = storage.journal
            storage.journal = .probe(probe)
        }
        let thrown: NavigationError?
        do {
            try await perform(operation, source: source ?? ._default(for: operation, url: nil))
            thrown = nil
        } catch {
            thrown = error
        }
        _storage.update { storage, _ in
            if storage.journal?.isSink(probe) == true {
                storage.journal = probe.forward
            }
        }
        if let event = probe.recorded, let outcome = JournalOutcome(event) {
            return (outcome, event.state ?? state)
        }
        // Unreachable while every attempt ends in `_commit` or `_reject`.
        return (thrown.map { $0.isCancellation ? .cancelled($0) : .failed($0) } ?? .completed, state)
    }
}

/// Keeps the final event of the one attempt a replay performs, and forwards every event to
/// the router's own sink (a journal being recorded).
@usableFromInline
final class _JournalProbe<Route: RouteProvider>: Sendable {
    private struct Recorded {
        var forward: _JournalSink<Route>?
        var event: RouterEvent<Route>?
    }

    private let storage = _Locked(Recorded())

    /// The sink the router had before.
    var forward: _JournalSink<Route>? {
        get { storage.withLock { $0.forward } }
        set { storage.withLock { $0.forward = newValue } }
    }

    /// The first attempt's final event.
    var recorded: RouterEvent<Route>? {
        storage.withLock { $0.event }
    }

    /// Keeps `event` when it is the first final one (a loader's `.loaded` comes before it).
    @usableFromInline
    func record(_ event: RouterEvent<Route>) {
        let forward = storage.withLock { recorded in
            if recorded.event == nil, JournalOutcome(event) != nil {
                recorded.event = event
            }
            return recorded.forward
        }
        forward?.record(event)
    }
}
