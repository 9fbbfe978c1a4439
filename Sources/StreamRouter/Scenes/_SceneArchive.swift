import Foundation

/// The saved states of every scene of a ``SceneRouters`` registry, in one store: a JSON
/// object from scene id to that scene's saved bytes. Each scene's router reads and writes
/// its own entry through a ``_SceneStore``; a corrupt entry is that scene's alone (its
/// router reports it and starts afresh), and the keys are the scenes that existed.
final class _SceneArchive: Sendable {
    private let base: any NavigationStateStore
    /// The entries, read once; every save writes them all, one save at a time.
    private let entries: _Locked<[String: Data]>

    init(base: any NavigationStateStore) {
        self.base = base
        let saved = (try? base.load()).flatMap { try? JSONDecoder().decode([String: Data].self, from: $0) }
        entries = _Locked(saved ?? [:])
    }

    /// The base store's identity (see ``NavigationStateStore/storageIdentity``).
    var baseIdentity: AnyHashable? { base.storageIdentity }

    /// The scenes saved.
    var sceneIDs: [String] {
        entries.withLock { $0.keys.sorted() }
    }

    func data(for sceneID: String) -> Data? {
        entries.withLock { $0[sceneID] }
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
        archive.data(for: sceneID)
    }

    func save(_ data: Data) throws {
        try archive.save(data, for: sceneID)
    }

    var storageIdentity: AnyHashable? {
        archive.baseIdentity.map { AnyHashable([$0, AnyHashable(sceneID)]) }
    }
}
