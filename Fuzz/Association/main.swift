// Fuzz target `association`: the reader of served `apple-app-site-association` files
// (`URLMatcherGroup.uncoveredMappings(inAppleAppSiteAssociation:)`), and the association files
// a group generates (`appleAppSiteAssociation(appIDs:)`, `androidIntentFilters()`).
//
// Input: `<served file>`, or `<url pattern> NUL <served file>`. The file is checked against a
// realistic group (literals with `.`, `&`, `"`, non-ASCII, parameters, `*`, partial segments,
// gaps); with a pattern, the group also maps the fuzzed pattern on `fuzz.example.com`.
//
// Invariants:
// - never a crash, a stack overflow or a time-out, whatever the file (the checks run in a
//   bounded stack and memory);
// - the file is unreadable exactly when a reference reader says so, with the same typed
//   error: not JSON, no `applinks.details` array, a value of the wrong type (never read as
//   a default), a path pattern longer than `ServedAssociationFileError.maximumPathLength`
//   UTF-8 bytes. An unreadable file covers nothing and matches nothing;
// - a readable file's coverage equals the reference's, computed on Unicode scalars with
//   automata (a set of glob positions for coverage, a search over pairs of positions for
//   intersection) rather than the library's dynamic programme: the uncovered mappings in
//   order (the first covering component without conditions, or excluding, decides) and the
//   components that meet no mapping;
// - for short globs, the answers hold on concrete paths: a covered mapping's sampled paths
//   all match the glob (by a backtracking matcher), and a sampled path that matches means
//   the glob meets the mapping;
// - with a pattern that registers: the group's generated file covers the group exactly, and
//   its Android intent filters are well-formed XML with one `<data>` per scheme, host and
//   mapping (unless the pattern holds U+FFFE or U+FFFF, which XML 1.0 cannot hold at all).
import Foundation

@testable import StreamRouter

#if canImport(FoundationXML)
    import FoundationXML
#endif

func makeGroup(extra pattern: String?) -> URLMatcherGroup<Int> {
    var matchers: [URLMatcherGroup<Int>] = [
        .group(["shop.example.com", "www.shop.example.com"]) {
            $0.map("") { 0 }
            $0.map("products") { 1 }
            $0.map("products/{category}/view") { 2 }
            $0.map("orders/{id}") { 3 }
            $0.map("user/*/logout") { 4 }
            $0.map("files/a.b/{name}") { 5 }
            $0.map("q&a/\"x\"/{id}") { 6 }
            $0.map("@{handle}") { 7 }
            $0.map("{file}.json") { 8 }
            $0.map("v{major}-beta/x") { 9 }
            $0.map("caf\u{E9}/stra\u{DF}e") { 10 }
        },
        .group(scheme: "myapp") {
            $0.map("user/{id}/profile") { 11 }  // a gap: no https
        },
        .group("shop.example.com") {
            $0.map("what?") { 12 }  // a gap: a literal `?`
        },
    ]
    if let pattern {
        matchers.append(.group(["fuzz.example.com"]) { $0.map(pattern) { 13 } })
    }
    return URLMatcherGroup(matchers: matchers)
}

let fixedGroup = makeGroup(extra: nil)

// MARK: - Reference reader

struct ReferenceComponent {
    let path: String
    let exclude: Bool
    let conditions: Bool
}

