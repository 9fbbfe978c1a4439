/// The loaders' values a router keeps, by the entry they were loaded for (see
/// ``Router/addLoader(named:deadline:_:)``), in the order of the entries' ids.
///
/// An array, not a dictionary: an entry's id is larger than every id made before it, so a
/// navigation's values go at the end, and a pop takes them from the end, with no hashing
/// and, once the array has room, no allocation.
@usableFromInline
struct _LoadedValues: Sendable {
    @usableFromInline var _loads: [_EntryLoad] = []

    @inlinable
    init() {}

    /// Whether no entry holds a value.
    @inlinable
    var isEmpty: Bool { _loads.isEmpty }

    /// The values kept for entry `id`.
    @inlinable
    func values(of id: UInt64) -> [_LoadedValue]? {
        _position(of: id).map { _loads[$0].values }
    }

    /// Keeps `load`'s values for its entry (replacing what that entry held).
    @inlinable
    mutating func keep(_ load: _EntryLoad) {
        if let position = _position(of: load.entryID) {
            _loads[position] = load
            return
        }
        // A navigation's entries are newer than every entry kept: their values go last.
        guard let last = _loads.last, last.entryID > load.entryID else {
            _loads.append(load)
            return
        }
        let position = _loads.firstIndex { $0.entryID > load.entryID } ?? _loads.endIndex
        _loads.insert(load, at: position)
    }

    /// Removes and returns the values of entry `id`, if it held any.
    @inlinable
    mutating func remove(_ id: UInt64) -> _EntryLoad? {
        guard let position = _position(of: id) else { return nil }
        return position == _loads.index(before: _loads.endIndex) ? _loads.removeLast() : _loads.remove(at: position)
    }

    /// Where entry `id`'s values are, looked for from the end (the newest entries).
    @inlinable
    func _position(of id: UInt64) -> Int? {
        var position = _loads.endIndex
        while position > _loads.startIndex {
            position -= 1
            let entryID = _loads[position].entryID
            if entryID == id { return position }
            if entryID < id { return nil }
        }
        return nil
    }
}

/// One loader's value for one entry. Boxed: the pipeline copies it from the loader to the
/// event and the entry, and a copy of its existential goes through value witnesses (held
/// inline in `_EntryLoad` instead, a loaded push + back took 1.5x as long).
@usableFromInline
final class _LoadedValue: Sendable {
    @usableFromInline let loader: String
    @usableFromInline let value: any Sendable

    @inlinable
    init(loader: String, value: any Sendable) {
        self.loader = loader
        self.value = value
    }
}

/// The values loaded for one entry a navigation made. Not boxed: its fields are an id and
/// references, so a copy is two retains, and an entry's values cost one allocation (the
/// value's box), not two.
@usableFromInline
struct _EntryLoad: Sendable {
    @usableFromInline let entryID: UInt64
    @usableFromInline let values: [_LoadedValue]

    @inlinable
    init(entryID: UInt64, values: [_LoadedValue]) {
        self.entryID = entryID
        self.values = values
    }
}
