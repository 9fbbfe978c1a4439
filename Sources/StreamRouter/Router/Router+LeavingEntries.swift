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
        var deliveries: [_ScreenResultDelivery] = []
        previous._forEachEntry(missingFrom: proposed) { entry in
            let id = entry.id
            let value = id == target ? result?.value : nil
            if let continuation = results.resolve(id, with: value) {
                deliveries.append(_ScreenResultDelivery(continuation: continuation, value: value))
            }
        }
        return deliveries
    }

    /// Drops the loaded values of the entries that left and keeps those of the entries the
    /// navigation made.
    /// - Returns: The values dropped, to release after unlocking (a value's deinit is the
    ///   app's code).
    @inlinable
    static func _keepLoadedValues(
        _ values: inout _LoadedValues,
        _ loaded: [_EntryLoad]?,
        from previous: RouterState<Route>,
        to proposed: RouterState<Route>
    ) -> [_EntryLoad] {
        var released = [_EntryLoad]()
        if !values.isEmpty {
            previous._forEachEntry(missingFrom: proposed) { entry in
                if let gone = values.remove(entry.id) {
                    released.append(gone)
                }
            }
        }
        for load in loaded ?? [] {
            values.keep(load)
        }
        return released
    }
}
