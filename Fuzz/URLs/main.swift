// Fuzz target `urls`: deep-link matching (`URLMatcherGroup.match`) and `Router.openURL`,
// checked against a reference matcher written from DESIGN.md.
//
// Input: `<text>` or `<url pattern> NUL <text>`. The text is tried as a URL, as a path on
// `https://store.example.com/`, after `myapp://`, and (with a pattern) on
// `https://fuzz.example.com/`, where a group maps the fuzzed pattern.
//
// Invariants:
// - a URL pattern is registered exactly when the byte-level grammar accepts it (which
//   refuses control characters);
// - `match` never crashes and gives what the reference gives: groups in order, scheme and
//   host case-insensitive, the path split on the byte `/` and each segment decoded once,
//   the whole path matched, the first mapping in declaration order, typed `{id}` converted,
//   partial segments (`@{handle}`, `{file}.json`) taking their prefix and suffix bytes;
//   failures give the same reason;
// - `openURL` returns `true` exactly when `match` succeeds, and pushes that route.
import Dispatch
import Foundation

@testable import StreamRouter

enum FuzzRoute: RouteProvider {
    case mapped(group: Int, index: Int, parameters: [String: String])
    case profile(id: Int)
}

/// One group of the realistic table: schemes, hosts (`nil`: the host is the first segment),
/// URL patterns in declaration order.
struct GroupSpec {
    let schemes: [String]
    let hosts: [String]?
    let patterns: [String]
}

let fixedGroups: [GroupSpec] = [
    GroupSpec(
        schemes: ["http", "https"], hosts: ["store.example.com"],
        patterns: [
            "products", "products/{category}/view", "products/special/view", "user/{id}/profile", "user/*/logout",
            "/static/route", "trailing/static/", "café", "{a}/{b}/{c}/{d}", "/",
        ]),
    GroupSpec(
        schemes: ["http", "https"], hosts: ["Shared.Example.COM", "store.example.com"],
        patterns: [
            "second/{value}", "user/{id}/profile", "*/*/*/*/*", "a%2Fb", "100%", "..", "files/{dir_1}/*/{name}",
        ]),
    GroupSpec(
        schemes: ["myapp"], hosts: nil,
        patterns: [
            "user/{id}/profile", "settings", "*/referral", "{only}", "%2e%2e/{x}",
        ]),
    GroupSpec(
        schemes: ["MyApp", "HTTPS"], hosts: ["Links.Example.com", ""],
        patterns: [
            "open/{target}", "{x}/{y}",
        ]),
    GroupSpec(
        schemes: ["https"], hosts: ["partial.example.com"],
        patterns: [
            "@me", "@{handle}", "{file}.json", "v{major}-beta/{rest}", "@{who}.{format}", "{name}", "{id}.xml",
        ]),
]

func makeGroup(_ specs: [GroupSpec]) -> URLMatcherGroup<FuzzRoute> {
    URLMatcherGroup(
        matchers: specs.enumerated().map { groupIndex, spec in
            URLMatcherGroup.group(schemes: spec.schemes, hosts: spec.hosts) { mapper in
                for (index, pattern) in spec.patterns.enumerated() {
                    mapper.map(pattern) { match in
                        if match.parameters["id"] != nil { return .profile(id: try match.param("id")) }
                        return .mapped(group: groupIndex, index: index, parameters: match.parameters)
                    }
                }
            }
        })
}

enum ReferenceSegment: Equatable {
    case literal([UInt8])
    case parameter(String)
    /// A prefix, a parameter, a suffix (one of them not empty).
    case partial([UInt8], String, [UInt8])
    case any
    /// `{name...}`, last: the rest of the path, zero or more segments.
    case rest(String)
}

/// The byte-level URL pattern grammar: `nil` when the pattern must be refused.
func referenceCompile(_ pattern: String) -> [ReferenceSegment]? {
    // No control character (C0, DEL, C1): no decoded segment could match one.
    guard !pattern.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
        return nil
    }
    let parts = byteSegments(pattern)
    guard parts.count <= PathPattern.maximumSegmentCount else { return nil }
    let open = UInt8(ascii: "{")
    let close = UInt8(ascii: "}")
    var names: Set<String> = []
    var segments: [ReferenceSegment] = []
    for (index, part) in parts.enumerated() {
        if part.count > 5, part.first == UInt8(ascii: "{"), part.suffix(4).elementsEqual("...}".utf8) {
            // `{name...}`: the rest of the path, only as the last segment.
            let name = part.dropFirst().dropLast(4)
            guard index == parts.count - 1, !name.contains(open), !name.contains(close),
                name.allSatisfy({ byte in
                    byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                }), names.insert(text(name)).inserted
            else { return nil }
            segments.append(.rest(text(name)))
        } else if part == [UInt8(ascii: "*")] {
            segments.append(.any)
        } else if part.contains(open) || part.contains(close) {
            // prefix `{` name `}` suffix, with no brace in the prefix or the suffix.
            guard let openAt = part.firstIndex(of: open), let closeAt = part.firstIndex(of: close), openAt < closeAt
            else { return nil }
            let prefix = Array(part[..<openAt])
            let suffix = Array(part[(closeAt + 1)...])
            guard !suffix.contains(open), !suffix.contains(close) else { return nil }
            let name = part[(openAt + 1)..<closeAt]
            guard !name.isEmpty,
                name.allSatisfy({ byte in
                    byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                })
            else { return nil }
            guard names.insert(text(name)).inserted else { return nil }
            segments.append(
                prefix.isEmpty && suffix.isEmpty ? .parameter(text(name)) : .partial(prefix, text(name), suffix))
        } else {
            segments.append(.literal(part))
        }
    }
    return segments
}

