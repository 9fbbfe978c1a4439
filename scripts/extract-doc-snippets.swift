// Turns the ```swift blocks of DocC articles into a Swift package that scripts/check-doc-snippets.sh
// builds, so that a snippet that stops compiling fails the documentation build.
//
// Usage: swift scripts/extract-doc-snippets.swift <output-dir> <repository-root> <article.md>...
//
// Each article becomes one module (target `Snippets<Article>`) with one source file, read as
// if it began with `import StreamRouter`, `import DocSnippetContext` (scripts/doc-snippets/,
// the names the articles use without declaring them, such as `navigator`) and every `import`
// line found in any of the article's blocks. The line right above a block's opening fence
// may say how to compile it:
//
//   (nothing)                          the block is the body of an `async throws` function,
//                                      so statements, `try`, `await` and local types work;
//   <!-- snippet: continues -->        the block goes on in the previous block's function,
//                                      seeing its local names (an article that builds
//                                      one example up, block after block);
//   <!-- snippet: top-level -->        the block is declarations at file scope (types,
//                                      extensions, `@Test` functions), seen by the article's
//                                      other blocks;
//   <!-- snippet: member -->           the block is members of a type (`static func ...`),
//                                      compiled inside an enum of its own;
//   <!-- snippet: skip (reason) -->    the block is not compiled; the reason is required
//                                      (a manifest fragment, SwiftUI, another library).
//
// A `{ ... }` placeholder (`for await path in navigator.paths { ... }`) compiles as `{}`.
// `#sourceLocation` directives make compiler errors point at the article's own lines.
import Foundation

struct Failure: Error, CustomStringConvertible {
    let description: String
}

enum Mode {
    case body, continues, topLevel, member, skip
}

struct Block {
    let mode: Mode
    let firstLine: Int  // 1-based line of the first line of code in the article
    let lines: [String]
}

/// The blocks of one article, in order.
func blocks(in path: String) throws -> [Block] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    var result: [Block] = []
    var index = 0
    while index < lines.count {
        let line = lines[index]
        guard line.trimmingCharacters(in: .whitespaces) == "```swift" else {
            index += 1
            continue
        }
        let marker = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
        let mode = try blockMode(marker: marker, at: "\(path):\(index)")
        let indentation = line.prefix { $0 == " " }.count
        var body: [String] = []
        index += 1
        let firstLine = index + 1
        while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
            body.append(String(lines[index].dropFirst(min(indentation, lines[index].prefix { $0 == " " }.count))))
            index += 1
        }
        guard index < lines.count else { throw Failure(description: "\(path):\(firstLine - 1): unclosed ```swift") }
        index += 1
        result.append(Block(mode: mode, firstLine: firstLine, lines: body))
    }
    return result
}

/// The mode a marker line asks for (`body` when the line is not a marker).
func blockMode(marker: String, at location: String) throws -> Mode {
    guard marker.hasPrefix("<!-- snippet:"), marker.hasSuffix("-->") else { return .body }
    let content = marker.dropFirst("<!-- snippet:".count).dropLast("-->".count)
        .trimmingCharacters(in: .whitespaces)
    switch content {
    case "continues": return .continues
    case "top-level": return .topLevel
    case "member": return .member
    default:
        if content.hasPrefix("skip (") && content.hasSuffix(")") && content.count > "skip ()".count {
            return .skip
        }
        throw Failure(
            description: """
                \(location): unknown snippet marker '\(marker)'; expected continues, top-level, member or skip (reason)
                """
        )
    }
}

/// An identifier made of the letters and digits of `name`.
func identifier(_ name: String) -> String {
    String(name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) && $0.isASCII }.map(Character.init))
}

