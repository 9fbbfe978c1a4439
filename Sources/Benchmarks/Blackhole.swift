import Synchronization

/// Where measured results end up, so the optimiser cannot prove them unused and delete the
/// work that produced them.
private let sink = Atomic<Int>(0)

/// Consumes `value`; never inlined, so the caller must compute it.
@inline(never)
func blackhole(_ value: Int) {
    sink.wrappingAdd(value, ordering: .relaxed)
}

/// Consumes any value by reading its bytes; never inlined.
@inline(never)
func blackhole<T>(_ value: T) {
    let first = withUnsafeBytes(of: value) { $0.first ?? 0 }
    blackhole(Int(first))
}

/// Times `operations` calls of `body`, folding each result into a checksum that is
/// consumed before the clock stops.
///
/// Inlined into each workload so that the loop and `body` are compiled together: no
/// closure call sits between two operations.
@inline(__always)
func timeLoop(_ operations: Int, _ body: (Int) -> Int) -> Sample {
    let clock = ContinuousClock()
    var checksum = 0
    let start = clock.now
    for index in 0..<operations {
        checksum &+= body(index)
    }
    blackhole(checksum)
    let elapsed = start.duration(to: clock.now)
    return Sample(elapsed: elapsed, operations: operations)
}
