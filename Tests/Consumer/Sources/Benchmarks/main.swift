// The consumer's own `Benchmarks` executable: its name must not clash with StreamRouter's.
import StreamRouter

let start = ContinuousClock.now
let pattern = try PathPattern("/user/:id")
var matched = 0
for id in 0..<1_000 where pattern.match("/user/\(id)") != nil {
    matched += 1
}
print("consumer benchmarks: \(matched) matches in \(ContinuousClock.now - start)")
