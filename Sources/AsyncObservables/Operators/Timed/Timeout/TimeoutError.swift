/// The error of a sequence that waited too long for an element.
public struct TimeoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Creates the error.
    public init() {}

    /// A sentence for logs.
    public var description: String { "No element arrived within the timeout." }
}