/// The served file read by the rules, or the error it must give.
func referenceRead(_ data: Data) -> Result<[ReferenceComponent], ServedAssociationFileError> {
    let maximumFileSize = ServedAssociationFileError.maximumFileSize
    guard data.count <= maximumFileSize else {
        return .failure(.fileTooLarge(size: data.count, limit: maximumFileSize))
    }
    guard let json = try? JSONSerialization.jsonObject(with: data) else {
        return .failure(.notJSON(""))  // the message is Foundation's: only the case is compared
    }
    guard let root = json as? [String: Any], let applinks = root["applinks"] as? [String: Any],
        let details = applinks["details"] as? [Any]
    else { return .failure(.missingDetails) }
    let limit = ServedAssociationFileError.maximumPathLength
    var components: [ReferenceComponent] = []
    for (d, detail) in details.enumerated() {
        let at = "applinks.details[\(d)]"
        guard let detail = detail as? [String: Any] else { return .failure(.wrongType(at: at, expected: "an object")) }
        if let listed = detail["components"] {
            guard let listed = listed as? [Any] else {
                return .failure(.wrongType(at: at + ".components", expected: "an array"))
            }
            for (c, component) in listed.enumerated() {
                let at = "\(at).components[\(c)]"
                guard let component = component as? [String: Any] else {
                    return .failure(.wrongType(at: at, expected: "an object"))
                }
                var path = "*"
                if let value = component["/"] {
                    guard let text = value as? String else {
                        return .failure(.wrongType(at: at + #"["/"]"#, expected: "a string"))
                    }
                    path = text
                }
                if path.utf8.count > limit {
                    return .failure(.pathTooLong(at: at + #"["/"]"#, length: path.utf8.count, limit: limit))
                }
                var exclude = false
                if let value = component["exclude"] {
                    guard let flag = value as? Bool else {
                        return .failure(.wrongType(at: at + #"["exclude"]"#, expected: "a boolean"))
                    }
                    exclude = flag
                }
                components.append(
                    ReferenceComponent(
                        path: path, exclude: exclude, conditions: component["?"] != nil || component["#"] != nil))
            }
        } else if let paths = detail["paths"] {
            guard let paths = paths as? [Any] else {
                return .failure(.wrongType(at: at + ".paths", expected: "an array"))
            }
            for (p, entry) in paths.enumerated() {
                let at = "\(at).paths[\(p)]"
                guard let entry = entry as? String else { return .failure(.wrongType(at: at, expected: "a string")) }
                let exclude = entry.hasPrefix("NOT ")
                let path = exclude ? String(entry.dropFirst(4)) : entry
                if path.utf8.count > limit {
                    return .failure(.pathTooLong(at: at, length: path.utf8.count, limit: limit))
                }
                components.append(ReferenceComponent(path: path, exclude: exclude, conditions: false))
            }
        }
    }
    return .success(components)
}

// MARK: - Reference matching, on Unicode scalars

/// A mapping's path: scalars, and holes of one or more scalars other than `/`.
enum Piece: Equatable {
    case scalar(Unicode.Scalar)
    case hole
}

func referencePieces(_ segments: [PatternSegment]) -> [Piece] {
    var pieces: [Piece] = []
    for segment in segments {
        pieces.append(.scalar("/"))
        switch segment {
        case .literal(let text): pieces += text.unicodeScalars.map(Piece.scalar)
        case .capture, .skip, .optionalCapture, .rest, .restCapture: pieces.append(.hole)
        case .partialCapture(let prefix, _, let suffix):
            pieces += prefix.unicodeScalars.map(Piece.scalar)
            pieces.append(.hole)
            pieces += suffix.unicodeScalars.map(Piece.scalar)
        }
    }
    return pieces.isEmpty ? [.scalar("/")] : pieces
}

/// Whether `glob` matches every path of `pieces` (a hole only by a `*`): the set of glob
/// positions reached after each piece.
func referenceCovers(_ glob: [Unicode.Scalar], _ pieces: [Piece]) -> Bool {
    var states = [Bool](repeating: false, count: glob.count + 1)
    func close(_ states: inout [Bool]) {  // a `*` may match nothing
        for g in 0..<glob.count where states[g] && glob[g] == "*" { states[g + 1] = true }
    }
    states[0] = true
    close(&states)
    for piece in pieces {
        var next = [Bool](repeating: false, count: glob.count + 1)
        for g in 0..<glob.count where states[g] {
            if glob[g] == "*" {
                next[g] = true
            } else if case .scalar(let scalar) = piece, glob[g] == "?" || glob[g] == scalar {
                next[g + 1] = true
            }
        }
        close(&next)
        states = next
        if !states.contains(true) { return false }
    }
    return states[glob.count]
}

/// Whether `glob` matches at least one path of `pieces`: a search over pairs (glob
/// position, piece position, inside a hole's run or not), reading one common text.
func referenceMeets(_ glob: [Unicode.Scalar], _ pieces: [Piece]) -> Bool {
    // Position (g, p, inHole): `inHole` when the hole at `p` has had its first scalar, so
    // it may end or go on.
    let width = pieces.count + 1
    var seen = [Bool](repeating: false, count: (glob.count + 1) * width * 2)
    var stack = [(g: 0, p: 0, inHole: false)]
    while let (g, p, inHole) = stack.popLast() {
        let key = (g * width + p) * 2 + (inHole ? 1 : 0)
        guard !seen[key] else { continue }
        seen[key] = true
        if g == glob.count && p == pieces.count { return true }
        // Moves that read nothing: a `*` ends; a hole that has a scalar ends.
        if g < glob.count && glob[g] == "*" { stack.append((g + 1, p, inHole)) }
        if inHole { stack.append((g, p + 1, false)) }
        guard p < pieces.count, g < glob.count else { continue }
        // Moves that read one scalar of the common text, which piece `p` produces and glob
        // position `g` accepts (a `*` stays).
        let wildcard = glob[g] == "*" || glob[g] == "?"
        let nextG = glob[g] == "*" ? g : g + 1
        switch pieces[p] {
        case .scalar(let scalar):
            if wildcard || glob[g] == scalar { stack.append((nextG, p + 1, false)) }
        case .hole:  // any scalar but `/`
            if wildcard || glob[g] != "/" { stack.append((nextG, p, true)) }
        }
    }
    return false
}

/// A plain backtracking component matcher on scalars (for short globs only).
func backtrackingMatches(_ glob: ArraySlice<Unicode.Scalar>, _ path: ArraySlice<Unicode.Scalar>) -> Bool {
    guard let first = glob.first else { return path.isEmpty }
    switch first {
    case "*":
        return (path.startIndex...path.endIndex).contains { backtrackingMatches(glob.dropFirst(), path[$0...]) }
    case "?":
        return !path.isEmpty && backtrackingMatches(glob.dropFirst(), path.dropFirst())
    default:
        return path.first == first && backtrackingMatches(glob.dropFirst(), path.dropFirst())
    }
}

/// A concrete path of `pieces`, each hole filled from `fills`.
func instance(_ pieces: [Piece], _ fills: inout some IteratorProtocol<[Unicode.Scalar]>) -> [Unicode.Scalar] {
    pieces.flatMap { piece -> [Unicode.Scalar] in
        switch piece {
        case .scalar(let scalar): [scalar]
        case .hole: fills.next() ?? ["x"]
        }
    }
}

// MARK: - The target

func checkServedFile(_ data: Data, against group: URLMatcherGroup<Int>, seed: [UInt8]) {
    let coverage = group.uncoveredMappings(inAppleAppSiteAssociation: data)
    let gaps = Set(group.appleAppSiteAssociationGaps.map(\.mapping))
    let expressible = group.associationMappings.filter { !gaps.contains($0.index) }
    let reference = referenceRead(data)
    switch (reference, coverage.unreadable) {
    case (.failure(.notJSON), .notJSON?):
        break
    case (.failure(let expected), let found):
        require(found == expected, "unreadable: \(String(describing: found)), expected \(expected)")
    case (.success, let found?):
        require(false, "unreadable (\(found)) but the reference reads it")
    case (.success, nil):
        break
    }
    guard case .success(let components) = reference else {
        require(
            coverage.mappings.map(\.mapping) == expressible.map(\.index) && coverage.unmatchedComponents.isEmpty,
            "an unreadable file covers nothing: \(coverage)")
        return
    }
    let paths = expressible.map { referencePieces($0.segments) }
    let globs = components.map { Array($0.path.unicodeScalars) }
    var uncovered: [Int] = []
    for (mapping, pieces) in zip(expressible, paths) {
        let decider = components.indices.first { index in
            (components[index].exclude || !components[index].conditions) && referenceCovers(globs[index], pieces)
        }
        if decider.map({ components[$0].exclude }) ?? true { uncovered.append(mapping.index) }
    }
    require(
        coverage.mappings.map(\.mapping) == uncovered,
        "uncovered \(coverage.mappings.map(\.mapping)), expected \(uncovered) for \(components.map { show($0.path) })")
    let unmatched = components.indices.filter { index in
        !components[index].exclude && !paths.contains { referenceMeets(globs[index], $0) }
    }.map { components[$0].path }
    require(
        coverage.unmatchedComponents == unmatched,
        "unmatched \(coverage.unmatchedComponents.map(show)), expected \(unmatched.map(show))")

    // Concrete paths, for short globs: holes filled with scalars the glob holds (but `/`),
    // `x`, and runs of them.
    var generator = SeededGenerator(seed: seed)
    for glob in globs where glob.count <= 10 && glob.count(where: { $0 == "*" }) <= 3 {
        var alphabet = glob.filter { $0 != "/" && $0 != "*" && $0 != "?" }
        alphabet.append("x")
        for pieces in paths {
            let covers = referenceCovers(glob, pieces)
            let meets = referenceMeets(glob, pieces)
            for _ in 0..<4 {
                var fills = AnyIterator<[Unicode.Scalar]> {
                    (0...Int(generator.next(below: 3))).map { _ in alphabet.randomElement(using: &generator) ?? "x" }
                }
                let path = instance(pieces, &fills)
                let matches = backtrackingMatches(glob[...], path[...])
                require(!covers || matches, "\(show(String(String.UnicodeScalarView(glob)))) covers, not \(path)")
                require(!matches || meets, "\(show(String(String.UnicodeScalarView(glob)))) meets \(path)")
            }
        }
    }
}

/// The generated files of a group whose patterns all registered: the Apple file covers the
/// group exactly, and the Android filters are well-formed XML.
func checkGeneratedFiles(of group: URLMatcherGroup<Int>) {
    let generated: Data
    do {
        generated = try group.appleAppSiteAssociation(appIDs: ["ABCDE12345.com.example.app"])
    } catch .fileTooLarge {
        return  // larger than the system reads: refused, as it should be
    } catch {
        require(false, "no file generated: \(error)")
        return
    }
    let coverage = group.uncoveredMappings(inAppleAppSiteAssociation: generated)
    // A mapping whose path is longer than the limit (which no URL within the standard
    // policy's length reaches either) makes a component the reader refuses.
    let limit = ServedAssociationFileError.maximumPathLength
    if group.appleAppSiteAssociationComponents(forHost: nil).contains(where: { $0.path.utf8.count > limit }) {
        guard case .pathTooLong? = coverage.unreadable else {
            require(false, "a component over the limit was read: \(coverage)")
            return
        }
    } else {
        require(coverage.isComplete, "the generated file does not cover its own group: \(coverage)")
    }

    // XML 1.0 has no way to write U+FFFE or U+FFFF, not even as a character reference
    // (every other scalar a pattern may hold it can write): a known limit of the filters,
    // left out here. (Control characters are refused at registration.)
    let patterns = group.associationMappings.map(\.pattern)
    guard !patterns.contains(where: { $0.unicodeScalars.contains { $0 == "\u{FFFE}" || $0 == "\u{FFFF}" } }) else {
        return
    }
    let filters = group.androidIntentFilters()
    let document =
        #"<manifest xmlns:android="http://schemas.android.com/apk/res/android">"# + filters + "</manifest>"
    let parser = XMLParser(data: Data(document.utf8))
    let counter = DataCounter()
    parser.delegate = counter
    require(parser.parse(), "the intent filters are not XML: \(show(filters))")
    // One per scheme, host and mapping; in a host-in-path group, one per scheme for a mapping
    // whose first segment is a literal (the host).
    let expected = group.associationMappings.reduce(0) { count, mapping in
        guard let hosts = mapping.matcher.hosts else {
            guard case .literal? = mapping.segments.first else { return count }
            return count + mapping.matcher.schemes.count
        }
        return count + mapping.matcher.schemes.count * hosts.count
    }
    require(counter.data == expected, "\(counter.data) <data> elements, expected \(expected)")
}

final class DataCounter: NSObject, XMLParserDelegate {
    var data = 0

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if elementName == "data" { data += 1 }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = bytes(data, size)
    let (head, tail) = splitAtNUL(input)
    guard let tail else {
        checkServedFile(Data(input), against: fixedGroup, seed: input)
        return 0
    }
    let group = makeGroup(extra: text(head))
    if group.patternErrors.isEmpty {
        checkGeneratedFiles(of: group)
    }
    checkServedFile(Data(tail), against: group, seed: input)
    return 0
}
