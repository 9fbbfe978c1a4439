// The consumer's own `Benchmarks` executable (a target, no product): `swift run Benchmarks` in
// this package must run this file, not StreamRouter's benchmarks. `.ci/run` looks for the
// marker line.
import StreamRouter

let start = ContinuousClock.now
let pattern = try PathPattern("/user/:id")
var matched = 0
for id in 0..<1_000 where pattern.match("/user/\(id)") != nil {
    matched += 1
}
print("consumer benchmarks: \(matched) matches in \(ContinuousClock.now - start)")
