import Foundation
import StreamRouter

/// The baseline for route matching, written for the benchmarks and never shipped: each glob
/// compiled once to an `NSRegularExpression`, a table matched by testing the entries one
/// after the other in declaration order — the approach SwiftUIRouter takes.
///
/// A glob becomes an anchored expression: a literal segment `/text` (escaped), `:name` the
/// named group `/(?<name>[^/]+)`, `:name?` the optional group `(?:/(?<name>[^/]+))?`, and a
/// trailing `*` the group `(/.*)?`. A match yields the same ``RouteInformation`` the library
/// gives (the benchmarks check that before timing anything).
struct RegexScanBaseline<Value: Sendable>: Sendable {
    /// One compiled glob.
    struct Route: Sendable {
        let expression: NSRegularExpression
        /// The `:name`, `:name?` and partial-segment parameters, in order.
        let parameterNames: [String]
        /// The capture group of a trailing `*`, if the glob ends with one.
        let wildcardGroup: Int?
        let value: Value

        init(glob: String, value: Value) throws {
            var pattern = "^"
            var names: [String] = []
            var groups = 0
            var wildcardGroup: Int?
            for segment in glob.split(separator: "/") {
                if segment == "*" {
                    groups += 1
                    wildcardGroup = groups
                    pattern += "(/.*)?"
                } else if segment.hasPrefix(":") && segment.hasSuffix("?") {
                    let name = String(segment.dropFirst().dropLast())
                    names.append(name)
                    groups += 1
                    pattern += "(?:/(?<\(name)>[^/]+))?"
                } else if let colon = segment.firstIndex(of: ":") {
                    // `:name`, or a partial segment: a prefix, `:name`, a suffix (`@:handle`, `:id.json`).
                    let rest = segment[segment.index(after: colon)...]
                    let name = String(rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
                    let prefix = NSRegularExpression.escapedPattern(for: String(segment[..<colon]))
                    let suffix = NSRegularExpression.escapedPattern(for: String(rest.dropFirst(name.count)))
                    names.append(name)
                    groups += 1
                    pattern += "/\(prefix)(?<\(name)>[^/]+)\(suffix)"
                } else {
                    pattern += "/" + NSRegularExpression.escapedPattern(for: String(segment))
                }
            }
            if pattern == "^" {
                pattern += "/"  // The root glob.
            }
            pattern += "$"
            expression = try NSRegularExpression(pattern: pattern)
            parameterNames = names
            self.wildcardGroup = wildcardGroup
            self.value = value
        }

        /// Matches one path, extracting the parameters and the matched part.
        func match(_ path: String, range: NSRange) -> RouteInformation? {
            guard let result = expression.firstMatch(in: path, range: range) else { return nil }
            var parameters: [String: String] = [:]
            for name in parameterNames {
                let captured = result.range(withName: name)
                if captured.location != NSNotFound, let bounds = Range(captured, in: path) {
                    parameters[name] = String(path[bounds])
                }
            }
            var matchedPath = path
            if let wildcardGroup {
                let rest = result.range(at: wildcardGroup)
                if rest.location != NSNotFound, let bounds = Range(rest, in: path) {
                    matchedPath = bounds.lowerBound == path.startIndex ? "/" : String(path[..<bounds.lowerBound])
                }
            }
            return RouteInformation(path: matchedPath, parameters: parameters)
        }
    }

    let routes: [Route]

    /// Compiles every glob once.
    init(_ entries: [(glob: String, value: Value)]) throws {
        routes = try entries.map { try Route(glob: $0.glob, value: $0.value) }
    }

    /// The first route, in declaration order, whose expression matches `path`.
    func match(_ path: String) -> (value: Value, information: RouteInformation)? {
        let range = NSRange(location: 0, length: path.utf16.count)
        for route in routes {
            if let information = route.match(path, range: range) {
                return (route.value, information)
            }
        }
        return nil
    }
}
