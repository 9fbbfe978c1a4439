import Foundation

/// The saved states of every scene of a ``SceneRouters`` registry, in one store: a JSON
/// object from scene id to that scene's saved bytes. Each scene's router reads and writes
/// its own entry through a ``_SceneStore``; a corrupt entry is that scene's alone (its
/// router reports it and starts afresh), and the keys are the scenes that existed. An
/// archive that cannot be read (a failing store, data that is not an archive, more than
/// ``maximumBytes``) is every scene's: each router reports why and starts afresh, and the
/// first save replaces it, as a router's own store is.
final class _SceneArchive: Sendable {
    /// The largest archive read: eight scenes at the standard policy's
    /// ``InputPolicy/maximumStateBytes``.
    static var maximumBytes: Int { 8 * InputPolicy.standard.maximumStateBytes }

    private let base: any NavigationStateStore
    /// The entries, read once; every save writes them all, one save at a time.
    private let entries: _Locked<[String: Data]>
    /// Why the archive could not be read, if it could not.
    private let failure: PersistenceError?

    init(base: any NavigationStateStore) {
        self.base = base
        let read = Self.read(base)
        entries = _Locked((try? read.get()) ?? [:])
        if case .failure(let error) = read { failure = error } else { failure = nil }
    }

    private static func read(_ base: any NavigationStateStore) -> Result<[String: Data], PersistenceError> {
        let data: Data?
        do {
            data = try base.load(maximumBytes: maximumBytes)
        } catch let error as PersistenceError {
            return .failure(error)
        } catch {
            return .failure(.store("\(error)"))
        }
        guard let data else { return .success([:]) }
        do {
            return .success(try JSONDecoder().decode([String: Data].self, from: data))
        } catch {
            return .failure(.unreadable("not an archive of scenes: \(error)"))
        }
    }

    /// The base store's identity (see ``NavigationStateStore/storageIdentity``).
    var baseIdentity: AnyHashable? { base.storageIdentity }

    /// The scenes saved.
    var sceneIDs: [String] {
        entries.withLock { $0.keys.sorted() }
    }

    /// The saved bytes of the scene; throws why the archive could not be read, if it could
    /// not, until the first save replaces it.
    func data(for sceneID: String) throws(PersistenceError) -> Data? {
        try entries.withLock { entries throws(PersistenceError) in
            if let failure, entries.isEmpty { throw failure }
            return entries[sceneID]
        }
    }

    /// Saves `data` for the scene (`nil` forgets it), and writes the archive.
    func save(_ data: Data?, for sceneID: String) throws {
        try entries.withLock { entries in
            entries[sceneID] = data
            try base.save(try JSONEncoder().encode(entries))
        }
    }

    /// The store of one scene.
    func store(for sceneID: String) -> _SceneStore {
        _SceneStore(archive: self, sceneID: sceneID)
    }
}

/// One scene's entry of a ``_SceneArchive``, as a store its router saves to.
struct _SceneStore: NavigationStateStore {
    let archive: _SceneArchive
    let sceneID: String

    func load() throws -> Data? {
        try archive.data(for: sceneID)
    }

    func save(_ data: Data) throws {
        try archive.save(data, for: sceneID)
    }

    var storageIdentity: AnyHashable? {
        archive.baseIdentity.map { AnyHashable([$0, AnyHashable(sceneID)]) }
    }
}
