// Turns the ```swift blocks of DocC articles (and of README.md) into a Swift package that
// scripts/check-doc-snippets.sh builds and runs, so that a snippet that stops compiling, or
// stops working, fails the documentation build.
//
// Usage: swift scripts/extract-doc-snippets.swift <output-dir> <repository-root> <article.md>...
//
// Each article becomes one module (target `Snippets<Article>`) with one source file, read as
// if it began with `import StreamRouter`, `import DocSnippetContext` (scripts/doc-snippets/
// DocSnippetContext, the names the articles use without declaring them, such as `navigator`)
// and every `import` line found in any of the article's blocks. The line right above a
// block's opening fence may say how to compile it:
//
//   (nothing)                          the block is the body of an `async throws` function,
//                                      so statements, `try`, `await` and local types work;
//                                      the runner calls it;
//   <!-- snippet: continues -->        the block goes on in the previous block's function,
//                                      seeing its local names (an article that builds
//                                      one example up, block after block);
//   <!-- snippet: top-level -->        the block is declarations at file scope (types,
//                                      extensions, `@Test` functions), seen by the article's
//                                      other blocks; `swift test` runs its `@Test` functions;
//   <!-- snippet: member -->           the block is members of a type (`static func ...`),
//                                      compiled inside an enum of its own;
//   <!-- snippet: compile-only (reason) -->
//                                      a function like an unmarked block's, compiled but not
//                                      run (an endless `for await` over a live stream, a
//                                      placeholder body, a real server); the reason is
//                                      required; blocks that continue it do not run either;
//   <!-- snippet: top-level, compile-only (reason) -->
//                                      top-level declarations whose `@Test` functions are
//                                      compiled but disabled (a test that reads the app's
//                                      own files);
//   <!-- snippet: skip (reason) -->    the block is not compiled; the reason is required
//                                      (a manifest fragment, SwiftUI, another library).
//
// A block function is a method of `SnippetContext` (scripts/doc-snippets/DocSnippetContext),
// so `navigator` and `router` are its members, new for each function the runner calls; the
// article's module lists the functions that run, in order, in `docSnippets`.
//
// The package also has an executable, `DocSnippetRunner` (scripts/doc-snippets/
// DocSnippetRunner plus a generated `main.swift`), which calls every article's `docSnippets`,
// each in a task of its own with a timeout, and a test target, `DocSnippetTests`, that links
// every article's module so that `swift test` runs their `@Test` functions.
//
// A `{ ... }` placeholder (`for await path in navigator.paths { ... }`) compiles as `{}`.
// `#sourceLocation` directives make compiler errors point at the article's own lines.
// The last line printed counts the blocks: run, declarations, compile-only, skipped.
import Foundation

struct Failure: Error, CustomStringConvertible {
    let description: String
}

enum Mode {
    case body, continues, topLevel, member, skip
}

struct Block {
    let mode: Mode
    /// Why the block is compiled but not run, when its marker says `compile-only (reason)`.
    let compileOnly: String?
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
        let (mode, compileOnly) = try blockMode(marker: marker, at: "\(path):\(index)")
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
        result.append(Block(mode: mode, compileOnly: compileOnly, firstLine: firstLine, lines: body))
    }
    return result
}

/// The mode a marker line asks for (`body` when the line is not a marker), and the reason
/// when it says `compile-only (reason)`.
func blockMode(marker: String, at location: String) throws -> (Mode, compileOnly: String?) {
    guard marker.hasPrefix("<!-- snippet:"), marker.hasSuffix("-->") else { return (.body, nil) }
    let content = marker.dropFirst("<!-- snippet:".count).dropLast("-->".count)
        .trimmingCharacters(in: .whitespaces)
    switch content {
    case "continues": return (.continues, nil)
    case "top-level": return (.topLevel, nil)
    case "member": return (.member, nil)
    default:
        if reason(in: content, after: "skip") != nil {
            return (.skip, nil)
        }
        if let reason = reason(in: content, after: "compile-only") {
            return (.body, reason)
        }
        if let reason = reason(in: content, after: "top-level, compile-only") {
            return (.topLevel, reason)
        }
        throw Failure(
            description: """
                \(location): unknown snippet marker '\(marker)'; expected continues, top-level, member, \
                compile-only (reason), top-level, compile-only (reason) or skip (reason)
                """
        )
    }
}

