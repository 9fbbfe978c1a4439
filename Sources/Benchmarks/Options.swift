/// The command line of the benchmark executable.
///
/// ```
/// swift run -c release StreamRouterBenchmarks           # full run, every scenario
/// swift run -c release StreamRouterBenchmarks --quick   # reduced run, under a minute
/// swift run -c release StreamRouterBenchmarks --filter fan-out --json results.json
/// swift run -c release StreamRouterBenchmarks --markdown   # also the results as a Markdown table
/// ```
struct Options: Sendable {
    /// A shorter run: fewer, shorter repetitions.
    var quick = false
    /// Runs only the scenarios whose name contains this text (case-insensitive).
    var filter: String?
    /// Writes the results as JSON to this file.
    var jsonPath: String?
    /// Also prints the results as a Markdown table.
    var markdown = false
    /// Overrides the number of repetitions.
    var repetitionsOverride: Int?
    /// Internal: measure one side of the memory scenario in this (child) process and exit.
    var memoryProbe: Side?
    /// Runs only this side of each timed comparison, for a profiler (`perf record`,
    /// `valgrind --tool=callgrind`); no ratios are reported.
    var profileSide: Side?
    /// With `profileSide`: run exactly this many operations, once, without calibrating
    /// (for counting allocations: run twice with different counts under
    /// `valgrind --tool=memcheck` and divide the difference in "allocs" by the difference
    /// in operations).
    var fixedOperations: Int?
    /// Prints the usage and exits.
    var showHelp = false

    /// Interleaved repetitions of library and baseline per comparison.
    var repetitions: Int { repetitionsOverride ?? (quick ? 5 : 9) }

    /// The length of one repetition of one side.
    var repetitionTime: Duration { quick ? .milliseconds(30) : .milliseconds(100) }

    static let usage = """
        Usage: StreamRouterBenchmarks [--quick] [--filter NAME] [--json FILE] [--markdown] [--repetitions N] [--profile SIDE [--operations N]]

          --quick          5 repetitions of ~30 ms per side (whole run under a minute)
          --filter NAME    only the scenarios whose name contains NAME:
                           \(Scenarios.names.joined(separator: ", ")),
                           or else the cases whose "scenario/case" name contains it;
                           NAME|OTHER selects either (both scenarios, or both cases; run in the usual order)
          --json FILE      also write every figure to FILE as JSON
          --markdown       also print the results as one Markdown table (row, baseline, times, ratio, target)
          --repetitions N  interleaved repetitions per comparison (default 9, quick 5, minimum 5)
          --profile SIDE   run only the library or the baseline side (for perf or callgrind)
          --operations N   with --profile: run exactly N operations once, no calibration
        """

    /// Parses the arguments (without the executable name).
    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        var options = Options()
        var remaining = arguments[...]
        func value(after flag: String) -> Result<String, UsageError> {
            guard let value = remaining.popFirst() else { return .failure(UsageError("\(flag) needs a value")) }
            return .success(value)
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick":
                options.quick = true
            case "--markdown":
                options.markdown = true
            case "--filter":
                switch value(after: argument) {
                case .success(let name): options.filter = name
                case .failure(let error): return .failure(error)
                }
            case "--json":
                switch value(after: argument) {
                case .success(let path): options.jsonPath = path
                case .failure(let error): return .failure(error)
                }
            case "--repetitions":
                switch value(after: argument) {
                case .success(let text):
                    guard let count = Int(text), count >= 5 else {
                        return .failure(UsageError("--repetitions needs a number of at least 5"))
                    }
                    options.repetitionsOverride = count
                case .failure(let error): return .failure(error)
                }
            case "--memory-probe":
                switch value(after: argument) {
                case .success(let text):
                    guard let side = Side(rawValue: text) else {
                        return .failure(UsageError("--memory-probe takes library or baseline"))
                    }
                    options.memoryProbe = side
                case .failure(let error): return .failure(error)
                }
            case "--profile":
                switch value(after: argument) {
                case .success(let text):
                    guard let side = Side(rawValue: text) else {
                        return .failure(UsageError("--profile takes library or baseline"))
                    }
                    options.profileSide = side
                case .failure(let error): return .failure(error)
                }
            case "--operations":
                switch value(after: argument) {
                case .success(let text):
                    guard let count = Int(text), count > 0 else {
                        return .failure(UsageError("--operations needs a positive number"))
                    }
                    options.fixedOperations = count
                case .failure(let error): return .failure(error)
                }
            case "--help", "-h":
                options.showHelp = true
            default:
                return .failure(UsageError("unknown argument '\(argument)'"))
            }
        }
        if options.fixedOperations != nil && options.profileSide == nil {
            return .failure(UsageError("--operations needs --profile"))
        }
        return .success(options)
    }

    /// Whether the scenario named `name` runs.
    func includes(_ name: String) -> Bool {
        guard let filter, !filter.isEmpty else { return true }
        // `A|B`: either.
        return filter.lowercased().split(separator: "|").contains { name.lowercased().contains($0) }
    }
}

/// A command line the executable does not understand.
struct UsageError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
