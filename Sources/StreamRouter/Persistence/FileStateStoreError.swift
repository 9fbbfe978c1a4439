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
    }

    /// The step that failed.
    public let operation: Operation
    /// The file or folder the step failed on.
    public let path: String
    /// The system's error number (`errno`), for example `ENOENT`.
    public let errorNumber: Int32

    /// Creates an error.
    public init(operation: Operation, path: String, errorNumber: Int32) {
        self.operation = operation
        self.path = path
        self.errorNumber = errorNumber
    }

    /// The system's description of ``errorNumber``, such as "No such file or directory".
    public var errorDescription: String {
        guard let text = strerror(errorNumber) else { return "error \(errorNumber)" }
        return String(cString: text)
    }

    /// A sentence for logs naming the step, the path and the system's reason.
    public var description: String {
        let step =
            switch operation {
            case .resolveSymbolicLink: "could not follow the symbolic links at"
            case .createTemporaryFile: "could not create a temporary file at"
            case .write: "could not write the temporary file"
            case .flushFile: "could not flush the temporary file"
            case .replace: "could not rename the temporary file over"
            case .flushFolder: "saved, but could not flush the folder"
            case .read: "could not read"
            }
        return "\(step) '\(path)': \(errorDescription) (errno \(errorNumber))"
    }
}
