import Testing
import KuchiModel

@Suite("Seeded random numbers")
struct SeededRandomNumberGeneratorTests {
    @Test("the same seed gives the same sequence")
    func sameSeedSameSequence() {
        var first = SeededRandomNumberGenerator(seed: 7)
        var second = SeededRandomNumberGenerator(seed: 7)
        #expect((0..<10).map { _ in first.next() } == (0..<10).map { _ in second.next() })
    }

    @Test("different seeds give different sequences")
    func differentSeeds() {
        var first = SeededRandomNumberGenerator(seed: 1)
        var second = SeededRandomNumberGenerator(seed: 2)
        #expect(first.next() != second.next())
    }

    @Test("seed 0 gives SplitMix64's published first output")
    func knownValue() {
        var random = SeededRandomNumberGenerator(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    }
}
