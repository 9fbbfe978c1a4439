/// Why ``URLMatcherGroup/appleAppSiteAssociation(appIDs:forHost:)`` made no file.
public enum AssociationFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No app ID was given: a file names at least one app.
    case noAppIDs
    /// An app ID is not `TEAMID.bundle.id`: empty, or holding whitespace, a control
    /// character or a `"`; given as passed.
    case malformedAppID(String)
    /// The JSON could not be written (Foundation's error, described).
    case encodingFailed(String)
    /// The file would be larger than the system reads
    /// (``ServedAssociationFileError/maximumFileSize``): it would ignore the file. Serve one
    /// file per host (`forHost`), or map fewer patterns.
    case fileTooLarge(size: Int, limit: Int)

    /// A short sentence for logs.
    public var description: String {
        switch self {
        case .noAppIDs: "no app IDs were given"
        case .malformedAppID(let id): "'\(id)' is not an app ID (TEAMID.bundle.id)"
        case .encodingFailed(let error): "the JSON could not be written: \(error)"
        case .fileTooLarge(let size, let limit): "the file would be \(size) bytes; the system reads at most \(limit)"
        }
    }
}
