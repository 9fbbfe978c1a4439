import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps navigation state in a file, written atomically: the bytes go to a temporary file
/// in the same folder, are flushed to disk, then renamed over the old file. A crash at any
/// point leaves either the old file or the new one, never a torn one; a stray temporary
/// file left by a crash is ignored (and replaced by the next save).
///
/// ```swift
/// let store = FileStateStore(url: appSupport.appendingPathComponent("navigation.json"))
/// let navigator = Navigator(initialPath: "/", store: store)
/// ```
public struct FileStateStore: NavigationStateStore {
    /// The file holding the state.
    public let url: URL

    /// A store keeping its state at `url`; the folder must exist.
    public init(url: URL) {
        self.url = url
    }

    /// The temporary file a save writes before renaming it over ``url``.
    public var temporaryURL: URL {
        url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".tmp")
    }

    /// The bytes of the file, or `nil` when there is no file.
    public func load() throws -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    /// Writes the bytes to ``temporaryURL``, flushes them to disk, then renames that file
    /// over ``url``.
    public func save(_ data: Data) throws {
        let temporary = temporaryURL
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        let handle = try FileHandle(forWritingTo: temporary)
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
        } catch {
            try? handle.close()
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}
