extension URLMatcherGroup {
    /// The `<intent-filter>` elements for an Android manifest's activity, so that the
    /// system hands the group's links to the app: action `VIEW`, categories `DEFAULT` and
    /// `BROWSABLE`, and one `<data android:scheme android:host android:pathPattern/>` per
    /// scheme, host and mapping. Attribute values are XML-escaped; filters come in
    /// declaration order, so the same group always gives the same text.
    ///
    /// ```swift
    /// let filters = group.androidIntentFilters()
    /// // <intent-filter android:autoVerify="true">
    /// //     <action android:name="android.intent.action.VIEW" />
    /// //     <category android:name="android.intent.category.DEFAULT" />
    /// //     <category android:name="android.intent.category.BROWSABLE" />
    /// //     <data android:scheme="https" android:host="store.example.com" android:pathPattern="/orders/.*" />
    /// // </intent-filter>
    /// ```
    ///
    /// - A group's `http` and `https` mappings share one filter with
    ///   `android:autoVerify="true"` (verified app links; serve `assetlinks.json`); its
    ///   custom schemes another, without it (Android verifies web links only). Android joins
    ///   a filter's schemes, hosts and paths in every combination, which is what a group
    ///   accepts.
    /// - A group that reads the host from the path (`myapp://user/5`) gets a filter per
    ///   mapping, the pattern's first segment as the host; a mapping whose first segment is
    ///   a parameter (partial or not) or `*`, or that has none, is left out (``androidIntentFilterGaps``).
    /// - In `android:pathPattern`, a parameter or `*` is `.*`, which also matches `/`: a
    ///   filter may take more paths than the mappings (``Router/openURL(_:)`` answers `false`
    ///   for them). Literal `.`, `*` and `\` are escaped.
    ///
    /// - Returns: The filters, one after the other (no enclosing element); empty when no
    ///   mapping can be expressed.
    public func androidIntentFilters() -> String {
        var filters: [String] = []
        let mappings = associationMappings
        for (group, matcher) in groups.enumerated() {
            let web = matcher.schemes.filter { URLGroup.webSchemes.contains($0) }.sorted()
            let custom = matcher.schemes.filter { !URLGroup.webSchemes.contains($0) }.sorted()
            let own = mappings.filter { $0.group == group }
            if let hosts = matcher.hosts {
                let paths = own.map { AssociationPath(segments: $0.segments[...]) }
                for (schemes, verified) in [(web, true), (custom, false)] where !schemes.isEmpty && !paths.isEmpty {
                    var data: [String] = []
                    for scheme in schemes {
                        for host in hosts.sorted() {
                            data += paths.map { Self.data(scheme: scheme, host: host, path: $0) }
                        }
                    }
                    if !data.isEmpty { filters.append(Self.filter(verified: verified, data)) }
                }
            } else {
                for mapping in own where Self.androidHostGap(of: mapping) == nil {
                    guard case .literal(let host) = mapping.segments.first else { continue }
                    let rest = mapping.segments.dropFirst()
                    let path = rest.isEmpty ? nil : AssociationPath(segments: rest)
                    for (schemes, verified) in [(web, true), (custom, false)] where !schemes.isEmpty {
                        filters.append(
                            Self.filter(
                                verified: verified, schemes.map { Self.data(scheme: $0, host: host, path: path) }))
                    }
                }
            }
        }
        return filters.joined(separator: "\n")
    }

    /// The mappings ``androidIntentFilters()`` cannot express, in declaration order: in a
    /// group that reads the host from the path, those whose first segment is a parameter or
    /// `*` (``AssociationFileGap/Reason/wildcardHost``) or that have no segment; in a group
    /// with an empty host list, all.
    public var androidIntentFilterGaps: [AssociationFileGap] {
        associationMappings.compactMap { mapping in
            Self.androidHostGap(of: mapping).map {
                AssociationFileGap(mapping: mapping.index, pattern: mapping.pattern, reason: $0)
            }
        }
    }

    private static func androidHostGap(of mapping: AssociationMapping<Route>) -> AssociationFileGap.Reason? {
        if let hosts = mapping.matcher.hosts {
            return hosts.isEmpty ? .noHost : nil
        }
        switch mapping.segments.first {
        case nil: return .noHost
        case .literal: return nil
        case .capture, .partialCapture, .skip, .optionalCapture, .rest, .restCapture: return .wildcardHost
        }
    }

    private static func filter(verified: Bool, _ data: [String]) -> String {
        var lines = [verified ? #"<intent-filter android:autoVerify="true">"# : "<intent-filter>"]
        lines.append(#"    <action android:name="android.intent.action.VIEW" />"#)
        lines.append(#"    <category android:name="android.intent.category.DEFAULT" />"#)
        lines.append(#"    <category android:name="android.intent.category.BROWSABLE" />"#)
        lines += data.map { "    " + $0 }
        lines.append("</intent-filter>")
        return lines.joined(separator: "\n")
    }

    private static func data(scheme: String, host: String, path: AssociationPath?) -> String {
        var attributes = #"android:scheme="\#(xmlEscaped(scheme))" android:host="\#(xmlEscaped(host))""#
        if let path {
            attributes += #" android:pathPattern="\#(xmlEscaped(pathPattern(path)))""#
        }
        return "<data \(attributes) />"
    }

    /// The `android:pathPattern` of `path`, before XML escaping: Android reads `\\` as an
    /// escape once the XML is read, so a literal `.` is written `\\.`.
    static func pathPattern(_ path: AssociationPath) -> String {
        var pattern = String.UnicodeScalarView()
        for token in path.tokens {
            switch token {
            case .segment:
                pattern += ".*".unicodeScalars
            case .scalar(let scalar) where scalar == "." || scalar == "*" || scalar == "\\":
                pattern += "\\\\".unicodeScalars
                pattern.append(scalar)
            case .scalar(let scalar):
                pattern.append(scalar)
            }
        }
        return String(pattern)
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` as XML entities, read by Unicode scalar (a
    /// `"` followed by a combining mark is still a quote to an XML reader).
    static func xmlEscaped(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;".unicodeScalars
            case "<": escaped += "&lt;".unicodeScalars
            case ">": escaped += "&gt;".unicodeScalars
            case "\"": escaped += "&quot;".unicodeScalars
            case "'": escaped += "&apos;".unicodeScalars
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
