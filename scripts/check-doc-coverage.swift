// Checks the symbol graphs of a module for two documentation rules, and exits non-zero when
// either is broken:
//
// 1. every public symbol declared in the sources has a `///` comment of its own (a symbol
//    whose only documentation is inherited from a protocol it implements does not count);
// 2. every top-level symbol of the module is curated in the catalog's landing page (when
//    a landing page is given): ``Name`` appears in it.
//
// Usage: swift scripts/check-doc-coverage.swift <symbol-graph-dir> <module> [<landing-page.md>]
//
// Run by scripts/build-docs.sh with the interpreter of the toolchain, so that it needs
// nothing besides Swift.
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2 || arguments.count == 3 else {
    let usage = "usage: check-doc-coverage.swift <symbol-graph-dir> <module> [<landing-page.md>]\n"
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
let directory = URL(fileURLWithPath: arguments[arguments.startIndex])
let module = arguments[arguments.startIndex + 1]
let landingPage = arguments.count == 3 ? arguments[arguments.startIndex + 2] : nil

func object(_ value: Any?) -> [String: Any]? { value as? [String: Any] }
func array(_ value: Any?) -> [Any] { value as? [Any] ?? [] }

var undocumented: [String] = []
var topLevel: Set<String> = []
let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    .filter { $0.hasSuffix(".symbols.json") }
    .sorted()
for file in files {
    let data = try Data(contentsOf: directory.appendingPathComponent(file))
    guard let graph = object(try JSONSerialization.jsonObject(with: data)) else { continue }
    let isMainGraph = file == "\(module).symbols.json"
    for case let symbol as [String: Any] in array(graph["symbols"]) {
        let precise = object(symbol["identifier"])?["precise"] as? String ?? ""
        let kind = object(symbol["kind"])?["identifier"] as? String ?? ""
        let path = array(symbol["pathComponents"]).compactMap { $0 as? String }
        // Members a protocol's default implementation gives a type, and extension blocks,
        // are not declarations of this module's sources.
        if precise.contains("::SYNTHESIZED::") || kind == "swift.extension" { continue }
        if isMainGraph && path.count == 1 { topLevel.insert(path[0]) }
        // Declarations the compiler synthesises (`init(from:)`, `init(rawValue:)`) have no
        // location: there is no source line to document.
        guard let location = object(symbol["location"]),
            let uri = location["uri"] as? String,
            let line = object(location["position"])?["line"] as? Int
        else { continue }
        let comment = object(symbol["docComment"])
        let lastCommentLine = array(comment?["lines"]).compactMap { line -> Int? in
            object(object(object(line)?["range"])?["end"])?["line"] as? Int
        }.max()
        // Its own comment is in the same file, right above the declaration (attributes may
        // sit between them).
        let isAbove = lastCommentLine.map { $0 < line && line - $0 <= 8 } ?? false
        let ownComment = comment?["uri"] as? String == uri && isAbove
        if !ownComment {
            let file = uri.components(separatedBy: "/Sources/").last ?? uri
            undocumented.append("\(file):\(line + 1): \(path.joined(separator: "."))")
        }
    }
}

var failed = false
if !undocumented.isEmpty {
    failed = true
    print("error: \(module): \(undocumented.count) public symbol(s) without a /// comment:")
    for entry in undocumented.sorted() {
        print("  \(entry)")
    }
}
if let landingPage {
    let text = try String(contentsOfFile: landingPage, encoding: .utf8)
    let uncurated = topLevel.filter { name in
        // ``Name``, ``Name-...`` (a disambiguated link) or ``Name/...`` (a member).
        let base = name.split(separator: "(").first.map(String.init) ?? name
        let links = ["``\(name)``", "``\(name)-", "``\(base)(", "``\(name)/"]
        return !links.contains { text.contains($0) }
    }
    if !uncurated.isEmpty {
        failed = true
        print("error: \(module): top-level symbol(s) missing from the Topics of \(landingPage):")
        for name in uncurated.sorted() { print("  \(name)") }
    }
}
if failed { exit(1) }
let curated = landingPage == nil ? "" : "; every top-level symbol is curated"
print("\(module): every public symbol has a doc comment\(curated)")
