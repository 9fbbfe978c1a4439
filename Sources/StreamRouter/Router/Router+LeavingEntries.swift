// What a commit does for the entries that leave the tree: the results awaited from their
// screens, and the values loaded for them. Only routers with results awaited or loaders
// come here.
extension Router {
    /// Resolves the result slots of the entries (and modal) that left between `previous`
    /// and `proposed`: with `result` for the entry the unredirected request removes, `nil`
    /// for the others.
    /// - Returns: The waiting callers to resume, after unlocking.
    @usableFromInline
    static func _resolveResults(
        _ results: inout _ScreenResults,
        from previous: RouterState<Route>,
        to proposed: RouterState<Route>,
        request: NavigationRequest<Route>,
        result: _ScreenResult?
    ) -> [_ScreenResultDelivery] {
        guard !results.isEmpty else { return [] }
        var target: UInt64?
        if result != nil, request.redirectedFrom.isEmpty {
            switch request.operation {
            case .dismiss: target = previous._modalID
            case .back(count: 1): target = previous._currentTopEntryID
            default: break
            }
        }
        let left = _entryIDsThatLeft(from: previous, to: proposed, atLeast: results.lowestID)
        var deliveries: [_ScreenResultDelivery] = []
        for id in left {
            let value = id == target ? result?.value : nil
            if let continuation = results.resolve(id, with: value) {
                deliveries.append(_ScreenResultDelivery(continuation: continuation, value: value))
            }
        }
        return deliveries
    }

    /// The ids of the entries of `previous` (from `minimumID` on) that `proposed` no longer
    /// holds, in O(what changed).
    @inlinable
    static func _entryIDsThatLeft(
        from previous: RouterState<Route>, to proposed: RouterState<Route>, atLeast minimumID: UInt64
    ) -> [UInt64] {
        var left: [UInt64] = []
        _forEachEntryIDThatLeft(from: previous, to: proposed, atLeast: minimumID) { left.append($0) }
        return left
    }

    /// Calls `body` with each id ``_entryIDsThatLeft(from:to:atLeast:)`` gives, without
    /// collecting them.
    @inlinable
    static func _forEachEntryIDThatLeft(
        from previous: RouterState<Route>, to proposed: RouterState<Route>, atLeast minimumID: UInt64,
        _ body: (UInt64) -> Void
    ) {
        previous._forEachEntryID(missingFrom: proposed, atLeast: minimumID, body)
        if previous._hasPresentations, !previous._presentationsAreIdentical(to: proposed) {
            // Presentations are few and short: compare their entries' ids as sets.
            for id in previous._presentedEntryIDs.subtracting(proposed._presentedEntryIDs) {
                body(id)
            }
        }
    }

    /// Drops the loaded values of the entries that left and keeps those of the entries the
    /// navigation made.
    /// - Returns: The values dropped, to release after unlocking (a value's deinit is the
    ///   app's code).
    @inlinable
    static func _keepLoadedValues(
        _ values: inout _LoadedValues,
        _ loaded: _SmallArray<_EntryLoad>?,
        from previous: RouterState<Route>,
        to proposed: RouterState<Route>
    ) -> _SmallArray<_EntryLoad> {
        // One entry leaving (a pop) is held inline: nothing is allocated.
        var released = _SmallArray<_EntryLoad>()
        if values.count == 1, let only = values.lowestEntryID, !previous._hasPresentations,
            !proposed._hasPresentations, proposed._topEntryID ?? 0 < only
        {
            // The usual pop of the one entry holding values: the base stack's ids grow
            // from bottom to top, so a stack whose top is older than that entry no longer
            // holds it. No walk.
            if let gone = values.remove(only) {
                released.append(gone)
            }
        } else if let lowest = values.lowestEntryID {
            // Only entries from the lowest one holding values on can matter: the walk stops
            // there (O(what changed above it), whatever the stack's length below).
            _forEachEntryIDThatLeft(from: previous, to: proposed, atLeast: lowest) { id in
                if let gone = values.remove(id) {
                    released.append(gone)
                }
            }
        }
        for load in loaded ?? _SmallArray() {
            values.keep(load)
        }
        return released
    }
}
