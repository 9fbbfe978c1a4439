import Foundation

// Benchmarks: the library against baselines run in the same process, reported as ratios
// (baseline time / library time per repetition, then their median). See Options.usage.

let options: Options
switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case .success(let parsed):
    options = parsed
case .failure(let error):
    FileHandle.standardError.write(Data("error: \(error)\n\n\(Options.usage)\n".utf8))
    exit(2)
}

if options.showHelp {
    print(Options.usage)
    exit(0)
}

if let side = options.memoryProbe {
    guard let bytes = SubscriberMemoryScenario.probe(side) else { exit(1) }
    print("bytes-per-subscriber \(bytes)")
    exit(0)
}

// A filter naming a scenario runs all of it; otherwise it selects single cases by their
// "scenario/case" name (handy with --profile).
var selected: [Comparison] = []
let selectsScenarios = Scenarios.all.contains { options.includes($0.name) }
for scenario in Scenarios.all where !selectsScenarios || options.includes(scenario.name) {
    let comparisons: [Comparison]
    do {
        comparisons = try scenario.comparisons()
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(1)
    }
    if options.includes(scenario.name) {
        selected += comparisons
    } else {
        selected += comparisons.filter { options.includes($0.key) }
    }
}
guard !selected.isEmpty else {
    FileHandle.standardError.write(Data("error: nothing matches '\(options.filter ?? "")'\n\n\(Options.usage)\n".utf8))
    exit(2)
}

let machine = Machine.current()
let harness = Harness(options: options)
print("StreamRouter benchmarks\(options.quick ? " (quick)" : "")")
#if DEBUG
    print("note: a debug build measures nothing useful; run `swift run -c release StreamRouterBenchmarks`")
#endif
print("machine: \(machine.processor), \(machine.activeProcessors) cores, \(machine.operatingSystem)")
print(
    "\(options.repetitions) interleaved repetitions of ~\(Int(options.repetitionTime.seconds * 1000)) ms per side; "
        + "figures are per operation; ratio = baseline / library (higher is better for the library)"
)
print("")
TablePrinter.printHeader()

var rows: [RowResult] = []
for comparison in selected {
    let row = await harness.run(comparison)
    TablePrinter.printRow(row)
    rows.append(row)
}

let unmet = rows.filter { $0.targetMet == false }.map(\.key)
print("")
print(unmet.isEmpty ? "every measured target met" : "targets not met: \(unmet.joined(separator: "; "))")

if options.markdown {
    print("")
    MarkdownTable.print(rows)
}

if let path = options.jsonPath {
    let report = RunReport(
        machine: machine,
        quick: options.quick,
        repetitions: options.repetitions,
        repetitionMilliseconds: options.repetitionTime.seconds * 1000,
        rows: rows
    )
    do {
        try report.write(to: path)
        print("wrote \(path)")
    } catch {
        FileHandle.standardError.write(Data("error: cannot write \(path): \(error)\n".utf8))
        exit(1)
    }
}
