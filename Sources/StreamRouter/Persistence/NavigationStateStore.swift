import Foundation

/// Where navigation state is kept between launches: a small protocol with two real
/// implementations, ``FileStateStore`` and ``UserDefaultsStateStore``.
///
/// A store only moves bytes; encoding, versioning and recovery from bad data are done by
/// the navigator or router that uses it.
public protocol NavigationStateStore: Sendable {
    /// The saved bytes, or `nil` when nothing was saved yet.
    func load() throws -> Data?
    /// Replaces the saved bytes. Must never leave a torn state behind: after a crash, the
    /// next ``load()`` returns either the old bytes or the new ones.
    func save(_ data: Data) throws
    /// The saved bytes, or `nil` when nothing was saved yet; throws
    /// ``PersistenceError/tooLarge(bytes:limit:)`` when they are longer than `maximumBytes`.
    /// A store that can tell the size before reading (a file) should refuse before reading;
    /// the default loads, then checks.
    func load(maximumBytes: Int) throws -> Data?
    /// What the store keeps its bytes in (a file's path, a defaults key, the store object),
    /// so that a navigator or router restoring from it first writes what another one saving
    /// to the same place has recorded but not written yet. `nil` (the default): unknown,
    /// nothing is written first.
    var storageIdentity: AnyHashable? { get }
}

extension NavigationStateStore {
    /// `nil`: the store does not say where it keeps its bytes.
    public var storageIdentity: AnyHashable? { nil }

    /// Loads with ``load()``, then refuses data longer than `maximumBytes`.
    public func load(maximumBytes: Int) throws -> Data? {
        let data = try load()
        if let data, data.count > maximumBytes {
            throw PersistenceError.tooLarge(bytes: data.count, limit: maximumBytes)
        }
        return data
    }
}
