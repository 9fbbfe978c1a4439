#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a ``FileStateStore`` could not read or write its file: the step that failed, the
/// path it failed on, and the system's error number.
///
/// A failed save leaves the state file as it was (except after
/// ``Operation/flushFolder``, see there) and removes its temporary file.
///
/// ```swift
/// do {
///     try store.save(data)
/// } catch {
///     print(error)  // could not create a temporary file at '/missing/.state.json.tmp-…': No such file or directory
/// }
/// ```
public struct FileStateStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The step of a load or save that failed.
    public enum Operation: Sendable, Equatable {
        /// Following the symbolic links from ``FileStateStore/url`` to the file they name
        /// (for example a loop of links).
        case resolveSymbolicLink
        /// Creating the temporary file next to the state file: the folder is missing or not
        /// writable, the name is too long, ...
        case createTemporaryFile
        /// Writing the bytes to the temporary file (the disk is full, ...).
        case write
        /// Flushing the temporary file to disk.
        case flushFile
        /// Renaming the temporary file over the state file.
        case replace
        /// Flushing the folder after the rename, so that the rename survives a power loss.
        /// The new bytes are already in place: a ``FileStateStore/load()`` returns them.
        case flushFolder
        /// Opening or reading the state file in ``FileStateStore/load()``.
        case read
        /// ``FileStateStore/load()`` found something other than a regular file at the path
        /// (a folder, a FIFO, a socket, a device; see ``FileStateStoreError/fileType``) and
        /// neither read it nor waited on it. ``FileStateStoreError/errorNumber`` is `EISDIR`
        /// for a folder, `EINVAL` otherwise.
        case notARegularFile
    }

    /// What a path names when it is not a regular file
    /// (``Operation/notARegularFile``).
    public enum FileType: Sendable, Hashable, CustomStringConvertible {
        /// A folder.
        case folder
        /// A FIFO (a named pipe): opening it for reading would wait for a writer.
        case fifo
        /// A Unix domain socket.
        case socket
        /// A character device (`/dev/tty`, `/dev/zero`, ...).
        case characterDevice
        /// A block device (a disk).
        case blockDevice
        /// Another kind of file.
        case other

        /// `a folder`, `a FIFO`, `a socket`, ... (to complete "it is ...").
        public var description: String {
            switch self {
            case .folder: "a folder"
            case .fifo: "a FIFO"
            case .socket: "a socket"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .other: "another kind of file"
            }
        }
    }

    /// The step that failed.
    public let operation: Operation
    /// The file or folder the step failed on.
    public let path: String
    /// The system's error number (`errno`), for example `ENOENT`.
    public let errorNumber: Int32
    /// What the path names, for ``Operation/notARegularFile``; `nil` for the other steps.
    public let fileType: FileType?

    /// Creates an error.
    public init(operation: Operation, path: String, errorNumber: Int32) {
        self.operation = operation
        self.path = path
        self.errorNumber = errorNumber
        fileType = nil
    }

    /// The error of a load that found `fileType` at `path` instead of a regular file:
    /// ``Operation/notARegularFile``, with `EISDIR` for a folder and `EINVAL` otherwise.
    public init(path: String, notARegularFile fileType: FileType) {
        operation = .notARegularFile
        self.path = path
        errorNumber = fileType == .folder ? EISDIR : EINVAL
        self.fileType = fileType
    }

    /// The system's description of ``errorNumber``, such as "No such file or directory".
    public var errorDescription: String {
        guard let text = strerror(errorNumber) else { return "error \(errorNumber)" }
        return String(cString: text)
    }

    /// A sentence for logs naming the step, the path and the system's reason.
    public var description: String {
        if operation == .notARegularFile {
            return "did not read '\(path)': it is \(fileType ?? .other), not a regular file"
        }
        let step =
            switch operation {
            case .resolveSymbolicLink: "could not follow the symbolic links at"
            case .createTemporaryFile: "could not create a temporary file at"
            case .write: "could not write the temporary file"
            case .flushFile: "could not flush the temporary file"
            case .replace: "could not rename the temporary file over"
            case .flushFolder: "saved, but could not flush the folder"
            case .read: "could not read"
            case .notARegularFile: "did not read"
            }
        return "\(step) '\(path)': \(errorDescription) (errno \(errorNumber))"
    }
}
