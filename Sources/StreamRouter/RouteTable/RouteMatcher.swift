/// One entry's ``PathPattern``, compiled for ``RouteTable`` lookups: it matches the segments
/// of a normalised path in place and builds the ``RouteInformation``.
///
/// It gives exactly what ``PathPattern/match(_:)`` gives for the same normalised path: the
/// same walk (an optional parameter tries to take a segment before it tries to skip it,
/// failed states are remembered), the same parameters, the same matched part. Unlike it,
/// it splits nothing and allocates only the result (and the memo of failed states, when an
/// optional parameter has to backtrack).
struct RouteMatcher: Sendable {
    private enum Segment: Sendable {
        case literal([UInt8])
        case parameter(String)
        case optionalParameter(String)
        case wildcard
    }

    private let segments: [Segment]
    private let parameterCount: Int

    init(_ pattern: PathPattern) {
        segments = pattern.segments.map { segment in
            switch segment {
            case .literal(let text): .literal(Array(text.utf8))
            case .parameter(let name): .parameter(name)
            case .optionalParameter(let name): .optionalParameter(name)
            case .wildcard: .wildcard
            }
        }
        parameterCount = pattern.segments.count { $0.isParameter }
    }

    /// What the pattern matches in `path`, the segments of `normalized`, or `nil`.
    func match(_ path: PathSegments, normalized: String) -> RouteInformation? {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: segments.count) { bindings in
            bindings.initialize(repeating: -1)
            defer { bindings.deinitialize() }
            var failed: Set<Int> = []
            guard matchSegments(from: 0, at: 0, of: path, bindings: bindings, failed: &failed) else {
                return nil
            }
            return information(path, normalized: normalized, bindings: bindings)
        }
    }

    private func information(
        _ path: PathSegments,
        normalized: String,
        bindings: UnsafeMutableBufferPointer<Int>
    ) -> RouteInformation {
        var parameters: [String: String] = parameterCount == 0 ? [:] : Dictionary(minimumCapacity: parameterCount)
        var matchedPath = normalized
        for (index, segment) in segments.enumerated() {
            let part = bindings[index]
            switch segment {
            case .parameter(let name), .optionalParameter(let name):
                if part >= 0 {
                    parameters[name] = String(decoding: path.segment(part), as: UTF8.self)
                }
            case .wildcard:
                if part >= 0, part < path.count {
                    // What precedes the slash before the first segment the wildcard took.
                    matchedPath = part == 0 ? "/" : String(decoding: path.bytes[..<(path.start(of: part) - 1)], as: UTF8.self)
                }
            case .literal:
                break
            }
        }
        return RouteInformation(path: matchedPath, parameters: parameters)
    }

    /// Whether segments from `segmentIndex` on match parts from `partIndex` on; records the
    /// part each parameter took, and remembers failed optional-parameter states.
    private func matchSegments(
        from segmentIndex: Int,
        at partIndex: Int,
        of path: PathSegments,
        bindings: UnsafeMutableBufferPointer<Int>,
        failed: inout Set<Int>
    ) -> Bool {
        var segmentIndex = segmentIndex
        var partIndex = partIndex
        while segmentIndex < segments.count {
            switch segments[segmentIndex] {
            case .literal(let text):
                guard partIndex < path.count, path.segment(partIndex).elementsEqual(text) else { return false }
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
                    if matchSegments(from: segmentIndex + 1, at: partIndex + 1, of: path, bindings: bindings, failed: &failed) {
                        return true
                    }
                }
                bindings[segmentIndex] = -1
                if matchSegments(from: segmentIndex + 1, at: partIndex, of: path, bindings: bindings, failed: &failed) {
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

extension PathPattern.Segment {
    fileprivate var isParameter: Bool {
        switch self {
        case .parameter, .optionalParameter: true
        case .literal, .wildcard: false
        }
    }
}
