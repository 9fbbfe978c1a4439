import Foundation

/// The median, minimum and maximum of one side's figures (per operation).
struct Figures: Sendable, Codable {
    let median: Double
    let min: Double
    let max: Double

    init?(_ values: [Double]) {
        guard let minimum = values.min(), let maximum = values.max() else { return nil }
        median = values.medianValue
        min = minimum
        max = maximum
    }
}

/// The result of one comparison, as printed and as written to JSON.
struct RowResult: Sendable, Codable {
    let scenario: String
    let name: String
    /// What one operation is.
    let unit: String
    let libraryLabel: String
    let baselineLabel: String
    /// `ns` (per operation) or `bytes` (per item).
    var metric: String = "ns"
    /// `measured`, or why not.
    var status: String = "measured"
    /// Per-repetition figures.
    var librarySamples: [Double] = []
    var baselineSamples: [Double] = []
    var library: Figures?
    var baseline: Figures?
    /// Baseline over library, per repetition, in run order.
    var ratios: [Double] = []
    var medianRatio: Double?
    /// The phase figures (publish cost per subscriber for a fan-out), when reported.
    var phaseLabel: String?
    var libraryPhase: Figures?
    var baselinePhase: Figures?
    /// Operations per repetition, after calibration.
    var libraryOperations: Int?
    var baselineOperations: Int?
    var target: Target?
    var targetMet: Bool?

    var key: String { "\(scenario)/\(name)" }

    init(_ comparison: Comparison, status: String) {
        scenario = comparison.scenario
        name = comparison.name
        unit = comparison.unit
        libraryLabel = comparison.libraryLabel
        baselineLabel = comparison.baselineLabel
        target = comparison.target
        phaseLabel = comparison.phaseLabel
        self.status = status
    }

    init(_ comparison: Comparison, library: [Double], baseline: [Double], metric: String) {
        self.init(comparison, status: "measured")
        self.metric = metric
        librarySamples = library
        baselineSamples = baseline
        self.library = Figures(library)
        self.baseline = Figures(baseline)
        ratios = zip(baseline, library).map { $0 / $1 }
        if !ratios.isEmpty {
            let median = ratios.medianValue
            medianRatio = median
            if let target, let libraryMedian = self.library?.median {
                targetMet = target.isMet(medianRatio: median, libraryMedian: libraryMedian)
            }
        }
    }
}

/// Everything one run measured.
struct RunReport: Sendable, Codable {
    let machine: Machine
    let quick: Bool
    let repetitions: Int
    let repetitionMilliseconds: Double
    let rows: [RowResult]
}

/// What the figures were measured on.
struct Machine: Sendable, Codable {
    let processor: String
    let activeProcessors: Int
    let operatingSystem: String

    static func current() -> Machine {
        let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuInfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        return Machine(
            processor: model ?? "unknown",
            activeProcessors: ProcessInfo.processInfo.activeProcessorCount,
            operatingSystem: ProcessInfo.processInfo.operatingSystemVersionString
        )
    }
}

/// Prints results as an aligned text table.
enum TablePrinter {
    static let header = [
        "scenario", "case", "unit", "library median [min–max]", "baseline median [min–max]",
        "ratio (median)", "ratios per repetition", "target", "met",
    ]

    static func printHeader() {
        printRow(header)
        printRow(header.map { String(repeating: "-", count: $0.count) })
    }

    static func printRow(_ result: RowResult) {
        guard result.status == "measured", let library = result.library, let baseline = result.baseline else {
            printRow([
                result.scenario, result.name, result.unit, result.status, "", "", "", result.target?.text ?? "", "",
            ])
            return
        }
        let format = result.metric == "bytes" ? formatBytes : formatNanoseconds
        let figures = { (figures: Figures) in
            "\(format(figures.median)) [\(format(figures.min))–\(format(figures.max))]"
        }
        printRow([
            result.scenario, result.name, result.unit,
            figures(library), figures(baseline),
            result.medianRatio.map(formatRatio) ?? "",
            result.ratios.map(formatRatio).joined(separator: " "),
            result.target?.text ?? "",
            result.targetMet.map { $0 ? "yes" : "NO" } ?? "",
        ])
        if let label = result.phaseLabel, let libraryPhase = result.libraryPhase,
            let baselinePhase = result.baselinePhase
        {
            printRow([
                "", "  \(label)", "", figures(libraryPhase), figures(baselinePhase),
                formatRatio(baselinePhase.median / libraryPhase.median), "", "", "",
            ])
        }
    }

    private static let widths = [13, 30, 18, 32, 32, 14, 56, 16, 3]

    private static func printRow(_ cells: [String]) {
        var line = ""
        for (index, cell) in cells.enumerated() {
            let width = index < widths.count ? widths[index] : cell.count
            line += cell.padding(toLength: max(width, cell.count), withPad: " ", startingAt: 0)
            if index < cells.count - 1 { line += "  " }
        }
        print(line)
    }

    static func formatNanoseconds(_ value: Double) -> String {
        switch value {
        case ..<10: String(format: "%.2f ns", value)
        case ..<1_000: String(format: "%.1f ns", value)
        case ..<1_000_000: String(format: "%.2f µs", value / 1_000)
        default: String(format: "%.2f ms", value / 1_000_000)
        }
    }

    static func formatBytes(_ value: Double) -> String {
        String(format: "%.0f B", value)
    }

    static func formatRatio(_ value: Double) -> String {
        switch value {
        case ..<10: String(format: "%.2fx", value)
        case ..<100: String(format: "%.1fx", value)
        default: String(format: "%.0fx", value)
        }
    }
}

/// Prints results as one Markdown table: the README's table.
enum MarkdownTable {
    static func print(_ rows: [RowResult]) {
        Swift.print("| row | baseline | library | baseline time | ratio | target | met |")
        Swift.print("|---|---|---|---|---|---|---|")
        for row in rows {
            let bytes = row.metric == "bytes"
            func format(_ value: Double) -> String {
                bytes ? TablePrinter.formatBytes(value) : TablePrinter.formatNanoseconds(value)
            }
            let library: String = row.library.map { format($0.median) } ?? row.status
            let baseline: String = row.baseline.map { format($0.median) } ?? ""
            let ratio: String = row.medianRatio.map(TablePrinter.formatRatio) ?? ""
            let met: String = row.targetMet.map { $0 ? "yes" : "**no**" } ?? ""
            let cells: [String] = [
                "\(row.scenario): \(row.name)", row.baselineLabel, library, baseline, ratio, row.target?.text ?? "",
                met,
            ]
            Swift.print("| " + cells.joined(separator: " | ") + " |")
        }
    }
}

extension RunReport {
    /// Writes the report as pretty-printed JSON.
    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path))
    }
}

extension Array where Element == Double {
    /// The median (the mean of the middle two for an even count); 0 when empty.
    var medianValue: Double {
        guard !isEmpty else { return 0 }
        let sorted = self.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
