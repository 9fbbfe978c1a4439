/// Why a served `apple-app-site-association` file could not be read: the
/// ``AppleAppSiteAssociationCoverage/unreadable`` of
/// ``URLMatcherGroup/uncoveredMappings(inAppleAppSiteAssociation:)``'s answer. An unreadable
/// file covers nothing.
///
/// The file is input the app does not control, so it is read strictly: a key of the wrong
/// type is an error, never a default (a component whose `"/"` is a number does not read as
/// `"*"`), a file larger than ``maximumFileSize`` is refused before it is parsed, and a path
/// pattern longer than ``maximumPathLength`` is refused before it is compared with anything.
/// With both bounds, a check of a served file takes a time bounded by the file's size times
/// the number of mappings, however the file is written. The check of the paths a file claims
/// in vain (``URLMatcherGroup/overclaimedPaths(inAppleAppSiteAssociation:host:)``) compares
/// the file's components with paths made from the file itself, so it stops after
/// ``maximumCheckSteps`` comparisons instead.
///
/// ```swift
/// let coverage = group.uncoveredMappings(inAppleAppSiteAssociation: Data(#"{"applinks":{}}"#.utf8))
/// coverage.unreadable  // .missingDetails
/// ```
public enum ServedAssociationFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The longest path pattern read, in UTF-8 bytes: 8,192, the standard
    /// ``InputPolicy/maximumURLLength`` (a router opens no longer URL).
    public static let maximumPathLength = 8_192

    /// The largest file read, in bytes: 131,072 (128 KB), the largest the system accepts (it
    /// ignores a larger file, so no link of it opens the app).
    public static let maximumFileSize = 131_072

    /// The most steps (one scalar of a path compared with one of a component's pattern) that
    /// ``URLMatcherGroup/overclaimedPaths(inAppleAppSiteAssociation:host:)`` takes: 10
    /// million, a fraction of a second, where a real file takes a few thousand.
    public static let maximumCheckSteps = 10_000_000

    /// The file is larger than ``maximumFileSize`` bytes.
    case fileTooLarge(size: Int, limit: Int)
    /// The bytes are not JSON (Foundation's error, described).
    case notJSON(String)
    /// The JSON has no `applinks.details` array.
    case missingDetails
    /// A value of the wrong type, at a key path such as
    /// `applinks.details[0].components[2]["/"]`, with what it should be (`"a string"`).
    case wrongType(at: String, expected: String)
    /// A path pattern (a component's `"/"`, or an entry of the older `paths` form) longer than
    /// ``maximumPathLength`` UTF-8 bytes, at a key path as in ``wrongType(at:expected:)``.
    case pathTooLong(at: String, length: Int, limit: Int)
    /// Comparing the file's components with the paths made from it would take more than
    /// `steps` steps (see ``maximumCheckSteps``): patterns written to make the check slow.
    case tooCostlyToCheck(steps: Int)

    /// A short sentence for logs.
    public var description: String {
        switch self {
        case .fileTooLarge(let size, let limit):
            "the file is \(size) bytes; the system reads at most \(limit)"
        case .notJSON(let error): "not JSON: \(error)"
        case .missingDetails: "no applinks.details array"
        case .wrongType(let location, let expected): "\(location) is not \(expected)"
        case .pathTooLong(let location, let length, let limit):
            "\(location) is \(length) bytes long; the limit is \(limit)"
        case .tooCostlyToCheck(let steps): "checking the paths it claims would take more than \(steps) steps"
        }
    }
}