enum Outcome: Equatable, CustomStringConvertible {
    case route(FuzzRoute)
    case unsupportedScheme(String)
    case unknownHost(String)
    case noMatchingPath(String)
    case undecodable(String)
    case parameter(String)
    case other(String)

    init(_ result: Result<FuzzRoute, URLNotHandledReason>) {
        switch result {
        case .success(let route): self = .route(route)
        case .failure(.unsupportedScheme(let scheme)): self = .unsupportedScheme(scheme)
        case .failure(.unknownHost(let host)): self = .unknownHost(host)
        case .failure(.noMatchingPath(let path)): self = .noMatchingPath(path)
        case .failure(.undecodablePathSegment(let segment)): self = .undecodable(segment)
        case .failure(.parameterConversionFailed(let error)): self = .parameter(error.name)
        case .failure(let other): self = .other("\(other)")
        }
    }

    var description: String {
        switch self {
        case .route(let route): "route \(route)"
        case .unsupportedScheme(let s): "unsupportedScheme(\(show(s)))"
        case .unknownHost(let h): "unknownHost(\(show(h)))"
        case .noMatchingPath(let p): "noMatchingPath(\(show(p)))"
        case .undecodable(let s): "undecodable(\(show(s)))"
        case .parameter(let n): "parameter(\(n))"
        case .other(let o): "other(\(o))"
        }
    }
}

/// Strict percent-decoding: `%` must start two hex digits and the bytes must be UTF-8.
/// (Foundation's `removingPercentEncoding` repairs some invalid UTF-8 with U+FFFD, so it
/// cannot serve as the reference: DESIGN.md says such a segment is refused.)
func referenceDecode(_ segment: String) -> String? {
    var output: [UInt8] = []
    var input = Array(segment.utf8)[...]
    func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
    while let byte = input.popFirst() {
        if byte != UInt8(ascii: "%") {
            output.append(byte)
            continue
        }
        guard input.count >= 2, let high = hex(input.removeFirst()), let low = hex(input.removeFirst()) else {
            return nil
        }
        output.append(high << 4 | low)
    }
    return String(validating: output, as: UTF8.self)
}