/// The non-empty reason of `content` when it reads `<keyword> (<reason>)`.
func reason(in content: String, after keyword: String) -> String? {
    guard content.hasPrefix(keyword + " ("), content.hasSuffix(")") else { return nil }
    let reason = content.dropFirst(keyword.count + 2).dropLast()
    return reason.trimmingCharacters(in: .whitespaces).isEmpty ? nil : String(reason)
}

/// Where `line` has a `@Test` attribute.
func testAttribute(in line: String) -> Range<String.Index>? {
    guard let attribute = line.range(of: "@Test") else { return nil }
    let next = line[attribute.upperBound...].first
    return next.map { $0.isLetter || $0.isNumber || $0 == "_" } == true ? nil : attribute
}

/// `line` with its `@Test` attribute given a `.disabled("compile-only: <reason>")` trait, after
/// the display name when it has one.
func disablingTest(in line: String, reason: String) -> String {
    guard let attribute = testAttribute(in: line) else { return line }
    let escaped = reason.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    let trait = ".disabled(\"compile-only: \(escaped)\")"
    let head = String(line[..<attribute.upperBound])
    let rest = line[attribute.upperBound...]
    guard rest.first == "(" else { return head + "(\(trait))" + rest }
    let arguments = rest.dropFirst()
    guard arguments.drop(while: { $0 == " " }).first == "\"", var index = arguments.firstIndex(of: "\"") else {
        return head + "(\(trait), " + arguments
    }
    // After the display name: its closing quote is the first one not escaped.
    index = arguments.index(after: index)
    while index < arguments.endIndex, arguments[index] != "\"" {
        index =
            arguments.index(index, offsetBy: arguments[index] == "\\" ? 2 : 1, limitedBy: arguments.endIndex)
            ?? arguments.endIndex
    }
    let afterName = index < arguments.endIndex ? arguments.index(after: index) : index
    return head + "(" + arguments[..<afterName] + ", \(trait)" + arguments[afterName...]
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

/// How many blocks of each kind the articles have.
struct Counts {
    var run = 0  // in functions the runner calls, or declaring `@Test` functions that run
    var functions = 0
    var tests = 0
    var declarations = 0
    var compileOnly = 0
    var skipped = 0
}

/// The source file of the module of `article`, and the blocks it holds, counted into `counts`.
func module(of article: String, blocks articleBlocks: [Block], root: String, counts: inout Counts) throws -> String {
    let location = (article as NSString).isAbsolutePath ? article : "\(root)/\(article)"
    var imports: Set<String> = ["import DocSnippetContext", "import StreamRouter"]
    var source = ""
    var runs: [Int] = []  // the first lines of the functions that run
    var openFunctionRuns: Bool?  // whether the function a `continues` block goes on in runs
    func closeFunction() {
        if openFunctionRuns != nil { source += "}\n}\n\n" }
        openFunctionRuns = nil
    }
    for block in articleBlocks {
        // `import` lines move to the top of the file; blank lines keep the line numbers.
        // A `{ ... }` placeholder body becomes an empty one.
        let code = block.lines.map { line -> String in
            guard line.hasPrefix("import ") || line.hasPrefix("@_spi(") else {
                let line = line.replacingOccurrences(of: "{ ... }", with: "{}")
                return block.compileOnly.map { disablingTest(in: line, reason: $0) } ?? line
            }
            imports.insert(line.trimmingCharacters(in: .whitespaces))
            return ""
        }
        let directive = "#sourceLocation(file: \"\(location)\", line: \(block.firstLine))"
        let text = "\(directive)\n\(code.joined(separator: "\n"))\n#sourceLocation()\n"
        switch block.mode {
        case .body:
            closeFunction()
            source += "extension SnippetContext {\nfunc snippetAtLine\(block.firstLine)() async throws {\n" + text
            openFunctionRuns = block.compileOnly == nil
            if block.compileOnly == nil {
                runs.append(block.firstLine)
                counts.functions += 1
                counts.run += 1
            } else {
                counts.compileOnly += 1
            }
        case .continues:
            guard let runs = openFunctionRuns else {
                throw Failure(description: "\(article):\(block.firstLine - 1): nothing to continue")
            }
            source += text
            if runs { counts.run += 1 } else { counts.compileOnly += 1 }
        case .topLevel:
            closeFunction()
            source += text + "\n"
            let tests = block.lines.filter { testAttribute(in: $0) != nil }.count
            if let reason = block.compileOnly {
                guard tests > 0 else {
                    throw Failure(
                        description: "\(article):\(block.firstLine - 1): compile-only (\(reason)), but no @Test")
                }
                counts.compileOnly += 1
            } else if tests > 0 {
                counts.run += 1
                counts.tests += tests
            } else {
                counts.declarations += 1
            }
        case .member:
            closeFunction()
            source += "enum SnippetAtLine\(block.firstLine) {\n" + text + "}\n\n"
            counts.declarations += 1
        case .skip:
            counts.skipped += 1
        }
    }
    closeFunction()
    let list = runs.map { line in
        "    DocSnippet(article: \"\(article)\", line: \(line)) { try await SnippetContext().snippetAtLine\(line)() },\n"
    }
    source += "/// The functions of this article's blocks that the runner calls, in order.\n"
    source += "public let docSnippets: [DocSnippet] = [\n\(list.joined())]\n"
    let header = "// Generated by scripts/extract-doc-snippets.swift from \(article); do not edit.\n"
    return header + imports.sorted().joined(separator: "\n") + "\n\n" + source
}

/// The runner's `main.swift`: every article's `docSnippets`, in order.
func runnerMain(modules: [String]) -> String {
    """
    // Generated by scripts/extract-doc-snippets.swift; do not edit.
    import DocSnippetContext
    import Foundation
    \(modules.map { "import \($0)" }.joined(separator: "\n"))

    let articles: [[DocSnippet]] = [
    \(modules.map { "    \($0).docSnippets," }.joined(separator: "\n"))
    ]
    let only = Array(CommandLine.arguments.dropFirst())
    exit(await runDocSnippets(articles.flatMap { $0 }, only: only, timeout: .seconds(10)) ? 0 : 1)

    """
}

/// Copies the Swift files of scripts/doc-snippets/<target> into the package's target.
func copySupport(_ target: String, root: String, output: String) throws {
    let folder = "\(root)/scripts/doc-snippets/\(target)"
    for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".swift") {
        try write(
            try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8),
            to: "\(output)/Sources/\(target)/\(file)"
        )
    }
}

