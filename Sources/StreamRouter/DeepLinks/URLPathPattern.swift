/// The text of a URL path pattern, as ``URLPathMapper``'s `map` and `mapStack` take it:
/// literal segments, `{name}` parameters (with an optional literal prefix and suffix,
/// `@{handle}`) and `*`.
///
/// Written as a string literal, interpolations included, exactly as a `String` would be:
///
/// ```swift
/// $0.map("user/{id}/profile") { try .profile(id: $0.param("id")) }
/// for index in 0..<sections.count {
///     $0.map("section\(index)/{id}/view") { try .section(index, id: $0.param("id")) }
/// }
/// ```
///
/// A literal is kept where the compiler put it, and an interpolated text of up to
/// 63 bytes is kept in the value itself: registering a mapping makes no
/// `String` (two allocations for an interpolated one), which is what an app's launch from
/// a link pays for each of its mappings (the `open-url` cold-start row). A longer text, or
/// one made with ``init(_:)``, is kept as a `String`. An interpolation writes what a
/// `String` interpolation would (`\(value)` as `String(describing: value)`), so the text is
/// the same either way; ``text`` gives it back.
public struct URLPathPattern: Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// Where the text is.
    @usableFromInline
    enum _Storage: Sendable {
        /// A literal with no interpolation, where the compiler put it.
        case literal(StaticString)
        /// An interpolated text that fits in the value.
        case inline(_InlineText)
        /// Any other text.
        case text(String)
    }

    @usableFromInline let _storage: _Storage

    /// A pattern held in a `String` (read from a file, or built elsewhere).
    ///
    /// - Parameter text: The pattern text, checked when it is mapped.
    public init(_ text: String) {
        _storage = .text(text)
    }

    /// A literal pattern.
    public init(stringLiteral literal: StaticString) {
        _storage = .literal(literal)
    }

    /// An interpolated pattern.
    public init(stringInterpolation interpolation: StringInterpolation) {
        _storage = interpolation.overflow.map { .text($0) } ?? .inline(interpolation.inline)
    }

    /// The pattern text.
    public var text: String {
        switch _storage {
        case .literal(let literal): literal.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        case .inline(let inline): inline.withBytes { String(decoding: $0, as: UTF8.self) }
        case .text(let text): text
        }
    }

    /// The pattern text.
    public var description: String { text }

    /// `body` on the pattern's UTF-8, in place (a copy made contiguous for a bridged string).
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch _storage {
        case .literal(let literal):
            return literal.withUTF8Buffer(body)
        case .inline(let inline):
            return inline.withBytes(body)
        case .text(let text):
            if let result = text.utf8.withContiguousStorageIfAvailable(body) {
                return result
            }
            var copy = text
            return copy.withUTF8(body)
        }
    }

    /// Builds an interpolated pattern: the literal parts and each value's text, in the value
    /// while they fit.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        /// The text so far, while it fits.
        var inline = _InlineText()
        /// The text so far, once it no longer fits in ``inline``.
        var overflow: String?

        /// An empty text (the capacities are hints, unused: the value holds what fits).
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Appends a literal part.
        public mutating func appendLiteral(_ literal: StaticString) {
            literal.withUTF8Buffer { append($0) }
        }

        /// Appends an integer's decimal digits, as `String(value)` writes them.
        public mutating func appendInterpolation(_ value: Int) {
            if overflow == nil, inline.append(decimal: value) { return }
            appendInterpolation(String(value))
        }

        /// Appends a string.
        public mutating func appendInterpolation(_ value: String) {
            var value = value
            value.withUTF8 { append($0) }
        }

        /// Appends any value's text, as a `String` interpolation writes it
        /// (`String(describing: value)`).
        public mutating func appendInterpolation<Value>(_ value: Value) {
            appendInterpolation(String(describing: value))
        }

        private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            if overflow == nil, inline.append(bytes) { return }
            if overflow == nil {
                overflow = inline.withBytes { String(decoding: $0, as: UTF8.self) }
            }
            overflow?.append(String(decoding: bytes, as: UTF8.self))
        }
    }
}

/// Up to ``capacity`` bytes of text, in the value: the interpolated patterns of
/// ``URLPathPattern``.
@usableFromInline
struct _InlineText: Sendable {
    /// The bytes this value holds at most.
    static let capacity = 63

    /// The bytes, from the first; those past ``count`` are zero.
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    /// How many bytes of ``storage`` are text.
    private var count: UInt8 = 0

    init() {}

    /// Appends `bytes` when they fit; otherwise changes nothing and returns `false`.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(count)
        guard bytes.count <= Self.capacity - start else { return false }
        withUnsafeMutableBytes(of: &storage) { storage in
            UnsafeMutableRawBufferPointer(rebasing: storage[start...]).copyMemory(from: UnsafeRawBufferPointer(bytes))
        }
        count += UInt8(bytes.count)
        return true
    }

    /// `body` on the bytes held.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let count = Int(count)
        return withUnsafeBytes(of: storage) { raw in
            raw.withMemoryRebound(to: UInt8.self) { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
        }
    }

    /// Appends the decimal digits of `value` (with a `-` when negative) when they fit;
    /// otherwise changes nothing and returns `false`. Writes them in place, last digit first:
    /// no string.
    mutating func append(decimal value: Int) -> Bool {
        var digitCount = 1
        var rest = value.magnitude / 10
        while rest != 0 {
            digitCount += 1
            rest /= 10
        }
        let start = Int(count)
        let length = digitCount + (value < 0 ? 1 : 0)
        guard length <= Self.capacity - start else { return false }
        withUnsafeMutableBytes(of: &storage) { storage in
            var magnitude = value.magnitude
            var index = start + length
            repeat {
                index -= 1
                storage[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude != 0
            if value < 0 { storage[start] = UInt8(ascii: "-") }
        }
        count += UInt8(length)
        return true
    }
}
