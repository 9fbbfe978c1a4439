@testable import StreamRouter

/// The first, plainly recursive implementation of ``PathPattern/match(_:)``, kept as an
/// independent oracle: the compiled matcher and the route table must agree with it.
struct ReferencePatternMatcher {
    let pattern: PathPattern

    func match(_ path: String) -> RouteInformation? {
        let normalized = PathResolver.normalize(path)
        let parts = normalized.utf8.split(separator: UInt8(ascii: "/"))
        var bindings = [Int?](repeating: nil, count: pattern.segments.count)
        var failed: Set<Int> = []
        guard matchSegments(from: 0, at: 0, of: parts, bindings: &bindings, failed: &failed) else {
            return nil
        }
        var parameters: [String: String] = [:]
        var matchedPath = normalized
        for (index, segment) in pattern.segments.enumerated() {
            switch segment {
            case .parameter(let name), .optionalParameter(let name):
                if let part = bindings[index] {
                    parameters[name] = String(Substring(parts[part]))
                }
            case .partialParameter(let prefix, let name, let suffix):
                if let part = bindings[index] {
                    let bytes = Array(parts[part])
                    let middle = bytes[prefix.utf8.count..<(bytes.count - suffix.utf8.count)]
                    parameters[name] = String(decoding: middle, as: UTF8.self)
                }
            case .wildcard:
                if let first = bindings[index], first < parts.count {
                    matchedPath =
                        first == 0 ? "/" : String(Substring(normalized.utf8[..<parts[first].startIndex].dropLast()))
                }
            case .literal:
                break
            }
        }
        return RouteInformation(path: matchedPath, parameters: parameters)
    }

    /// Whether segments from `segmentIndex` on match parts from `partIndex` on. Records the
    /// part each parameter took in `bindings`; remembers failed states in `failed` (only
    /// optional parameters branch, so only they need it).
    private func matchSegments(
        from segmentIndex: Int,
        at partIndex: Int,
        of parts: [Substring.UTF8View],
        bindings: inout [Int?],
        failed: inout Set<Int>
    ) -> Bool {
        var segmentIndex = segmentIndex
        var partIndex = partIndex
        while segmentIndex < pattern.segments.count {
            switch pattern.segments[segmentIndex] {
            case .literal(let text):
                guard partIndex < parts.count, parts[partIndex].elementsEqual(text.utf8) else { return false }
            case .parameter:
                guard partIndex < parts.count else { return false }
                bindings[segmentIndex] = partIndex
            case .partialParameter(let prefix, _, let suffix):
                guard partIndex < parts.count, Self.part(Array(parts[partIndex]), hasPrefix: prefix, suffix: suffix)
                else { return false }
                bindings[segmentIndex] = partIndex
            case .wildcard:
                bindings[segmentIndex] = partIndex
                return true
            case .optionalParameter:
                let state = segmentIndex * (parts.count + 1) + partIndex
                guard !failed.contains(state) else { return false }
                if partIndex < parts.count {
                    bindings[segmentIndex] = partIndex
                    if matchSegments(
                        from: segmentIndex + 1, at: partIndex + 1, of: parts, bindings: &bindings, failed: &failed)
                    {
                        return true
                    }
                }
                bindings[segmentIndex] = nil
                if matchSegments(from: segmentIndex + 1, at: partIndex, of: parts, bindings: &bindings, failed: &failed)
                {
                    return true
                }
                failed.insert(state)
                return false
            }
            segmentIndex += 1
            partIndex += 1
        }
        return partIndex == parts.count
    }

    /// Whether `part` is `prefix`, at least one byte, then `suffix`.
    static func part(_ part: [UInt8], hasPrefix prefix: String, suffix: String) -> Bool {
        let prefix = Array(prefix.utf8)
        let suffix = Array(suffix.utf8)
        return part.count > prefix.count + suffix.count && Array(part.prefix(prefix.count)) == prefix
            && Array(part.suffix(suffix.count)) == suffix
    }
}