/// What DESIGN.md says `url` maps to, from Foundation's view of the URL.
func referenceMatch(_ url: URL, _ specs: [GroupSpec]) -> Outcome {
    let scheme = (url.scheme ?? "").lowercased()
    let rawHost = url.host(percentEncoded: true) ?? ""
    let host = rawHost.isEmpty ? nil : referenceDecode(rawHost)?.lowercased()
    let encodedPath = url.path(percentEncoded: true)
    let pathSegments = encodedPath.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map {
        text($0)
    }
    var schemeAccepted = false
    var hostAccepted = false
    // The last group that accepted the scheme and host reports the path as it read it: led
    // by the host when it reads the host as the first segment (`myapp://ITEM/1` is `/ITEM/1`).
    var unmatchedPath = encodedPath
    for (groupIndex, spec) in specs.enumerated() {
        guard spec.schemes.map({ $0.lowercased() }).contains(scheme) else { continue }
        schemeAccepted = true
        if let hosts = spec.hosts {
            guard let host, hosts.map({ $0.lowercased() }).contains(host) else { continue }
        }
        hostAccepted = true
        let leadingHost = spec.hosts == nil && !rawHost.isEmpty
        let encoded = (leadingHost ? [rawHost] : []) + pathSegments
        var decoded: [String] = []
        for (position, segment) in encoded.enumerated() {
            guard var value = referenceDecode(segment) else { return .undecodable(segment) }
            if leadingHost, position == 0 {
                // A host is case-insensitive: it leads the path with its ASCII letters lowercased.
                value = String(
                    decoding: value.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
            }
            // A decoded control character (C0, DEL, C1) is refused, with its scalar offset.
            let control = value.unicodeScalars.enumerated().first {
                $0.element.value < 0x20 || (0x7F...0x9F).contains($0.element.value)
            }
            if let (offset, scalar) = control {
                let error = InputError.controlCharacter(.urlPathSegment, scalar: scalar.value, offset: offset)
                return .other("\(URLNotHandledReason.rejectedInput(error))")
            }
            decoded.append(value)
        }
        for (index, pattern) in spec.patterns.enumerated() {
            guard var segments = referenceCompile(pattern) else { continue }
            var parameters: [String: String] = [:]
            var hasRest = false
            if case .rest(let name)? = segments.last {
                segments.removeLast()
                hasRest = true
                guard decoded.count >= segments.count else { continue }
                parameters[name] = decoded[segments.count...].joined(separator: "/")
            }
            guard hasRest || segments.count == decoded.count else { continue }
            let matches = zip(segments, decoded).allSatisfy { segment, value in
                switch segment {
                case .literal(let bytes): return bytes == Array(value.utf8)
                case .parameter(let name):
                    parameters[name] = value
                    return true
                case .partial(let prefix, let name, let suffix):
                    let bytes = Array(value.utf8)
                    guard bytes.count > prefix.count + suffix.count, bytes.starts(with: prefix),
                        bytes.reversed().starts(with: suffix.reversed())
                    else { return false }
                    parameters[name] = text(bytes[prefix.count..<(bytes.count - suffix.count)])
                    return true
                case .any: return true
                case .rest: return false  // only ever last, taken above
                }
            }
            guard matches else { continue }
            if let id = parameters["id"] {
                guard let number = Int(id) else { return .parameter("id") }
                return .route(.profile(id: number))
            }
            return .route(.mapped(group: groupIndex, index: index, parameters: parameters))
        }
        unmatchedPath = spec.hosts == nil && !rawHost.isEmpty ? "/" + rawHost + encodedPath : encodedPath
    }
    if !schemeAccepted { return .unsupportedScheme(scheme) }
    if !hostAccepted { return .unknownHost(rawHost) }
    return .noMatchingPath(unmatchedPath)
}

final class Box<T>: @unchecked Sendable {
    var value: T?
}

/// Runs async work to completion from libFuzzer's synchronous callback.
func blocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let box = Box<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.value = await body()
        done.signal()
    }
    done.wait()
    return box.value!
}

let fixedGroup = makeGroup(fixedGroups)
let router = Router<FuzzRoute>(urlMatchers: fixedGroup)

func check(_ url: URL, group: URLMatcherGroup<FuzzRoute>, specs: [GroupSpec], openWithRouter: Bool) {
    let result = group.match(url)
    let outcome = Outcome(result)
    let expected = referenceMatch(url, specs)
    require(outcome == expected, "\(show(url.absoluteString)): \(outcome), reference \(expected)")
    if case .route(let route) = outcome {
        require(PathResolver.isNormalized(route.path), "route path \(show(route.path)) is not normalised")
    }
    guard openWithRouter else { return }
    let (handled, top) = blocking { () async -> (Bool, FuzzRoute?) in
        let handled = await router.openURL(url)
        let top = router.stack.last
        if !router.stack.isEmpty { try? await router.replace(with: []) }
        return (handled, top)
    }
    if case .route(let route) = outcome {
        require(
            handled && top == route,
            "openURL(\(show(url.absoluteString))) = \(handled), top \(String(describing: top)), expected \(route)")
    } else {
        require(!handled && top == nil, "openURL(\(show(url.absoluteString))) handled an unmatched URL (\(outcome))")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (head, tail) = splitAtNUL(bytes(data, size))
    let input = text(tail ?? head)
    if tail != nil {
        let pattern = text(head)
        let spec = GroupSpec(schemes: ["https", "fuzz"], hosts: ["fuzz.example.com"], patterns: [pattern])
        let group = makeGroup([spec])
        let compiled = referenceCompile(pattern)
        require(
            (compiled != nil) == group.patternErrors.isEmpty,
            "URL pattern \(show(pattern)): errors \(group.patternErrors), grammar says \(String(describing: compiled))"
        )
        if compiled != nil {
            require(group.groups[0].patterns == [pattern], "registered patterns \(group.groups[0].patterns)")
        }
        for candidate in ["https://fuzz.example.com/" + input, "fuzz://fuzz.example.com/" + input] {
            if let url = URL(string: candidate) {
                check(url, group: group, specs: [spec], openWithRouter: false)
            }
        }
        return 0
    }
    var first = true
    for candidate in [input, "https://store.example.com/" + input, "myapp://" + input] {
        guard let url = URL(string: candidate) else { continue }
        check(url, group: fixedGroup, specs: fixedGroups, openWithRouter: first)
        first = false
    }
    return 0
}