func run() throws {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard arguments.count >= 3 else {
        throw Failure(description: "usage: extract-doc-snippets.swift <output-dir> <repository-root> <article.md>...")
    }
    let output = arguments[0]
    let root = arguments[1]
    var modules: [String] = []
    var counts = Counts()
    for article in arguments.dropFirst(2) {
        let name = "Snippets" + identifier(((article as NSString).lastPathComponent as NSString).deletingPathExtension)
        let articleBlocks = try blocks(in: article)
        guard articleBlocks.contains(where: { $0.mode != .skip }) else {
            counts.skipped += articleBlocks.count
            continue
        }
        let source = try module(of: article, blocks: articleBlocks, root: root, counts: &counts)
        try write(source, to: "\(output)/Sources/\(name)/\(name).swift")
        modules.append(name)
    }
    try write(manifest(modules: modules, root: root), to: "\(output)/Package.swift")
    try copySupport("DocSnippetContext", root: root, output: output)
    try copySupport("DocSnippetRunner", root: root, output: output)
    try write(runnerMain(modules: modules), to: "\(output)/Sources/DocSnippetRunner/main.swift")
    try write(
        "// Generated by scripts/extract-doc-snippets.swift; do not edit. `swift test` runs the\n"
            + "// `@Test` functions of the articles' modules, which this target links.\n",
        to: "\(output)/Tests/DocSnippetTests/DocSnippetTests.swift"
    )
    print(
        """
        \(counts.run) blocks run (\(counts.functions) functions, \(counts.tests) @Test functions), \
        \(counts.declarations) declarations compiled, \(counts.compileOnly) compile-only, \
        \(counts.skipped) skipped, in \(modules.count) articles
        """
    )
}

func manifest(modules: [String], root: String) -> String {
    let library = ".product(name: \"StreamRouter\", package: \"StreamRouter\")"
    let testing = ".product(name: \"StreamRouterTesting\", package: \"StreamRouter\")"
    let articles = modules.map { "\"\($0)\"" }.joined(separator: ", ")
    let snippetTargets = modules.map { name in
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
                .executableTarget(
                    name: "DocSnippetRunner",
                    dependencies: ["DocSnippetContext", \(articles)],
                    swiftSettings: [.swiftLanguageMode(.v6)]
                ),
                .testTarget(
                    name: "DocSnippetTests",
                    dependencies: [\(articles)],
                    swiftSettings: [.swiftLanguageMode(.v6)]
                ),
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
