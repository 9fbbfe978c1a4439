// Reduces a `swift-api-digester -dump-sdk` dump to the module's public API, so that a
// baseline committed in api/ changes only when the public API does:
//
// - drops the declarations the digester marks `isInternal`: `package` and SPI declarations
//   are not public API and may change freely;
// - drops the import list, which depends on the platform (Glibc, Darwin) and on the build
//   configuration (SwiftOnoneSupport in debug builds);
// - orders the members of the module and of each type by kind, name and USR, so that moving
//   a declaration within its file or to another file changes nothing;
// - writes the JSON pretty-printed with sorted keys.
//
// Usage: swift scripts/filter-api-dump.swift <dump.json> <filtered.json>
//
// Run by scripts/check-api.sh with the interpreter of the toolchain, so that it needs nothing
// besides Swift.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    let usage = "usage: filter-api-dump.swift <dump.json> <filtered.json>\n"
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}

/// The nodes whose children are declarations (rather than the parts of a type or a signature,
/// whose order means something).
let declarationContainers: Set<String> = ["Root", "TypeDecl"]

func sortKey(_ node: [String: Any]) -> String {
    ["kind", "declKind", "printedName", "usr"]
        .map { node[$0] as? String ?? "" }
        .joined(separator: "\u{1}")
}

func filter(_ node: [String: Any]) -> [String: Any] {
    var node = node
    guard let children = node["children"] as? [[String: Any]] else { return node }
    var kept = children.compactMap { child -> [String: Any]? in
        if child["isInternal"] as? Bool == true { return nil }
        if child["kind"] as? String == "Import" { return nil }
        return filter(child)
    }
    if declarationContainers.contains(node["kind"] as? String ?? "") {
        kept.sort { sortKey($0) < sortKey($1) }
    }
    node["children"] = kept
    return node
}

let input = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
guard var dump = try JSONSerialization.jsonObject(with: input) as? [String: Any],
    let root = dump["ABIRoot"] as? [String: Any],
    root["name"] as? String != "NO_MODULE"
else {
    let message = "error: \(arguments[1]) is not a swift-api-digester dump\n"
    FileHandle.standardError.write(Data(message.utf8))
    exit(1)
}
dump["ABIRoot"] = filter(root)
let output = try JSONSerialization.data(
    withJSONObject: dump,
    options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
)
try (output + Data("\n".utf8)).write(to: URL(fileURLWithPath: arguments[2]))
