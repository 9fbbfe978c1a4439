import AsyncObservables

/// The default ``RouteProvider/path``: `/<case name>/<each associated value>` for an enum
/// case, `/<description>` otherwise, each segment percent-encoded with
/// ``PercentEncoding/canonical(_:)``; a value is written as `String(describing:)` writes it.
///
/// One `Mirror` per route, over the route itself (its case name and payload), and none over
/// the payload when it is an `Int`, a `String` or a pair of them: on Linux, each reflection
/// of an enum decodes its payload's type from its mangled name, and a second `Mirror` over
/// a tuple payload cost as much again. Segments are encoded straight into one buffer, and
/// integers written as digits, without a string each.
///
/// Each type whose default path is computed is remembered (``usesDefaultPath(_:)``), so that
/// the entries of its later routes compute their paths only when read (see
/// ``_RouteStackEntry``).
@usableFromInline
enum _DefaultRoutePath {
    /// The default path of `route`.
    static func path<Route: RouteProvider>(of route: Route) -> String {
        defaultPathTypes.withLock { _ = $0.insert(ObjectIdentifier(Route.self)) }
        let mirror = Mirror(reflecting: route)
        var path = Builder()
        guard mirror.displayStyle == .enum, let payload = mirror.children.first, let name = payload.label else {
            path.appendSegment(describing: route)
            return path.string
        }
        path.appendSegment(name)
        path.appendPayload(payload.value)
        return path.string
    }

    /// The route types whose `path` is this default, as learned from their first call.
    private static let defaultPathTypes = _Locked<Set<ObjectIdentifier>>([])

    /// Whether `type`'s ``RouteProvider/path`` is known to be the default (it was computed
    /// here for a route of that type): a type declaring `path` never reaches this code.
    @usableFromInline
    static func usesDefaultPath(_ type: any RouteProvider.Type) -> Bool {
        defaultPathTypes.withLock { $0.contains(ObjectIdentifier(type)) }
    }

    /// What is known of a payload type without reflecting over each value: whether it is a
    /// pair of `Int`s and `String`s (elements 0 and 1), or something else.
    enum PayloadShape: Sendable {
        case pair(PairElement, PairElement)
        case other
    }

    enum PairElement: Sendable {
        case int, string
    }

    /// Payload types seen so far, by type: a fact about a type, never about a value.
    private static let shapes = _Locked<[ObjectIdentifier: PayloadShape]>([:])

    /// The shape of `payload`'s type, learned from its first value.
    ///
    /// A tuple type is a pair of `Int`s and `String`s when its elements' dynamic types are
    /// those and its size is theirs: an element declared `Any`, optional or existential
    /// would make the tuple larger, so its later values cannot hold anything else.
    static func shape(of payload: Any) -> PayloadShape {
        let type = type(of: payload)
        let key = ObjectIdentifier(type)
        if let known = shapes.withLock({ $0[key] }) {
            return known
        }
        let shape = learnShape(of: payload, type: type)
        shapes.withLock { $0[key] = shape }
        return shape
    }

    private static func learnShape(of payload: Any, type: Any.Type) -> PayloadShape {
        let mirror = Mirror(reflecting: payload)
        guard mirror.displayStyle == .tuple else { return .other }
        let elements = mirror.children.map { child -> PairElement? in
            switch Swift.type(of: child.value) {
            case is Int.Type: .int
            case is String.Type: .string
            default: nil
            }
        }
        guard elements.count == 2, let first = elements[0], let second = elements[1] else { return .other }
        func size(_ element: PairElement) -> Int {
            element == .int ? MemoryLayout<Int>.stride : MemoryLayout<String>.stride
        }
        func layoutSize<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        guard _openExistential(type, do: layoutSize) == size(first) + size(second) else { return .other }
        return .pair(first, second)
    }

    /// A path being written, as UTF-8 bytes.
    struct Builder {
        private var bytes: [UInt8] = []

        init() {
            bytes.reserveCapacity(32)
        }

        var string: String {
            String(decoding: bytes, as: UTF8.self)
        }

        /// Appends the payload's values as segments: a tuple's elements, or the value.
        mutating func appendPayload(_ payload: Any) {
            if Swift.type(of: payload) == Int.self, let value = payload as? Int {
                return appendSegment(value)
            }
            if Swift.type(of: payload) == String.self, let value = payload as? String {
                return appendSegment(value)
            }
            switch _DefaultRoutePath.shape(of: payload) {
            case .pair(.int, .int):
                if let (a, b) = payload as? (Int, Int) { return appendSegments(a, b) }
            case .pair(.int, .string):
                if let (a, b) = payload as? (Int, String) { return appendSegments(a, b) }
            case .pair(.string, .int):
                if let (a, b) = payload as? (String, Int) { return appendSegments(a, b) }
            case .pair(.string, .string):
                if let (a, b) = payload as? (String, String) { return appendSegments(a, b) }
            case .other:
                break
            }
            let mirror = Mirror(reflecting: payload)
            guard mirror.displayStyle == .tuple else {
                return appendSegment(describing: payload)
            }
            for child in mirror.children {
                appendSegment(describing: child.value)
            }
        }

        private mutating func appendSegments(_ a: some Any, _ b: some Any) {
            appendSegment(describing: a)
            appendSegment(describing: b)
        }

        /// Appends `/` and the value as `String(describing:)` writes it, encoded.
        mutating func appendSegment(describing value: Any) {
            if Swift.type(of: value) == Int.self, let value = value as? Int {
                appendSegment(value)
            } else if Swift.type(of: value) == String.self, let value = value as? String {
                appendSegment(value)
            } else {
                appendSegment(String(describing: value))
            }
        }

        /// Appends `/` and `text`, encoded.
        mutating func appendSegment(_ text: String) {
            bytes.append(UInt8(ascii: "/"))
            PercentEncoding.appendCanonical(text, to: &bytes)
        }

        /// Appends `/` and `value` in decimal (digits and `-` need no encoding).
        mutating func appendSegment(_ value: Int) {
            bytes.append(UInt8(ascii: "/"))
            if value < 0 {
                bytes.append(UInt8(ascii: "-"))
            }
            var magnitude = value.magnitude
            let start = bytes.count
            repeat {
                bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            bytes[start...].reverse()
        }
    }
}
