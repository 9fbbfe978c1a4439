import AsyncObservables
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps navigation state in a file, replaced atomically on every save, safe to share
/// between stores, threads and processes.
///
/// ```swift
/// let store = FileStateStore(url: appSupport.appendingPathComponent("navigation.json"))
/// let navigator = Navigator(initialPath: "/", store: store)
/// ```
///
/// A save writes the bytes to a new temporary file in the folder of the state file, named
/// `.<name>.tmp-<process id>-<random hex>` and created exclusively with mode `0600` (owner
/// read and write only: the history can name user data; the mode of the file it replaces is
/// not kept). It writes every byte, flushes the file to disk, renames it over the state file,
/// then flushes the folder, so that after a crash or a power loss a ``load()`` returns
/// either the old bytes or the new ones, never a torn or empty file. On any failure the
/// temporary file is removed and a ``FileStateStoreError`` is thrown.
///
/// - **Several writers.** Saves to one file are serialised within a process (across
///   `FileStateStore` values, by the resolved path of the file). Across processes the last
///   complete save wins, and readers never see a partial file.
/// - **Stray temporary files.** A writer holds an exclusive `flock` on its temporary file
///   until it is renamed. After each save, the store removes the temporary files of the
///   state file whose lock it can take: those of writers that were killed mid-save. A live
///   writer's file is never removed. (This costs one listing of the folder per save.)
/// - **Symbolic links.** When ``url`` is a symbolic link, saves replace the file the chain
///   of links finally names (resolved at each save; the temporary file goes in that file's
///   folder), so the link stays a link. A link to a file that does not exist yet is fine:
///   the first save creates it.
/// - **Only a regular file is read.** When ``url`` (or the file its links name) is a
///   folder, a FIFO, a socket or a device, ``load()`` throws
///   ``FileStateStoreError/Operation/notARegularFile`` at once, without opening it: a FIFO
///   planted there cannot block the initialiser of a router restoring from it.
///
/// The folder must exist; a save into a missing folder throws
/// ``FileStateStoreError/Operation/createTemporaryFile``.
///
/// > Note: `load()` and `save(_:)` block on file I/O (a save waits for the disk twice). Both
/// > can be called from any thread.
public struct FileStateStore: NavigationStateStore {
    /// The file holding the state, or a symbolic link to it.
    public let url: URL

    /// The file's path (as given; a symbolic link and its target count as two places).
    public var storageIdentity: AnyHashable? { url.standardizedFileURL.path }

    /// A store keeping its state at `url`; the folder must exist.
    public init(url: URL) {
        self.url = url
    }

    /// The bytes of the file, or `nil` when there is no file (or ``url`` is a link to a file
    /// that does not exist yet).
    ///
    /// The file is opened once and read to its end; since saves replace it by renaming,
    /// never by writing into it, the bytes are those of one complete save.
    ///
    /// Only a regular file is read: anything else at ``url`` (a folder, a FIFO, a socket, a
    /// device) throws ``FileStateStoreError/Operation/notARegularFile`` at once, without
    /// being opened, so a FIFO there never blocks the caller (a router's initialiser).
    public func load() throws(FileStateStoreError) -> Data? {
        try readContents(upTo: .max)?.data
    }

    /// The bytes of the file, or `nil` when there is no file; throws
    /// ``PersistenceError/tooLarge(bytes:limit:)`` with the file's size, without reading it,
    /// when the file is longer than `maximumBytes` (and stops reading as soon as a file
    /// growing meanwhile proves longer), so an oversized file is never read whole.
    /// - Throws: ``FileStateStoreError`` or ``PersistenceError``.
    public func load(maximumBytes: Int) throws -> Data? {
        guard let (data, size) = try readContents(upTo: maximumBytes) else { return nil }
        guard size <= maximumBytes else {
            throw PersistenceError.tooLarge(bytes: size, limit: maximumBytes)
        }
        return data
    }

