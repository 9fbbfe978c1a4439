// Fuzz target `patterns`: the route-glob compiler (`PathPattern.init`) and matcher
// (`PathPattern.match`), checked against a byte-level reference and against the compiled
// `RouteTable` matcher.
//
// Input: `<glob>` or `<glob> NUL <path>`. Without a NUL the glob's own text is also the path.
//
// Invariants:
// - compiling either succeeds or throws a `PathPatternError` whose `pattern` is the input;
//   it succeeds exactly when the byte-level reference grammar accepts the glob, with the
//   same segments (only the byte `/` separates segments; a `:` in a segment starts its one
//   parameter, with an optional literal prefix and suffix: `@:handle`, `:id.json`);
// - `description` re-parses to an equal pattern and is stable;
// - a path built from the pattern (literals kept, parameters filled, `*` expanded) matches,
//   with exactly the filled-in parameters when the pattern has no optional parameter;
// - any match: parameters hold no `/`, are non-empty, every required parameter is present,
//   `path` is normalised and a segment-wise prefix of the normalised path (the whole of it
//   when there is no `*`);
// - the match equals a naive backtracking reference and `RouteTable`'s compiled matcher.
import StreamRouter

enum ReferenceSegment: Equatable {
    case literal([UInt8])
    case parameter(String)
    case optionalParameter(String)
    /// A prefix, a parameter, a suffix (one of them not empty).
    case partial([UInt8], String, [UInt8])
    case wildcard
}

/// The byte-level grammar of DESIGN.md: `nil` when the glob must be rejected.
func referenceCompile(_ glob: String) -> [ReferenceSegment]? {
    let parts = byteSegments(glob)
    guard parts.count <= PathPattern.maximumSegmentCount else { return nil }
    let colon = UInt8(ascii: ":")
    let star = UInt8(ascii: "*")
    let question = UInt8(ascii: "?")
    let dot = UInt8(ascii: ".")
    var names: Set<String> = []
    var segments: [ReferenceSegment] = []
    for (index, part) in parts.enumerated() {
        if part == [star] {
            guard index == parts.count - 1 else { return nil }
            segments.append(.wildcard)
            continue
        }
        if part == [dot] || part == [dot, dot] { return nil }
        if let colonAt = part.firstIndex(of: colon) {
            // prefix `:` name (`?`) suffix: the name is the run of name bytes after the `:`.
            func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
            let prefix = Array(part[..<colonAt])
            let rest = part[(colonAt + 1)...]
            let name = rest.prefix {
                isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_")
            }
            var suffix = Array(rest.dropFirst(name.count))
            let optional = suffix.first == question
            if optional { suffix.removeFirst() }
            guard let first = name.first, isLetter(first) else { return nil }
            let text = text(name)
            guard names.insert(text).inserted else { return nil }
            if prefix.isEmpty && suffix.isEmpty {
                segments.append(optional ? .optionalParameter(text) : .parameter(text))
                continue
            }
            // One parameter per segment, never optional, no `*`, no `?` in the suffix.
            guard !optional, !suffix.contains(question), !suffix.contains(colon), !part.contains(star) else {
                return nil
            }
            segments.append(.partial(prefix, text, suffix))
            continue
        }
        if part.contains(star) { return nil }
        segments.append(.literal(part))
    }
    return segments
}

func reference(_ segment: PathPattern.Segment) -> ReferenceSegment {
    switch segment {
    case .literal(let text): .literal(Array(text.utf8))
    case .parameter(let name): .parameter(name)
    case .optionalParameter(let name): .optionalParameter(name)
    case .partialParameter(let prefix, let name, let suffix): .partial(Array(prefix.utf8), name, Array(suffix.utf8))
    case .wildcard: .wildcard
    }
}

/// Naive backtracking match, optional parameters taking a segment first. `nil` result:
/// no match; `.none` outer when the step budget ran out (no verdict).
func referenceMatch(_ segments: [ReferenceSegment], _ path: String) -> RouteInformation?? {
    let normalized = referenceNormalize(path)
    let parts = byteSegments(normalized)
    var bindings = [Int?](repeating: nil, count: segments.count)
    var budget = 200_000
    func go(_ s: Int, _ p: Int) -> Bool? {
        budget -= 1
        if budget < 0 { return nil }
        if s == segments.count { return p == parts.count }
        switch segments[s] {
        case .literal(let bytes):
            guard p < parts.count, parts[p] == bytes else { return false }
            return go(s + 1, p + 1)
        case .parameter:
            guard p < parts.count else { return false }
            bindings[s] = p
            return go(s + 1, p + 1)
        case .partial(let prefix, _, let suffix):
            guard p < parts.count, parts[p].count > prefix.count + suffix.count, parts[p].starts(with: prefix),
                parts[p].reversed().starts(with: suffix.reversed())
            else { return false }
            bindings[s] = p
            return go(s + 1, p + 1)
        case .wildcard:
            bindings[s] = p
            return true
        case .optionalParameter:
            if p < parts.count {
                bindings[s] = p
                guard let taken = go(s + 1, p + 1) else { return nil }
                if taken { return true }
            }
            bindings[s] = nil
            return go(s + 1, p)
        }
    }
    guard let matched = go(0, 0) else { return .none }
    guard matched else { return .some(nil) }
    var parameters: [String: String] = [:]
    var matchedPath = normalized
    for (index, segment) in segments.enumerated() {
        switch segment {
        case .parameter(let name), .optionalParameter(let name):
            if let part = bindings[index] { parameters[name] = text(parts[part]) }
        case .partial(let prefix, let name, let suffix):
            if let part = bindings[index] {
                parameters[name] = text(parts[part][prefix.count..<(parts[part].count - suffix.count)])
            }
        case .wildcard:
            if let first = bindings[index], first < parts.count {
                matchedPath = "/" + parts[..<first].map { text($0) }.joined(separator: "/")
            }
        case .literal:
            break
        }
    }
    return .some(RouteInformation(path: matchedPath, parameters: parameters))
}

