/// Why ``Router/openURL(_:)`` returned `false`, as published in
/// ``RouterEvent/urlNotHandled(_:reason:)`` and returned by ``URLMatcherGroup/match(_:)``.
///
/// When several groups could have taken the URL, the reason is the furthest any of them
/// got: a wrong path in a group for the right host is ``noMatchingPath(_:)``, not
/// ``unknownHost(_:)``.
///
/// It is `Equatable` for tests: ``mappingFailed(pattern:error:)``'s error compares by its
/// description (`String(describing:)`), since errors in general are not `Equatable`.
public enum URLNotHandledReason: Error, Sendable, Equatable, CustomStringConvertible {
    /// The router's ``InputPolicy`` rejected the URL (too long, control characters), or a
    /// path segment holds a control character once percent-decoded (`%00`, `%0A`, `%1B`:
    /// ``InputError/Kind/urlPathSegment``; refused whatever the policy, by
    /// ``URLMatcherGroup/match(_:)`` too).
    case rejectedInput(InputError)
    /// The route type registers no URLs (`registerURLs()` returned `nil` or no groups).
    case noURLsRegistered
    /// No group accepts the scheme (lowercased; `""` when the URL has none). Groups accept
    /// `http` and `https` unless they name their schemes.
    case unsupportedScheme(String)
    /// No group for the scheme accepts the host (as written in the URL; `""` when none).
    case unknownHost(String)
    /// A group accepts the scheme and host, but none of its patterns matches the path
    /// (given percent-encoded, as in the URL, and as the last such group read it: for a
    /// group that reads the host as the first segment, the host leads the path, so
    /// `myapp://ITEM/1` gives `/ITEM/1`).
    case noMatchingPath(String)
    /// A path segment is not valid percent-encoded UTF-8 (`%C3%28`); given as written.
    case undecodablePathSegment(String)
    /// A pattern matched, but its closure could not convert a parameter; the error names it.
    case parameterConversionFailed(URLParameterError)
    /// A pattern matched, but its closure threw another error.
    case mappingFailed(pattern: String, error: any Error)
    /// The URL mapped to a route, but the navigation failed or was cancelled.
    case navigationFailed(NavigationError)
    /// The URL was held (``Router/holdURLs(expiringAfter:)``) and its time ran out before
    /// ``Router/releaseURLs()``.
    case expired
    /// The URL came while a hold (``Router/holdURLs(expiringAfter:)``) kept `limit` links
    /// waiting already (``InputPolicy/maximumHeldURLs``): it was not held, and the links
    /// held are kept.
    case tooManyHeld(limit: Int)

    /// Compares the cases and their payloads; an `any Error` compares by its description.
    public static func == (lhs: URLNotHandledReason, rhs: URLNotHandledReason) -> Bool {
        switch (lhs, rhs) {
        case (.rejectedInput(let a), .rejectedInput(let b)): a == b
        case (.noURLsRegistered, .noURLsRegistered), (.expired, .expired): true
        case (.unsupportedScheme(let a), .unsupportedScheme(let b)): a == b
        case (.unknownHost(let a), .unknownHost(let b)): a == b
        case (.noMatchingPath(let a), .noMatchingPath(let b)): a == b
        case (.undecodablePathSegment(let a), .undecodablePathSegment(let b)): a == b
        case (.parameterConversionFailed(let a), .parameterConversionFailed(let b)): a == b
        case (.mappingFailed(let a, let x), .mappingFailed(let b, let y)): a == b && "\(x)" == "\(y)"
        case (.navigationFailed(let a), .navigationFailed(let b)): a == b
        case (.tooManyHeld(let a), .tooManyHeld(let b)): a == b
        default: false
        }
    }

    /// A short sentence for logs: the text of the link it quotes is cut to its first
    /// 200 characters, with the full length given.
    public var description: String {
        switch self {
        case .rejectedInput(let error):
            "rejected input: \(error)"
        case .noURLsRegistered:
            "no URLs are registered"
        case .unsupportedScheme(let scheme):
            "unsupported scheme '\(scheme.excerptForLogs)'"
        case .unknownHost(let host):
            "unknown host '\(host.excerptForLogs)'"
        case .noMatchingPath(let path):
            "no pattern matches path '\(path.excerptForLogs)'"
        case .undecodablePathSegment(let segment):
            "path segment '\(segment.excerptForLogs)' is not valid percent-encoded UTF-8"
        case .parameterConversionFailed(let error):
            "parameter conversion failed: \(error)"
        case .mappingFailed(let pattern, let error):
            "the mapping for '\(pattern)' failed: \(error)"
        case .navigationFailed(let error):
            "navigation failed: \(error)"
        case .expired:
            "held until it expired"
        case .tooManyHeld(let limit):
            "not held: the hold keeps \(limit) links already"
        }
    }
}

extension String {
    /// How much of a link's text a log line quotes.
    static let excerptLength = 200

    /// The text for a log line: itself when short, else its first ``excerptLength``
    /// characters followed by how long it is (a 100 kB link makes no 100 kB log line).
    var excerptForLogs: String {
        guard count > Self.excerptLength else { return self }
        return "\(prefix(Self.excerptLength))… (\(count) characters)"
    }
}
