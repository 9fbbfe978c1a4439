/// One timed run of a workload.
struct Sample: Sendable {
    /// The time the measured operations took.
    var elapsed: Duration
    /// How many operations ran (the unit every figure is divided by).
    var operations: Int
    /// A part of `elapsed` reported on its own (the publish loop of a fan-out), if any.
    var phase: Duration?
}

/// Runs about `operations` operations (the harness calibrates the count) and reports the
/// time they took, setup and teardown excluded.
typealias Workload = @Sendable (_ operations: Int) async -> Sample

/// Measures one side of a memory comparison: bytes per item, or `nil` when it cannot.
typealias MemoryProbe = @Sendable () async -> Double?

/// One side of a comparison.
enum Side: String, Sendable {
    case library
    case baseline
}

/// A goal for one comparison.
struct Target: Sendable, Codable {
    enum Kind: String, Sendable, Codable {
        /// The median ratio baseline/library must reach `limit`.
        case ratioAtLeast
        /// The library's median figure must stay at or under `limit`.
        case libraryAtMost
    }

    let kind: Kind
    let limit: Double
    /// The goal as printed.
    let text: String

    /// The library at least `limit` times as fast as the baseline.
    static func ratio(atLeast limit: Double, _ text: String) -> Target {
        Target(kind: .ratioAtLeast, limit: limit, text: text)
    }

    /// A budget: the library's time at most `factor` times the baseline's (the ratio at least
    /// `1 / factor`).
    static func time(atMost factor: Double) -> Target {
        let shown = factor == factor.rounded() ? "\(Int(factor))" : "\(factor)"
        return Target(kind: .ratioAtLeast, limit: 1 / factor, text: "time ≤ \(shown)x")
    }

    static func library(atMost limit: Double, _ text: String) -> Target {
        Target(kind: .libraryAtMost, limit: limit, text: text)
    }

    func isMet(medianRatio: Double, libraryMedian: Double) -> Bool {
        switch kind {
        case .ratioAtLeast: medianRatio >= limit
        case .libraryAtMost: libraryMedian <= limit
        }
    }
}

/// The library against a baseline on one case of one scenario.
struct Comparison: Sendable {
    enum Kind: Sendable {
        /// Timed workloads, figures in nanoseconds per operation.
        case timed(library: Workload, baseline: Workload)
        /// Memory probes, figures in bytes per item.
        case memory(library: MemoryProbe, baseline: MemoryProbe)
        /// Not measurable yet; printed as pending.
        case pending(reason: String)
        /// Not measurable in this checkout (an input file is absent); printed as skipped.
        case skipped(reason: String)
    }

    /// The scenario (what `--filter` selects).
    let scenario: String
    /// The case within the scenario.
    let name: String
    /// What one operation is ("lookup", "delivered event", "subscriber").
    let unit: String
    let libraryLabel: String
    let baselineLabel: String
    let kind: Kind
    var target: Target?
    /// What `Sample.phase` measures, when the workloads report it.
    var phaseLabel: String?

    /// A key naming this row (`--filter` and JSON).
    var key: String { "\(scenario)/\(name)" }
}

/// Runs comparisons: calibration and warm-up, then interleaved repetitions measured with
/// `ContinuousClock`.
struct Harness: Sendable {
    let options: Options

    func run(_ comparison: Comparison) async -> RowResult {
        switch comparison.kind {
        case .timed(let library, let baseline):
            return await runTimed(comparison, library: library, baseline: baseline)
        case .memory(let library, let baseline):
            return await runMemory(comparison, library: library, baseline: baseline)
        case .pending(let reason):
            return RowResult(comparison, status: "pending: \(reason)")
        case .skipped(let reason):
            return RowResult(comparison, status: "skipped: \(reason)")
        }
    }

    private func runTimed(_ comparison: Comparison, library: Workload, baseline: Workload) async -> RowResult {
        if let side = options.profileSide {
            let workload = side == .library ? library : baseline
            if let count = options.fixedOperations {
                let sample = await workload(count)
                return RowResult(comparison, status: "ran \(sample.operations) operations, \(side.rawValue) only")
            }
            let count = await calibrate(workload)
            var figures: [Double] = []
            for _ in 0...options.repetitions {
                let sample = await workload(count)
                figures.append(sample.elapsed.nanoseconds / Double(sample.operations))
            }
            let median = TablePrinter.formatNanoseconds(figures.medianValue)
            return RowResult(comparison, status: "profiled \(side.rawValue) only: \(median) per \(comparison.unit)")
        }
        let libraryCount = await calibrate(library)
        let baselineCount = await calibrate(baseline)
        // Warm-up at the measured size (caches, branch predictors, lazily built state).
        _ = await library(libraryCount)
        _ = await baseline(baselineCount)

        var librarySamples: [Sample] = []
        var baselineSamples: [Sample] = []
        for repetition in 0..<options.repetitions {
            // Alternate which side goes first, so neither always runs on a warmer machine.
            if repetition.isMultiple(of: 2) {
                librarySamples.append(await library(libraryCount))
                baselineSamples.append(await baseline(baselineCount))
            } else {
                baselineSamples.append(await baseline(baselineCount))
                librarySamples.append(await library(libraryCount))
            }
        }
        let libraryFigures = librarySamples.map { $0.elapsed.nanoseconds / Double($0.operations) }
        let baselineFigures = baselineSamples.map { $0.elapsed.nanoseconds / Double($0.operations) }
        var result = RowResult(
            comparison,
            library: libraryFigures,
            baseline: baselineFigures,
            metric: "ns"
        )
        result.libraryPhase = Figures(
            librarySamples.compactMap { sample in
                sample.phase.map { $0.nanoseconds / Double(sample.operations) }
            })
        result.baselinePhase = Figures(
            baselineSamples.compactMap { sample in
                sample.phase.map { $0.nanoseconds / Double(sample.operations) }
            })
        result.libraryOperations = librarySamples.first?.operations
        result.baselineOperations = baselineSamples.first?.operations
        return result
    }

    private func runMemory(_ comparison: Comparison, library: MemoryProbe, baseline: MemoryProbe) async -> RowResult {
        var libraryFigures: [Double] = []
        var baselineFigures: [Double] = []
        for repetition in 0..<options.repetitions {
            let first = repetition.isMultiple(of: 2) ? library : baseline
            let second = repetition.isMultiple(of: 2) ? baseline : library
            guard let firstFigure = await first(), let secondFigure = await second() else {
                return RowResult(comparison, status: "failed: the memory probe did not report")
            }
            libraryFigures.append(repetition.isMultiple(of: 2) ? firstFigure : secondFigure)
            baselineFigures.append(repetition.isMultiple(of: 2) ? secondFigure : firstFigure)
        }
        return RowResult(comparison, library: libraryFigures, baseline: baselineFigures, metric: "bytes")
    }

    /// The operation count that makes one run last about `options.repetitionTime`.
    private func calibrate(_ workload: Workload) async -> Int {
        let goal = options.repetitionTime.seconds
        var operations = 1
        while true {
            let sample = await workload(operations)
            let seconds = sample.elapsed.seconds
            if seconds >= goal / 2 || operations >= 1 << 32 {
                let scaled = Double(sample.operations) * goal / max(seconds, 1e-9)
                return max(1, Int(scaled.rounded()))
            }
            let growth = seconds > 0 ? min(16, max(2, goal * 0.7 / seconds)) : 16
            operations = max(operations + 1, Int(Double(operations) * growth))
        }
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }

    var nanoseconds: Double {
        Double(components.seconds) * 1e9 + Double(components.attoseconds) * 1e-9
    }
}
