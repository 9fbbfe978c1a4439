/// The limits untrusted input must stay within: paths typed by a user, restored from disk,
/// or taken from a deep link. One place documents and enforces them all.
///
/// | limit | default | applies to |
/// |---|---|---|
/// | ``maximumPathLength`` | 4,096 UTF-8 bytes | a path given to `navigate` (before and after resolution), a restored path |
/// | ``maximumSegmentCount`` | 256 | a resolved path |
/// | ``maximumURLLength`` | 8,192 UTF-8 bytes | a URL given to `openURL` |
/// | control characters | rejected | paths, URLs, each decoded URL path segment, and each percent-decoded segment of a restored route's path: U+0000–U+001F, U+007F–U+009F (NUL, newlines, escapes, ...) |
/// | ``maximumHistoryEntries`` | 1,000 | a navigator's history (back, current and forward entries) and a router's stack: a push beyond it drops the oldest entry; a restored state holding more (in its history, or in any one stack) is rejected, counted before its entries are decoded |
/// | ``maximumStateBytes`` | 4 MiB | the saved state a navigator or router restores: larger data is rejected before it is decoded |
/// | ``maximumHeldURLs`` | 1,000 | the deep links a router's hold keeps waiting (``Router/holdURLs(expiringAfter:)``): one more is refused at once, ``URLNotHandledReason/tooManyHeld(limit:)`` |
///
/// Percent-encoding is not decoded in paths (a path is not a URL); in deep links it is
/// decoded exactly once per segment, after splitting, and each decoded segment is checked
/// again for control characters (``check(decodedSegment:)``), so `%00`, `%0A` or `%1B`
/// never reach a route. A deep link only ever reaches the routes its URL patterns map,
/// never an arbitrary path.
///
/// A route restored from disk is checked the same way (``check(restoredRoutePath:)``): its
/// ``RouteProvider/path`` as a path, then each of its segments once percent-decoded, since
/// the default `path` percent-encodes the route's values: a saved `.label("\u{1B}[2J")`
/// (path `/label/%1B%5B2J`) is refused like a link holding `%1B`.
///
/// ```swift
/// let navigator = Navigator(initialPath: "/", policy: InputPolicy(maximumPathLength: 512))
/// try navigator.navigate(checked: userTypedPath)   // throws InputError, changes nothing
/// navigator.navigate(userTypedPath)                // returns nil for rejected input
/// ```
public struct InputPolicy: Sendable, Hashable {
    /// The longest path accepted, in UTF-8 bytes.
    public var maximumPathLength: Int
    /// The most segments a resolved path may have.
    public var maximumSegmentCount: Int
    /// The longest URL accepted, in UTF-8 bytes.
    public var maximumURLLength: Int
    /// The most entries a navigator's history (back, current and forward) or a router's
    /// stack keeps: a push beyond it drops the oldest entry, and a restored state holding
    /// more is rejected, counted from the saved arrays before any entry is decoded (so a
    /// raised ``maximumStateBytes`` does not let a huge saved stack be decoded). Values
    /// below 1 count as 1.
    public var maximumHistoryEntries: Int
    /// The largest saved state, in bytes, that a navigator or router restores; larger data
    /// is rejected before it is decoded.
    public var maximumStateBytes: Int
    /// The most deep links a hold (``Router/holdURLs(expiringAfter:)``, and those of
    /// ``TabRouter`` and ``SplitRouter``) keeps waiting at once: past it, `openURL` returns
    /// `false` at once and publishes ``URLNotHandledReason/tooManyHeld(limit:)``, and the
    /// links already held are kept. Read when the hold begins (or is renewed). Each held
    /// link keeps its URL, its match and a suspended task; a link source that floods the app
    /// while it holds (a malicious page opening links in a loop) is bounded by this. Values
    /// below 0 count as 0 (every link refused while holding).
    public var maximumHeldURLs: Int

