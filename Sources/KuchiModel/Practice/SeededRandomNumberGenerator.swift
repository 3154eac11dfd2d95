/// A small, fast, reproducible random source (SplitMix64).
///
/// Not for anything secret. It exists so a test, or a "replay this session" feature,
/// can hand the model the same sequence of numbers every time.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        // Constants from Steele, Lea & Flood, "Fast splittable pseudorandom number
        // generators" (2014); the same as java.util.SplittableRandom.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
