import Foundation

/// What a mapping closure receives when its URL pattern matched (`$0` in
/// `$0.map("user/{id}/profile") { try .profile(id: $0.param("id")) }`).
///
/// ```swift
/// $0.map("products/{category}/view") {
///     try .products(category: $0.param("category"), page: $0.query("page") ?? 1)
/// }
/// ```
///
/// > Note: Parameter values are decoded exactly once and may hold any text, including
/// > `/` (from `%2F`) or `..` (from `%2e%2e`): validate them before using them in a file
/// > path or another URL.
public struct MatchedURL: Sendable {
    /// The URL exactly as opened, query and fragment included.
    public let rawURL: URL
    /// The pattern text of the mapping that matched, as registered.
    public let pattern: String
    /// The names of the `{name}` parameters, and what each took (percent-decoded), in the
    /// same order: rather than a dictionary, since a pattern has few names and a match
    /// should not hash them (``param(_:as:)`` scans the names).
    let names: [String]
    let values: [String]

    /// The `{name}` parameters, percent-decoded, by name.
    ///
    /// Built when read (a match keeps its values in the pattern's order, which
    /// ``param(_:as:)`` reads without hashing): read it once rather than per parameter.
    public var parameters: [String: String] {
        var parameters: [String: String] = [:]
        for (name, value) in zip(names, values) where parameters[name] == nil {
            parameters[name] = value
        }
        return parameters
    }

    /// Creates a match (for tests of mapping closures).
    public init(rawURL: URL, pattern: String, parameters: [String: String]) {
        self.init(
            rawURL: rawURL, pattern: pattern, names: Array(parameters.keys),
            values: Array(parameters.values))
    }

    /// A match whose parameter `names[i]` took `values[i]`.
    init(rawURL: URL, pattern: String, names: [String], values: [String]) {
        self.rawURL = rawURL
        self.pattern = pattern
        self.names = names
        self.values = values
    }

    /// What the parameter `name` took, if the pattern has it.
    @usableFromInline
    func _value(of name: String) -> String? {
        for index in names.indices where names[index] == name && index < values.count {
            return values[index]
        }
        return nil
    }

    /// The parameter `name`, converted with `T(_:)`, as routing-kit's `Parameters.get(_:as:)`.
    ///
    /// - Parameters:
    ///   - name: The name between braces in the pattern.
    ///   - type: The type to convert to; usually inferred.
    /// - Throws: ``URLParameterError`` naming the parameter when the pattern has no such
    ///   parameter or the text does not convert (`"abc"` as `Int`).
    ///
    /// > Note: Inlinable, so that the conversion is compiled for `T` in the mapping closure.
    @inlinable
    public func param<T: LosslessStringConvertible>(
        _ name: String,
        as type: T.Type = T.self
    ) throws(URLParameterError) -> T {
        guard let text = _value(of: name) else {
            throw URLParameterError(name: name, value: nil, type: "\(T.self)", reason: .missing)
        }
        guard let value = Self._converted(text, to: T.self) else {
            throw URLParameterError(name: name, value: text, type: "\(T.self)", reason: .conversionFailed)
        }
        return value
    }

    /// `T(text)`, or `nil` for text `Character`'s initialiser would trap on (not exactly one
    /// character): a link's text is untrusted.
    @inlinable
    static func _converted<T: LosslessStringConvertible>(_ text: String, to type: T.Type) -> T? {
        if T.self == Character.self, text.count != 1 { return nil }
        return T(text)
    }

    /// The query items of ``rawURL``, in order, decoded. Parsed when read, so a huge query
    /// costs nothing unless a mapping looks at it.
    ///
    /// > Note: The items are decoded as written and not checked: a name or value may hold
    /// > control characters (`?q=%0A`). Prefer ``query(_:as:)``, which refuses them, or check
    /// > values with ``InputPolicy/check(decodedSegment:)``.
    public var queryItems: [URLQueryItem] {
        URLComponents(url: rawURL, resolvingAgainstBaseURL: false)?.queryItems ?? []
    }

    /// The value of the first query item called `name`, converted with `T(_:)`.
    ///
    /// - Parameters:
    ///   - name: The query item name (case-sensitive).
    ///   - type: The type to convert to; usually inferred.
    /// - Returns: The value, or `nil` when the item is absent, has no value, holds a control
    ///   character once decoded (`%00`, `%0A`, `%1B`, as path segments may not), or does
    ///   not convert.
    public func query<T: LosslessStringConvertible>(_ name: String, as type: T.Type = T.self) -> T? {
        guard let text = queryItems.first(where: { $0.name == name })?.value,
            !PathBytes.containsControlCharacter(text.utf8)
        else { return nil }
        return Self._converted(text, to: T.self)
    }
}