func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent,
        withIntermediateDirectories: true
    )
    if (try? String(contentsOfFile: path, encoding: .utf8)) != text {  // unchanged files keep their build
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

func run() throws {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard arguments.count >= 3 else {
        throw Failure(description: "usage: extract-doc-snippets.swift <output-dir> <repository-root> <article.md>...")
    }
    let output = arguments[0]
    let root = arguments[1]
    var targets: [String] = []
    var compiled = 0
    var skipped = 0
    for article in arguments.dropFirst(2) {
        let name = "Snippets" + identifier(((article as NSString).lastPathComponent as NSString).deletingPathExtension)
        let articleBlocks = try blocks(in: article)
        guard articleBlocks.contains(where: { $0.mode != .skip }) else {
            skipped += articleBlocks.count
            continue
        }
        let location = (article as NSString).isAbsolutePath ? article : "\(root)/\(article)"
        var imports: Set<String> = ["import DocSnippetContext", "import StreamRouter"]
        var source = ""
        var functionIsOpen = false
        func closeFunction() {
            if functionIsOpen { source += "}\n\n" }
            functionIsOpen = false
        }
        for block in articleBlocks {
            guard block.mode != .skip else {
                skipped += 1
                continue
            }
            compiled += 1
            // `import` lines move to the top of the file; blank lines keep the line numbers.
            // A `{ ... }` placeholder body becomes an empty one.
            let code = block.lines.map { line -> String in
                guard line.hasPrefix("import ") || line.hasPrefix("@_spi(") else {
                    return line.replacingOccurrences(of: "{ ... }", with: "{}")
                }
                imports.insert(line.trimmingCharacters(in: .whitespaces))
                return ""
            }
            let directive = "#sourceLocation(file: \"\(location)\", line: \(block.firstLine))"
            switch block.mode {
            case .body:
                closeFunction()
                source += "func snippetAtLine\(block.firstLine)() async throws {\n"
                source += "\(directive)\n\(code.joined(separator: "\n"))\n#sourceLocation()\n"
                functionIsOpen = true
            case .continues:
                guard functionIsOpen else {
                    throw Failure(description: "\(article):\(block.firstLine - 1): nothing to continue")
                }
                source += "\(directive)\n\(code.joined(separator: "\n"))\n#sourceLocation()\n"
            case .topLevel:
                closeFunction()
                source += "\(directive)\n\(code.joined(separator: "\n"))\n#sourceLocation()\n\n"
            case .member:
                closeFunction()
                source += "enum SnippetAtLine\(block.firstLine) {\n"
                source += "\(directive)\n\(code.joined(separator: "\n"))\n#sourceLocation()\n}\n\n"
            case .skip:
                break
            }
        }
        closeFunction()
        let header = "// Generated by scripts/extract-doc-snippets.swift from \(article); do not edit.\n"
        try write(
            header + imports.sorted().joined(separator: "\n") + "\n\n" + source,
            to: "\(output)/Sources/\(name)/\(name).swift"
        )
        targets.append(name)
    }
    try write(manifest(targets: targets, root: root), to: "\(output)/Package.swift")
    try write(
        try String(contentsOfFile: "\(root)/scripts/doc-snippets/DocSnippetContext.swift", encoding: .utf8),
        to: "\(output)/Sources/DocSnippetContext/DocSnippetContext.swift"
    )
    print("\(compiled) snippets to compile in \(targets.count) modules, \(skipped) skipped (marked)")
}

func manifest(targets: [String], root: String) -> String {
    let library = ".product(name: \"StreamRouter\", package: \"StreamRouter\")"
    let testing = ".product(name: \"StreamRouterTesting\", package: \"StreamRouter\")"
    let snippetTargets = targets.map { name in
        """
                .target(
                    name: "\(name)",
                    dependencies: ["DocSnippetContext", \(library), \(testing)],
                    swiftSettings: [.swiftLanguageMode(.v6)]
                ),
        """
    }
    return """
        // swift-tools-version: 6.0
        // Generated by scripts/extract-doc-snippets.swift; do not edit.
        import PackageDescription

        let package = Package(
            name: "DocSnippets",
            platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
            dependencies: [.package(name: "StreamRouter", path: "\(root)")],
            targets: [
                .target(
                    name: "DocSnippetContext",
                    dependencies: [\(library)],
                    swiftSettings: [.swiftLanguageMode(.v6)]
                ),
        \(snippetTargets.joined(separator: "\n"))
            ]
        )

        """
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
