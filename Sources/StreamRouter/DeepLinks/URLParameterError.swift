/// Why ``MatchedURL/param(_:as:)`` could not give a parameter: the mapping closure that
/// called it fails, ``Router/openURL(_:)`` returns `false`, and the router publishes
/// ``URLNotHandledReason/parameterConversionFailed(_:)`` with this error, which names the
/// parameter.
public struct URLParameterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The pattern has no parameter of that name.
        case missing
        /// The text could not be converted to the requested type.
        case conversionFailed
    }

    /// The parameter name, as written between braces in the pattern.
    public let name: String
    /// The decoded text of the parameter, `nil` when it is missing.
    public let value: String?
    /// The type the text was to be converted to, such as `"Int"`.
    public let type: String
    /// What went wrong.
    public let reason: Reason

    /// Creates an error.
    public init(name: String, value: String?, type: String, reason: Reason) {
        self.name = name
        self.value = value
        self.type = type
        self.reason = reason
    }

    /// A sentence for logs naming the parameter.
    public var description: String {
        switch reason {
        case .missing:
            "URL parameter '\(name)' is not in the pattern."
        case .conversionFailed:
            "URL parameter '\(name)' ('\(value ?? "")') is not a valid \(type)."
        }
    }
}
