// Fuzz target `tables`: `RouteTable` lookups (the compiled segment trie) and redirects.
//
// Input: lines of globs (at most 24), then NUL, then a path (without a NUL, the last line
// is the path). A line `glob -> target` is a redirect entry for the redirect check.
//
// Invariants:
// - `match` / `firstMatch` give the first entry in declaration order whose pattern matches
//   (`PathPattern.match`) and whose validator accepts, with the same `RouteInformation`;
// - `resolve` (redirects) always ends: a screen on a normalised path, `nil`, or a loop /
//   too-many-redirects error whose chain is as long as the rules say.
import Foundation
import StreamRouter

/// Validators reject a match when one of its parameter values has an odd number of bytes
/// (arbitrary, deterministic, and independent of the pattern).
func accepts(_ information: RouteInformation) -> Bool {
    information.parameters.values.allSatisfy { $0.utf8.count % 2 == 0 }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (head, tail) = splitAtNUL(bytes(data, size))
    var lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { text($0) }
    let path: String
    if let tail {
        path = text(tail)
    } else {
        path = lines.popLast() ?? "/"
    }
    lines = Array(lines.prefix(24))

    // First match, with validators on every third entry.
    var entries: [RouteTable<Int>.Entry] = []
    var patterns: [PathPattern] = []
    var destinations: [(PathPattern, RouteDestination<Int>)] = []
    for (index, line) in lines.enumerated() {
        let parts = line.components(separatedBy: " -> ")
        guard let pattern = try? PathPattern(parts[0]) else { continue }
        let position = patterns.count
        patterns.append(pattern)
        entries.append(
            position % 3 == 2 ? .validated(pattern) { accepts($0) ? position : nil } : .init(pattern, position))
        destinations.append((pattern, parts.count > 1 ? .redirect(to: parts[1]) : .screen(index)))
    }
    let table = RouteTable(entries)
    var expected: (index: Int, information: RouteInformation)?
    for (index, pattern) in patterns.enumerated() {
        guard let information = pattern.match(path) else { continue }
        if index % 3 == 2 && !accepts(information) { continue }
        expected = (index, information)
        break
    }
    let found = table.firstMatch(path)
    let context = "patterns \(patterns.map(\.description)) path \(show(path))"
    require(
        found?.entryIndex == expected?.index,
        "entry \(String(describing: found?.entryIndex)), expected \(String(describing: expected?.index)): \(context)")
    require(
        found?.information == expected?.information,
        "information \(String(describing: found?.information)), expected \(String(describing: expected?.information)): \(context)"
    )
    require(found.map { $0.value == $0.entryIndex } ?? true, "value/entry mismatch: \(context)")
    require(table.match(path)?.information == found?.information, "match and firstMatch differ: \(context)")

    // Redirects always end.
    let redirects = RouteTable(destinations)
    do {
        if let route = try redirects.resolve(path, maximumRedirects: 8) {
            require(PathResolver.isNormalized(route.path), "resolved to \(show(route.path)): \(context)")
            require(route.redirectedFrom.count <= 8, "\(route.redirectedFrom.count) redirects: \(context)")
            require(
                Set(route.redirectedFrom + [route.path]).count == route.redirectedFrom.count + 1,
                "a loop was followed: \(context)")
        }
    } catch {
        require(
            !error.chain.isEmpty && error.chain.allSatisfy(PathResolver.isNormalized),
            "odd redirect error \(error): \(context)")
        switch error.reason {
        case .loop: require(error.chain.dropLast().contains(error.chain.last!), "a 'loop' that is none: \(error)")
        case .tooManyRedirects(let limit): require(limit == 8 && error.chain.count == 10, "\(error)")
        }
    }
    return 0
}