func checkMatch(_ pattern: PathPattern, _ path: String, _ information: RouteInformation?) {
    let context = "pattern \(show(pattern.description)) path \(show(path))"
    if let information {
        let normalized = referenceNormalize(path)
        require(
            referenceIsNormalized(information.path), "matched path \(show(information.path)) not normalised: \(context)"
        )
        require(
            isSegmentPrefix(information.path, of: normalized),
            "matched path \(show(information.path)) not a prefix: \(context)")
        var names: Set<String> = []
        for segment in pattern.segments {
            switch segment {
            case .parameter(let name), .partialParameter(_, let name, _):
                names.insert(name)
                require(information.parameters[name] != nil, "required parameter \(name) missing: \(context)")
            case .optionalParameter(let name):
                names.insert(name)
            case .wildcard, .literal:
                break
            }
        }
        if !pattern.segments.contains(.wildcard) {
            require(
                information.path == normalized, "no wildcard, yet matched path \(show(information.path)): \(context)")
        }
        for (name, value) in information.parameters {
            require(names.contains(name), "unknown parameter \(name): \(context)")
            require(!value.isEmpty, "empty parameter \(name): \(context)")
            require(
                !value.utf8.contains(UInt8(ascii: "/")), "parameter \(name)=\(show(value)) holds a slash: \(context)")
        }
    }
    if case .some(let expected) = referenceMatch(pattern.segments.map(reference), path) {
        require(
            information == expected,
            "match \(String(describing: information)) != reference \(String(describing: expected)): \(context)")
    }
    let table = RouteTable<Int>([(pattern, 7)])
    let tableMatch = table.match(path)
    require(
        tableMatch?.information == information,
        "RouteTable \(String(describing: tableMatch?.information)) != PathPattern \(String(describing: information)): \(context)"
    )
    require(tableMatch.map { $0.value == 7 } ?? true, "RouteTable value: \(context)")
}

/// A path the pattern must match: literals as they are, parameters filled with values
/// taken from `values` (or made up), optional parameters and `*` expanded at random.
func derivedPath(
    of pattern: PathPattern,
    values: [String],
    generator: inout SeededGenerator
) -> (path: String, parameters: [String: String], prefix: String) {
    var parts: [String] = []
    var parameters: [String: String] = [:]
    var prefix: String?
    var valueIndex = 0
    func value() -> String {
        defer { valueIndex += 1 }
        return values.isEmpty ? "v\(valueIndex)" : values[valueIndex % values.count]
    }
    for segment in pattern.segments {
        switch segment {
        case .literal(let text):
            parts.append(text)
        case .parameter(let name):
            let v = value()
            parameters[name] = v
            parts.append(v)
        case .partialParameter(let prefix, let name, let suffix):
            let v = value()
            parameters[name] = v
            parts.append(prefix + v + suffix)
        case .optionalParameter(let name):
            if generator.coin() {
                let v = value()
                parameters[name] = v
                parts.append(v)
            }
        case .wildcard:
            prefix = "/" + parts.joined(separator: "/")
            for _ in 0..<generator.next(below: 3) {
                parts.append(value())
            }
        }
    }
    let path = "/" + parts.joined(separator: "/")
    return (path, parameters, prefix ?? path)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = bytes(data, size)
    let (head, tail) = splitAtNUL(input)
    let glob = text(head)
    let path = tail.map { text($0) } ?? glob
    var generator = SeededGenerator(seed: input)

    let expected = referenceCompile(glob)
    let pattern: PathPattern
    do {
        pattern = try PathPattern(glob)
    } catch {
        require(expected == nil, "\(show(glob)) rejected (\(error)) but the grammar accepts it as \(expected!)")
        require(error.pattern == glob, "error names pattern \(show(error.pattern)), not \(show(glob))")
        require(error.segmentIndex >= 0 && !error.description.isEmpty, "odd error \(error)")
        return 0
    }
    require(expected != nil, "\(show(glob)) compiled to \(pattern.segments) but the grammar rejects it")
    require(
        pattern.segments.map(reference) == expected!,
        "\(show(glob)) compiled to \(pattern.segments), grammar says \(expected!)")

    // The canonical description re-parses to the same pattern.
    let description = pattern.description
    do {
        let again = try PathPattern(description)
        require(again == pattern, "\(show(description)) re-parses to \(again.segments), not \(pattern.segments)")
        require(
            again.description == description, "description unstable: \(show(again.description)) vs \(show(description))"
        )
    } catch {
        require(false, "description \(show(description)) of \(show(glob)) does not re-parse: \(error)")
    }

    // A path built from the pattern matches it.
    let values = byteSegments(path).map { text($0) }.filter { $0 != "." && $0 != ".." }
    let derived = derivedPath(of: pattern, values: values, generator: &generator)
    let information = pattern.match(derived.path)
    require(information != nil, "\(show(glob)) does not match its own instance \(show(derived.path))")
    checkMatch(pattern, derived.path, information)
    let hasOptional = pattern.segments.contains { if case .optionalParameter = $0 { true } else { false } }
    if !hasOptional, let information {
        require(
            information.parameters == derived.parameters,
            "\(show(glob)) on \(show(derived.path)): \(information.parameters) != \(derived.parameters)")
        require(
            information.path == derived.prefix,
            "\(show(glob)) on \(show(derived.path)): path \(show(information.path)) != \(show(derived.prefix))")
    }

    // And the input path, whatever it is.
    checkMatch(pattern, path, pattern.match(path))
    return 0
}