    /// A policy with the given limits (the defaults are the table's).
    public init(
        maximumPathLength: Int = 4_096,
        maximumSegmentCount: Int = 256,
        maximumURLLength: Int = 8_192,
        maximumHistoryEntries: Int = 1_000,
        maximumStateBytes: Int = 4 * 1_024 * 1_024,
        maximumHeldURLs: Int = 1_000
    ) {
        self.maximumPathLength = maximumPathLength
        self.maximumSegmentCount = maximumSegmentCount
        self.maximumURLLength = maximumURLLength
        self.maximumHistoryEntries = maximumHistoryEntries
        self.maximumStateBytes = maximumStateBytes
        self.maximumHeldURLs = maximumHeldURLs
    }

    /// The default limits.
    public static let standard = InputPolicy()

    /// Checks a path as given (before resolution): its length and characters.
    /// - Throws: ``InputError``.
    public func check(path: String) throws(InputError) {
        try Self.checkLength(of: path, limit: maximumPathLength, kind: .path)
        try Self.checkCharacters(of: path, kind: .path)
    }

    /// Checks a resolved, normalised path: its length and segment count.
    /// - Throws: ``InputError``.
    public func check(resolvedPath path: String) throws(InputError) {
        try Self.checkLength(of: path, limit: maximumPathLength, kind: .path)
        var slashes = 0
        for byte in path.utf8 where byte == UInt8(ascii: "/") {
            slashes += 1
        }
        let segments = path == "/" ? 0 : slashes
        guard segments <= maximumSegmentCount else {
            throw .tooManySegments(count: segments, limit: maximumSegmentCount)
        }
    }

    /// Checks an absolute path as ``check(path:)`` does and, when it is already normalised,
    /// as ``check(resolvedPath:)`` does too, in one pass over its bytes (the navigator's
    /// common case: an absolute, normalised path).
    /// - Returns: Whether the path is normalised, and so wholly checked; when `false`, check
    ///   its normalised form with ``check(resolvedPath:)``.
    /// - Throws: ``InputError``.
    package func checkAbsolute(path: String) throws(InputError) -> Bool {
        try Self.checkLength(of: path, limit: maximumPathLength, kind: .path)
        var previous: UInt8 = 0
        var scan = PathBytes.NormalizationScan()
        for byte in path.utf8 {
            if PathBytes.endsControlCharacter(byte, after: previous) {
                try Self.reportControlCharacter(in: path, kind: .path)
            }
            scan.read(byte)
            previous = byte
        }
        guard scan.isNormalized else { return false }
        let segments = path.utf8.count == 1 ? 0 : scan.slashes
        guard segments <= maximumSegmentCount else {
            throw .tooManySegments(count: segments, limit: maximumSegmentCount)
        }
        return true
    }

    /// Checks a URL string: its length and characters.
    /// - Throws: ``InputError``.
    public func check(url: String) throws(InputError) {
        try Self.checkLength(of: url, limit: maximumURLLength, kind: .url)
        try Self.checkCharacters(of: url, kind: .url)
    }

    /// Checks one percent-decoded URL path segment for control characters (`%00`, `%0A`,
    /// `%1B`, `%C2%85` once decoded), in one pass over its bytes.
    ///
    /// The check does not depend on the policy's limits: ``URLMatcherGroup/match(_:)``
    /// applies it to every decoded segment whatever the router's policy, and
    /// ``MatchedURL/query(_:as:)`` to query values.
    /// - Throws: ``InputError/controlCharacter(_:scalar:offset:)`` of kind
    ///   ``InputError/Kind/urlPathSegment``, the offset counted in the decoded segment.
    public func check(decodedSegment segment: String) throws(InputError) {
        try Self.checkCharacters(of: segment, kind: .urlPathSegment)
    }

