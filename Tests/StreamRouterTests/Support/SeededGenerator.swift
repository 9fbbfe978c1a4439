/// A small, seeded random number generator (SplitMix64), so randomised tests replay exactly.
///
/// One file for the seeded tests and the libFuzzer targets (`scripts/fuzz.sh` compiles it
/// into each target, which seeds it from the fuzzer's input).
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// Seeded from bytes (FNV-1a of them): the same input makes the same choices.
    init(seed bytes: some Sequence<UInt8>) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        state = hash
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (`bound` > 0).
    mutating func next(below bound: UInt64) -> UInt64 {
        next() % bound
    }

    /// A value in `0..<bound`; 0 when `bound` is not positive.
    mutating func below(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }

    /// Heads or tails.
    mutating func coin() -> Bool {
        next() & 1 == 1
    }
}