    /// Reads the file to its end, or until it holds more than `limit` bytes; nothing when
    /// its size is over `limit` already.
    /// - Returns: What was read, and the file's size (what was read, if more).
    ///
    /// Only a regular file is read. The path is checked with `stat` before it is opened, so
    /// a FIFO, a device, a socket or a folder is never opened (opening a FIFO for reading
    /// waits for a writer: it would block the router's initialiser forever); the file is then
    /// opened with `O_NONBLOCK` and checked again with `fstat`, so that one swapped in between
    /// is refused at once too.
    private func readContents(upTo limit: Int) throws(FileStateStoreError) -> (data: Data, size: Int)? {
        let path = url.path
        var info = stat()
        guard Self.retryingOnInterrupt({ stat(path, &info) }) == 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw FileStateStoreError(operation: .read, path: path, errorNumber: code)
        }
        try Self.requireRegularFile(info, at: path)
        let descriptor = Self.retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw FileStateStoreError(operation: .read, path: path, errorNumber: code)
        }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else {
            throw FileStateStoreError(operation: .read, path: path, errorNumber: errno)
        }
        try Self.requireRegularFile(info, at: path)
        let size = Int(info.st_size)
        if size > limit { return (Data(), size) }
        var contents = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                Self.retryingOnInterrupt { read(descriptor, bytes.baseAddress, bytes.count) }
            }
            if count < 0 {
                throw FileStateStoreError(operation: .read, path: path, errorNumber: errno)
            }
            if count == 0 { return (contents, max(size, contents.count)) }
            contents.append(contentsOf: buffer[0..<count])
            if contents.count > limit { return (contents, max(size, contents.count)) }
        }
    }

    /// Throws ``FileStateStoreError/Operation/notARegularFile`` unless `info` describes a
    /// regular file.
    private static func requireRegularFile(_ info: stat, at path: String) throws(FileStateStoreError) {
        let type: FileStateStoreError.FileType
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: type = .folder
        case S_IFIFO: type = .fifo
        case S_IFSOCK: type = .socket
        case S_IFCHR: type = .characterDevice
        case S_IFBLK: type = .blockDevice
        default: type = .other
        }
        throw FileStateStoreError(path: path, notARegularFile: type)
    }

    /// Replaces the state file with `data`: writes a new temporary file, flushes it, renames
    /// it over the file (over the final target when ``url`` is a symbolic link), flushes the
    /// folder, then removes temporary files left by killed writers.
    ///
    /// - Parameter data: The new contents of the file.
    /// - Throws: ``FileStateStoreError`` naming the step that failed. The temporary file is
    ///   removed; the state file keeps its old bytes, unless the step was
    ///   ``FileStateStoreError/Operation/flushFolder``.
    public func save(_ data: Data) throws(FileStateStoreError) {
        let target = try Self.resolvingSymbolicLinks(url.path)
        let (folder, name) = Self.split(target)
        try Self.writeLock(for: Self.canonicalPath(folder: folder, name: name)).withLock {
            saves throws(FileStateStoreError) in
            try Self.replace(target, folder: folder, name: name, with: data)
            saves += 1
        }
        Self.removeStrayTemporaryFiles(in: folder, of: name)
    }

    // MARK: - The save, step by step

    /// One lock per state file (by canonical path) for the whole process, so that two stores
    /// on one file take turns. Entries are kept for the life of the process: one per file.
    ///
    /// Each lock guards the number of saves to its file in this process, not `Void`: Thread
    /// Sanitizer reports exclusive accesses to a zero-sized value as races with each other.
    private static let writeLocks = _Locked<[String: _Locked<Int>]>([:])

    private static func writeLock(for path: String) -> _Locked<Int> {
        writeLocks.withLock { locks in
            if let lock = locks[path] { return lock }
            let lock = _Locked(0)
            locks[path] = lock
            return lock
        }
    }

    /// Writes `data` to a new temporary file in `folder`, flushes it and renames it over
    /// `target`, then flushes `folder`. Removes the temporary file on failure.
    private static func replace(
        _ target: String, folder: String, name: String, with data: Data
    ) throws(FileStateStoreError) {
        let (descriptor, temporary) = try createLockedTemporaryFile(in: folder, prefix: temporaryPrefix(of: name))
        do throws(FileStateStoreError) {
            if let code = writeAll(data, to: descriptor) {
                throw FileStateStoreError(operation: .write, path: temporary, errorNumber: code)
            }
            if let code = flush(descriptor) {
                throw FileStateStoreError(operation: .flushFile, path: temporary, errorNumber: code)
            }
            // The lock is held until after the rename, so the temporary name never exists
            // unlocked while this writer is alive.
            guard rename(temporary, target) == 0 else {
                throw FileStateStoreError(operation: .replace, path: target, errorNumber: errno)
            }
        } catch {
            unlink(temporary)
            close(descriptor)
            throw error
        }
        close(descriptor)
        try flushFolder(folder)
    }

    /// `.<name>.tmp-`: the start of every temporary file name of the state file `name`.
    static func temporaryPrefix(of name: String) -> String {
        "." + name + ".tmp-"
    }

    /// Creates `<folder>/<prefix><pid>-<random hex>` exclusively and takes an exclusive
    /// `flock` on it, retrying with a new name when the name exists or when another
    /// process's cleanup removed the file before the lock was taken.
    private static func createLockedTemporaryFile(
        in folder: String, prefix: String
    ) throws(FileStateStoreError) -> (descriptor: Int32, path: String) {
        var lastError: Int32 = EEXIST
        var path = ""
        for _ in 0..<8 {
            let random = String(UInt64.random(in: .min ... .max), radix: 16)
            let suffix = "\(getpid())-" + String(repeating: "0", count: 16 - random.count) + random
            path = join(folder, prefix + suffix)
            let descriptor = retryingOnInterrupt { open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600) }
            guard descriptor >= 0 else {
                lastError = errno
                if lastError == EEXIST { continue }
                break
            }
            // A file system without `flock` still gets atomic saves; its strays are then
            // never removed, since cleanup cannot take their locks either.
            _ = retryingOnInterrupt { flock(descriptor, LOCK_EX) }
            // Another process's cleanup may have taken the lock between `open` and `flock`
            // and removed the file: then start again with a new name.
            var info = stat()
            if fstat(descriptor, &info) == 0, info.st_nlink == 0 {
                close(descriptor)
                lastError = ENOENT
                continue
            }
            return (descriptor, path)
        }
        throw FileStateStoreError(operation: .createTemporaryFile, path: path, errorNumber: lastError)
    }

    /// Writes every byte of `data`, through partial writes and interruptions; returns the
    /// error number of a failure, or `nil`.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { bytes -> Int32? in
            guard let base = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if written == 0 { return EIO }
                offset += written
            }
            return nil
        }
    }

    /// Flushes a file to the disk (on Darwin past the drive's cache); returns the error
    /// number of a failure, or `nil`.
    private static func flush(_ descriptor: Int32) -> Int32? {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return nil }
        #endif
        return retryingOnInterrupt { fsync(descriptor) } == 0 ? nil : errno
    }

    /// Flushes `folder`, so that a rename in it survives a power loss. File systems that
    /// cannot flush a folder (`EINVAL`) are accepted.
    private static func flushFolder(_ folder: String) throws(FileStateStoreError) {
        let descriptor = retryingOnInterrupt { open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            throw FileStateStoreError(operation: .flushFolder, path: folder, errorNumber: errno)
        }
        defer { close(descriptor) }
        guard retryingOnInterrupt({ fsync(descriptor) }) == 0 || errno == EINVAL else {
            throw FileStateStoreError(operation: .flushFolder, path: folder, errorNumber: errno)
        }
    }

    /// Removes the temporary files of the state file `name` in `folder` whose writers died:
    /// those it can lock without waiting. Best effort; errors are ignored.
    static func removeStrayTemporaryFiles(in folder: String, of name: String) {
        let prefix = temporaryPrefix(of: name)
        guard let directory = opendir(folder) else { return }
        var candidates: [String] = []
        while let entry = readdir(directory) {
            let entryName = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(
                    to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)
                ) { String(cString: $0) }
            }
            if entryName.hasPrefix(prefix) { candidates.append(entryName) }
        }
        closedir(directory)
        for candidate in candidates {
            let path = join(folder, candidate)
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            // Taking the lock proves no live writer holds the file. The name is unique
            // (exclusive creation, random part), so unlinking it cannot hit a newer file.
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                unlink(path)
            }
            close(descriptor)
        }
    }

    // MARK: - Paths

    /// The file `path` names after following symbolic links (at most 40, like the kernel).
    /// A path that does not exist yet is returned as is: the save creates it.
    static func resolvingSymbolicLinks(_ path: String) throws(FileStateStoreError) -> String {
        var current = path
        var buffer = [CChar](repeating: 0, count: 4097)
        for _ in 0..<40 {
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else {
                let code = errno
                // Not a link, or not there (yet): the save targets this path; a missing
                // folder is reported when the temporary file cannot be created.
                if code == EINVAL || code == ENOENT || code == ENOTDIR { return current }
                throw FileStateStoreError(operation: .resolveSymbolicLink, path: current, errorNumber: code)
            }
            let destination = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : join(split(current).folder, destination)
        }
        throw FileStateStoreError(operation: .resolveSymbolicLink, path: path, errorNumber: ELOOP)
    }

    /// The folder and the last component of `path` (the folder of a bare name is `.`).
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// `folder` and `name` joined by one slash.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The path of the state file with its folder made absolute and free of links, `.` and
    /// `..` (when the folder exists), so that two spellings of one file share a lock.
    private static func canonicalPath(folder: String, name: String) -> String {
        guard let resolved = realpath(folder, nil) else { return join(folder, name) }
        defer { free(resolved) }
        return join(String(cString: resolved), name)
    }

    /// Calls `body` again while it fails with `EINTR`.
    private static func retryingOnInterrupt<Result: BinaryInteger>(_ body: () -> Result) -> Result {
        while true {
            let result = body()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}