    /// Checks the ``RouteProvider/path`` of a route restored from disk: as a path
    /// (``check(path:)``: its length and characters), then each of its segments, `/` to `/`,
    /// with every `%XX` escape decoded (a `%` not followed by two hex digits is kept as it
    /// is), for control characters. So a route value that the default `path` percent-encodes
    /// is checked as it was saved, before encoding, as a deep link's decoded segments are.
    ///
    /// The check sees only what the path shows: a route value left out of a custom `path` is
    /// not checked.
    /// - Throws: ``InputError``: of kind ``InputError/Kind/path`` for the path as it is,
    ///   ``InputError/Kind/routePathSegment`` for a decoded segment (the offset counted in
    ///   that segment, in Unicode scalars).
    public func check(restoredRoutePath path: String) throws(InputError) {
        try check(path: path)
        let percent = UInt8(ascii: "%")
        guard path.utf8.contains(percent) else { return }
        for segment in path.utf8.split(separator: UInt8(ascii: "/")) where segment.contains(percent) {
            let decoded = Self.decodingEscapes(in: segment)
            guard PathBytes.containsControlCharacter(decoded) else { continue }
            let text = String(decoding: decoded, as: UTF8.self)
            let (scalar, offset) = PathBytes.firstControlCharacter(in: text) ?? (0, 0)
            throw .controlCharacter(.routePathSegment, scalar: scalar, offset: offset)
        }
    }

    /// `bytes` with each `%XX` (two hex digits) replaced by the byte `XX`; any other byte,
    /// a malformed `%` included, is kept.
    private static func decodingEscapes(in bytes: Substring.UTF8View) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            if byte == UInt8(ascii: "%"), index < bytes.endIndex, let high = PathBytes.hexValue(bytes[index]) {
                let next = bytes.index(after: index)
                if next < bytes.endIndex, let low = PathBytes.hexValue(bytes[next]) {
                    output.append(high << 4 | low)
                    index = bytes.index(after: next)
                    continue
                }
            }
            output.append(byte)
        }
        return output
    }

    private static func checkLength(of text: String, limit: Int, kind: InputError.Kind) throws(InputError) {
        let length = text.utf8.count
        guard length <= limit else { throw .tooLong(kind, length: length, limit: limit) }
    }

    private static func checkCharacters(of text: String, kind: InputError.Kind) throws(InputError) {
        // Control characters as `PathBytes` counts them, in one pass over the bytes; scalars
        // are only counted to report a failure.
        var text = text
        let isClean = text.withUTF8 { bytes in
            // The usual case, printable ASCII: one test a byte.
            bytes.allSatisfy { $0 &- 0x20 < 0x5F }
        }
        if isClean { return }
        if PathBytes.containsControlCharacter(text.utf8) {
            try reportControlCharacter(in: text, kind: kind)
        }
    }

    private static func reportControlCharacter(in text: String, kind: InputError.Kind) throws(InputError) {
        if let (scalar, offset) = PathBytes.firstControlCharacter(in: text) {
            throw .controlCharacter(kind, scalar: scalar, offset: offset)
        }
    }
}

/// Why input was rejected by an ``InputPolicy``.
public enum InputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being checked.
    public enum Kind: String, Sendable, Hashable {
        /// A path (given to a navigator or restored), or a URL (given to a router).
        case path, url
        /// One path segment of a deep link, after percent-decoding.
        case urlPathSegment = "decoded URL path segment"
        /// One segment of the ``RouteProvider/path`` of a route restored from disk, after
        /// percent-decoding (``InputPolicy/check(restoredRoutePath:)``).
        case routePathSegment = "decoded route path segment"
    }

    /// Longer than the policy allows (lengths in UTF-8 bytes).
    case tooLong(Kind, length: Int, limit: Int)
    /// More segments than the policy allows.
    case tooManySegments(count: Int, limit: Int)
    /// A control character (NUL, newline, escape, ...) at the given scalar offset.
    case controlCharacter(Kind, scalar: UInt32, offset: Int)

    /// A sentence for logs naming the limit that was passed.
    public var description: String {
        switch self {
        case .tooLong(let kind, let length, let limit):
            "The \(kind.rawValue) is \(length) bytes long; the limit is \(limit)."
        case .tooManySegments(let count, let limit):
            "The path has \(count) segments; the limit is \(limit)."
        case .controlCharacter(let kind, let scalar, let offset):
            "The \(kind.rawValue) holds control character U+\(String(scalar, radix: 16, uppercase: true)) at offset \(offset)."
        }
    }
}
