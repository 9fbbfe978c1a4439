import StreamRouter

/// Pushes on a navigator whose history holds `size` entries, timed in runs of ``chunk``,
/// the history cut back to `size` entries (untimed) after each run.
struct HistoryWorkload {
    /// Who listens while the pushes run.
    enum Subscriber {
        case none
        /// One `states()` stream, made before each run and never read.
        case laggingSnapshots
    }

    /// The most pushes timed in one run.
    static let chunk = 100
    /// The paths pushed, alternately.
    static let paths = ["/news/archive", "/news/latest"]

    let size: Int
    let policy: InputPolicy
    let subscriber: Subscriber

    /// Runs about `operations` pushes on a new navigator and returns their time.
    func run(_ operations: Int) -> Sample {
        let navigator = Navigator(initialPath: Self.paths[1], policy: policy)
        fill(navigator)
        return run(operations, on: navigator)
    }

    /// Pushes until `navigator`'s history holds `size` entries, the current one a path that
    /// is neither of `paths` (so that every timed push changes the path).
    func fill(_ navigator: Navigator) {
        for index in 0..<max(0, size - navigator.history.count) {
            navigator.navigate(Self.paths[index & 1])
        }
        navigator.navigate("/reset/a", replace: true)
    }

    /// Runs about `operations` pushes on `navigator`, already filled to `size` entries, and
    /// returns their time; the history holds `size` entries again when it returns.
    func run(_ operations: Int, on navigator: Navigator) -> Sample {
        measure(operations, on: navigator).sample
    }

    /// ``run(_:on:)``, also returning how many pushes changed the path (all of them).
    private func measure(_ operations: Int, on navigator: Navigator) -> (sample: Sample, pushed: Int) {
        let clock = ContinuousClock()
        var elapsed = Duration.zero
        var done = 0
        var pushed = 0
        while done < operations {
            let count = min(Self.chunk, operations - done)
            let stream = subscriber == .laggingSnapshots ? navigator.states() : nil
            let start = clock.now
            for index in 0..<count where navigator.navigate(Self.paths[index & 1]) != nil {
                pushed += 1
            }
            elapsed += start.duration(to: clock.now)
            withExtendedLifetime(stream) {}
            reset(navigator, pushes: count)
            done += count
        }
        blackhole(pushed)
        return (Sample(elapsed: elapsed, operations: done), pushed)
    }

    /// Undoes `pushes` pushes: goes back over them, then replaces the current entry (which
    /// drops the forward entries, outside the timed region) with a path that is not one of `paths`.
    private func reset(_ navigator: Navigator, pushes: Int) {
        navigator.goBack(total: pushes)
        navigator.navigate(navigator.path == "/reset/a" ? "/reset/b" : "/reset/a", replace: true)
    }

    /// Checks that a run keeps the history at `size` entries, with `policy`.
    static func check(size: Int, policy: InputPolicy) throws {
        let workload = HistoryWorkload(size: size, policy: policy, subscriber: .laggingSnapshots)
        let navigator = Navigator(initialPath: paths[1], policy: policy)
        workload.fill(navigator)
        let before = navigator.history.count
        let operations = chunk * 2 + 1
        let (sample, pushed) = workload.measure(operations, on: navigator)
        let after = navigator.history.count
        guard before == size, after == size, sample.operations == operations, pushed == operations else {
            throw BenchmarkError(
                "history workload at \(size) entries: \(before) entries before, \(after) after, "
                    + "\(pushed) of \(operations) pushes changed the path"
            )
        }
    }
}
