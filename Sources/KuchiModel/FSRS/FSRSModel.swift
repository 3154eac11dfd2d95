#if canImport(Glibc)
import Glibc
#endif

/// FSRS-6's memory formulas for one set of 21 weights: how a card's stability and
/// difficulty start, how they change at each review, and how recall fades.
///
/// Every formula is written in the same order of operations as the reference
/// implementation (py-fsrs 6.3.2), and raises e to a power with `pow` as it does, so the
/// results agree to the last bit on the same C library. That matters where an interval
/// is rounded to whole days: a last-bit difference could otherwise move a card by a day.
struct FSRSModel: Sendable {
    /// FSRS-6's default weights, fitted by its authors on a large collection of reviews.
    static let defaultWeights: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
        1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]

    /// The range the reference accepts for each weight (it refuses anything else).
    static let weightBounds: [ClosedRange<Double>] = [
        0.001...100, 0.001...100, 0.001...100, 0.001...100, 1...10, 0.001...4, 0.001...4,
        0.001...0.75, 0...4.5, 0...0.8, 0.001...3.5, 0.001...5, 0.001...0.25, 0.001...0.9,
        0...4, 0...1, 1...6, 0...2, 0...2, 0...0.8, 0.1...0.8,
    ]

    static let minimumStability = 0.001
    /// Not in the reference, which never gets near it: only runaway arithmetic (absurd
    /// weights, reviews centuries late) would, and past it stability could overflow to
    /// infinity and then turn into NaN.
    static let maximumStability = 1e12
    static let difficultyRange = 1.0...10.0

    /// The weights in use: always 21 of them, each within its bounds.
    let weights: [Double]
    /// The forgetting curve's exponent (negative): recall = (1 + factor·t/S) ^ decay.
    let decay: Double
    /// Chosen so that recall is exactly 90% when t equals the stability S.
    let factor: Double

    /// Weights from a caller: a list of the wrong length is replaced by the defaults, a
    /// NaN weight by its default, and any other weight is clamped into its bounds.
    init(weights given: [Double]) {
        let defaults = Self.defaultWeights
        if given.count == defaults.count {
            weights = zip(zip(given, defaults), Self.weightBounds).map { pair, bounds in
                pair.0.isNaN ? pair.1 : min(max(pair.0, bounds.lowerBound), bounds.upperBound)
            }
        } else {
            weights = defaults
        }
        decay = -weights[20]
        factor = pow(0.9, 1 / decay) - 1
    }

    /// The probability of recall `elapsedDays` whole days after a review.
    func retrievability(elapsedDays: Int, stability: Double) -> Double {
        pow(1 + factor * Double(elapsedDays) / stability, decay)
    }

    /// The interval, in days (not yet rounded), after which recall falls to `retention`.
    func interval(stability: Double, retention: Double) -> Double {
        (stability / factor) * (pow(retention, 1 / decay) - 1)
    }

    func initialStability(_ rating: FSRSRating) -> Double {
        Self.clampStability(weights[rating.rawValue - 1])
    }

    func initialDifficulty(_ rating: FSRSRating) -> Double {
        clampDifficulty(unclampedInitialDifficulty(rating))
    }

    /// The new difficulty: moved by the rating, less so near the top of the scale, and
    /// pulled slightly back towards an Easy first review's difficulty.
    func nextDifficulty(_ difficulty: Double, _ rating: FSRSRating) -> Double {
        let target = unclampedInitialDifficulty(.easy)
        let change = -(weights[6] * Double(rating.rawValue - 3))
        let damped = difficulty + (10.0 - difficulty) * change / 9.0
        return clampDifficulty(weights[7] * target + (1 - weights[7]) * damped)
    }

    /// The new stability after a review less than a whole day after the previous one.
    func shortTermStability(_ stability: Double, _ rating: FSRSRating) -> Double {
        var increase = pow(e, weights[17] * (Double(rating.rawValue - 3) + weights[18]))
            * pow(stability, -weights[19])
        // A successful review never lowers stability, however soon it comes.
        if rating != .again {
            increase = max(increase, 1.0)
        }
        return Self.clampStability(stability * increase)
    }

    /// The new stability after a review a whole day or more after the previous one, at
    /// which the card's recall probability was `retrievability`.
    func nextStability(
        difficulty: Double, stability: Double, retrievability: Double, rating: FSRSRating
    ) -> Double {
        let next = rating == .again
            ? forgetStability(difficulty: difficulty, stability: stability, retrievability: retrievability)
            : recallStability(
                difficulty: difficulty, stability: stability, retrievability: retrievability, rating: rating)
        return Self.clampStability(next)
    }

    private func forgetStability(difficulty: Double, stability: Double, retrievability: Double) -> Double {
        let longTerm = weights[11] * pow(difficulty, -weights[12])
            * (pow(stability + 1, weights[13]) - 1) * pow(e, (1 - retrievability) * weights[14])
        // FSRS-6's cap: a lapse never leaves a card more stable than it was before.
        let shortTerm = stability / pow(e, weights[17] * weights[18])
        return min(longTerm, shortTerm)
    }

    private func recallStability(
        difficulty: Double, stability: Double, retrievability: Double, rating: FSRSRating
    ) -> Double {
        let hardPenalty = rating == .hard ? weights[15] : 1
        let easyBonus = rating == .easy ? weights[16] : 1
        return stability * (1 + pow(e, weights[8]) * (11 - difficulty) * pow(stability, -weights[9])
            * (pow(e, (1 - retrievability) * weights[10]) - 1) * hardPenalty * easyBonus)
    }

    private func unclampedInitialDifficulty(_ rating: FSRSRating) -> Double {
        weights[4] - pow(e, weights[5] * Double(rating.rawValue - 1)) + 1
    }

    static func clampStability(_ stability: Double) -> Double {
        min(max(stability, minimumStability), maximumStability)
    }

    private func clampDifficulty(_ difficulty: Double) -> Double {
        min(max(difficulty, Self.difficultyRange.lowerBound), Self.difficultyRange.upperBound)
    }
}

/// Euler's number as Python's `math.e` holds it (the double nearest to e).
private let e = 2.718281828459045
