/// A ``PathPattern`` compiled for matching, once, when the pattern is made: it matches the
/// segments of a normalised path in place and builds the ``RouteInformation``. It is what
/// ``PathPattern/match(_:)`` and ``RouteTable`` lookups run.
///
/// An optional parameter tries to take a segment before it tries to skip it, and failed
/// states are remembered, so ambiguous matches resolve greedily and never take exponential
/// time. It splits nothing, and allocates only the result (and the memo of failed states, when an optional
/// parameter has to backtrack). Its segments are plain values (a kind and a range into one
/// byte buffer or one name list), so a walk retains nothing.
///
/// A class, immutable once built, so that a match borrows one reference instead of
/// retaining each of its arrays.
package final class PatternMatcher: Sendable {
    private enum Kind: UInt8, Sendable {
        case literal
        case parameter
        case optionalParameter
        case wildcard
    }

    private struct Segment: Sendable {
        let kind: Kind
        /// A literal's bytes in `literals`, or a parameter's name at `names[start]`.
        let start: Int
        let count: Int
    }

    private let segments: [Segment]
    private let literals: [UInt8]
    private let names: [String]
    private let hasOptionalParameter: Bool

    /// Compiles the segments of a pattern (what ``PathPattern/init(_:)`` produces).
    package init(_ patternSegments: [PathPattern.Segment]) {
        var segments: [Segment] = []
        var literals: [UInt8] = []
        var names: [String] = []
        for segment in patternSegments {
            switch segment {
            case .literal(let text):
                segments.append(Segment(kind: .literal, start: literals.count, count: text.utf8.count))
                literals.append(contentsOf: text.utf8)
            case .parameter(let name):
                segments.append(Segment(kind: .parameter, start: names.count, count: 0))
                names.append(name)
            case .optionalParameter(let name):
                segments.append(Segment(kind: .optionalParameter, start: names.count, count: 0))
                names.append(name)
            case .wildcard:
                segments.append(Segment(kind: .wildcard, start: 0, count: 0))
            }
        }
        self.segments = segments
        self.literals = literals
        self.names = names
        hasOptionalParameter = segments.contains { $0.kind == .optionalParameter }
    }

    /// What the pattern matches in `path` (normalised first), exactly as
    /// ``PathPattern/match(_:)`` reports it, or `nil`.
    package func match(_ path: String) -> RouteInformation? {
        PathSegments.withNormalizedSegments(of: path) { match($0, normalized: $1) }
    }

    /// What the pattern matches in `path`, the segments of `normalized`, or `nil`.
    func match(_ path: PathSegments, normalized: String) -> RouteInformation? {
        segments.withUnsafeBufferPointer { segments in
            literals.withUnsafeBufferPointer { literals in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: segments.count) { bindings in
                    bindings.initialize(repeating: -1)
                    defer { bindings.deinitialize() }
                    var walk = Walk(segments: segments, literals: literals, path: path, bindings: bindings)
                    let matched = hasOptionalParameter ? walk.backtrack(from: 0, at: 0) : walk.straight()
                    return matched ? information(walk, normalized: normalized) : nil
                }
            }
        }
    }

    private func information(_ walk: Walk, normalized: String) -> RouteInformation {
        var parameters: [String: String] = names.isEmpty ? [:] : Dictionary(minimumCapacity: names.count)
        var matchedPath = normalized
        for (index, segment) in walk.segments.enumerated() {
            let part = walk.bindings[index]
            switch segment.kind {
            case .parameter, .optionalParameter:
                if part >= 0 {
                    parameters[names[segment.start]] = String(decoding: walk.path.segment(part), as: UTF8.self)
                }
            case .wildcard:
                if part >= 0, part < walk.path.count {
                    // What precedes the slash before the first segment the wildcard took.
                    let end = walk.path.start(of: part) - 1
                    matchedPath = part == 0 ? "/" : String(decoding: walk.path.bytes[..<end], as: UTF8.self)
                }
            case .literal:
                break
            }
        }
        return RouteInformation(path: matchedPath, parameters: parameters)
    }

    /// One attempt to match: the compiled segments, the path, and the part each segment took.
    private struct Walk {
        let segments: UnsafeBufferPointer<Segment>
        let literals: UnsafeBufferPointer<UInt8>
        let path: PathSegments
        /// The part each segment took (-1 for none); only parameters and a wildcard read.
        let bindings: UnsafeMutableBufferPointer<Int>
        /// States `segment * (parts + 1) + part` known to fail (only optional parameters
        /// branch, so only they need it).
        var failed: Set<Int> = []

        init(
            segments: UnsafeBufferPointer<Segment>,
            literals: UnsafeBufferPointer<UInt8>,
            path: PathSegments,
            bindings: UnsafeMutableBufferPointer<Int>
        ) {
            self.segments = segments
            self.literals = literals
            self.path = path
            self.bindings = bindings
        }

        /// Whether the literal `segment` equals part `part` of the path, byte for byte.
        func literal(_ segment: Segment, equals part: Int) -> Bool {
            let bytes = path.segment(part)
            guard bytes.count == segment.count else { return false }
            for offset in 0..<segment.count where bytes[offset] != literals[segment.start + offset] {
                return false
            }
            return true
        }

        /// Matches a pattern without optional parameters: one pass, no branching.
        func straight() -> Bool {
            var part = 0
            for (index, segment) in segments.enumerated() {
                switch segment.kind {
                case .literal:
                    guard part < path.count, literal(segment, equals: part) else { return false }
                case .parameter, .optionalParameter:
                    guard part < path.count else { return false }
                    bindings[index] = part
                case .wildcard:
                    bindings[index] = part
                    return true
                }
                part += 1
            }
            return part == path.count
        }

        /// Whether segments from `segmentIndex` on match parts from `partIndex` on, trying
        /// each optional parameter with a segment first, then without.
        mutating func backtrack(from segmentIndex: Int, at partIndex: Int) -> Bool {
            var segmentIndex = segmentIndex
            var partIndex = partIndex
            while segmentIndex < segments.count {
                let segment = segments[segmentIndex]
                switch segment.kind {
                case .literal:
                    guard partIndex < path.count, literal(segment, equals: partIndex) else { return false }
                case .parameter:
                    guard partIndex < path.count else { return false }
                    bindings[segmentIndex] = partIndex
                case .wildcard:
                    bindings[segmentIndex] = partIndex
                    return true
                case .optionalParameter:
                    let state = segmentIndex * (path.count + 1) + partIndex
                    guard failed.isEmpty || !failed.contains(state) else { return false }
                    if partIndex < path.count {
                        bindings[segmentIndex] = partIndex
                        if backtrack(from: segmentIndex + 1, at: partIndex + 1) {
                            return true
                        }
                    }
                    bindings[segmentIndex] = -1
                    if backtrack(from: segmentIndex + 1, at: partIndex) {
                        return true
                    }
                    failed.insert(state)
                    return false
                }
                segmentIndex += 1
                partIndex += 1
            }
            return partIndex == path.count
        }
    }
}
