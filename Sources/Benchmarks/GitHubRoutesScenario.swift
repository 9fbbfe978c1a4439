import Foundation
import StreamRouter

/// A real route set: the GitHub API's routes (the set routers are compared on), read at run
/// time from `../shared/peer-router/routes/github.txt` beside the package (looked for from
/// the current directory, then from this source file's package), never copied into it. The
/// rows are skipped, and say so, when the file is absent.
///
/// The file holds one route a line, `METHOD /path` with `:name` parameters; a route table
/// has no methods, so each distinct path is one entry, in the file's order. A pattern
/// `PathPattern` rejects is skipped and counted (the row's name says how many, and a line
/// before the table names them).
///
/// Three cases, each looking up its paths in turn, against a `Dictionary<String, Int>` of
/// the static paths (those without parameters) looking up the same paths: the floor for a
/// static route. Reported figures, no target: static hits, every route's concrete path
/// (each parameter filled with a sample value), and misses (each concrete path with its
/// last segment changed so that no route matches).
enum GitHubRoutesScenario {
    static let name = "github-routes"
    static let relativePath = "../shared/peer-router/routes/github.txt"

    /// The route file: beside the current directory's package, else beside this package.
    static func routeFile() -> URL? {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(relativePath),
            packageRoot.appendingPathComponent(relativePath),
        ]
        return candidates.first { FileManager.default.isReadableFile(atPath: $0.standardizedFileURL.path) }
    }

    /// The distinct paths of `text`'s `METHOD /path` lines, in order (blank lines and `#`
    /// comments ignored).
    static func paths(in text: String) -> [String] {
        var seen: Set<String> = []
        var paths: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard let last = fields.last, last.hasPrefix("/"), !line.hasPrefix("#") else { continue }
            let path = String(last)
            if seen.insert(path).inserted {
                paths.append(path)
            }
        }
        return paths
    }

    /// `pattern` with each parameter filled with a sample value (`v1`, `v2`...: no literal of
    /// the route set), a wildcard with two segments.
    static func concretePath(of pattern: PathPattern) -> String {
        var segments: [String] = []
        for segment in pattern.segments {
            switch segment {
            case .literal(let text): segments.append(text)
            case .parameter, .optionalParameter: segments.append("v\(segments.count)")
            case .partialParameter(let prefix, _, let suffix): segments.append(prefix + "v\(segments.count)" + suffix)
            case .wildcard: segments += ["w1", "w2"]
            }
        }
        return "/" + segments.joined(separator: "/")
    }

    static func comparisons() throws -> [Comparison] {
        guard let file = routeFile() else {
            return ["every route", "static hits", "misses"].map { caseName in
                Comparison(
                    scenario: name, name: caseName, unit: "lookup", libraryLabel: "RouteTable.match",
                    baselineLabel: "Dictionary", kind: .skipped(reason: "\(relativePath) not found"))
            }
        }
        let text = try String(contentsOf: file, encoding: .utf8)
        let globs = paths(in: text)
        var patterns: [PathPattern] = []
        var skipped: [String] = []
        for glob in globs {
            do {
                patterns.append(try PathPattern(glob))
            } catch {
                skipped.append(glob)
            }
        }
        guard !patterns.isEmpty else { throw BenchmarkError("github-routes: no pattern in \(file.path) parses") }
        let table = RouteTable(patterns.enumerated().map { ($0.element, $0.offset) })
        let isStatic = { (pattern: PathPattern) in
            pattern.segments.allSatisfy { if case .literal = $0 { true } else { false } }
        }
        var dictionary: [String: Int] = [:]
        for (index, pattern) in patterns.enumerated() where isStatic(pattern) {
            dictionary[concretePath(of: pattern)] = dictionary[concretePath(of: pattern)] ?? index
        }
        let everyRoute = patterns.map(concretePath)
        let staticHits = patterns.filter(isStatic).map(concretePath)
        let misses = everyRoute.compactMap { path -> String? in
            let miss = path.split(separator: "/").dropLast().map { "/" + $0 }.joined() + "/zz-unknown"
            return table.match(miss) == nil && dictionary[miss] == nil ? miss : nil
        }
        // Each concrete path must find its own entry (first match: an earlier pattern may
        // win, which the trie and each pattern's own match must then agree on), each static
        // path the dictionary's entry.
        for path in everyRoute {
            guard let found = table.match(path), patterns[found.value].match(path) == found.information,
                patterns[..<found.value].allSatisfy({ $0.match(path) == nil })
            else { throw BenchmarkError("github-routes: \(path) does not find its first matching route") }
        }
        for path in staticHits where table.match(path)?.value != dictionary[path] {
            throw BenchmarkError("github-routes: the table and the dictionary disagree on \(path)")
        }
        let skippedNote = skipped.isEmpty ? "" : " (\(skipped.count) patterns skipped)"
        if !skipped.isEmpty {
            let list = skipped.joined(separator: " ")
            print("github-routes: skipped \(skipped.count) patterns PathPattern rejects: \(list)")
        }
        func row(_ caseName: String, _ paths: [String]) -> Comparison {
            let paths = opaque(paths)
            let dictionary = opaque(dictionary)
            return Comparison(
                scenario: name,
                name: caseName,
                unit: "lookup",
                libraryLabel: "RouteTable.match",
                baselineLabel: "Dictionary<String, Int> of the static paths",
                kind: .timed(
                    library: { operations in
                        timeLoop(operations) { index in
                            RouteTableScenario.fold(table.match(paths[index % paths.count]))
                        }
                    },
                    baseline: { operations in
                        timeLoop(operations) { index in dictionary[paths[index % paths.count]] ?? -1 }
                    }
                )
            )
        }
        return [
            row("static hits, \(staticHits.count) paths", staticHits),
            row("every route, \(everyRoute.count) of \(globs.count) paths\(skippedNote)", everyRoute),
            row("misses, \(misses.count) paths", misses),
        ]
    }
}
