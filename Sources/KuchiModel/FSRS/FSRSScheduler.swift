import FoundationEssentials

/// The FSRS-6 spaced-repetition scheduler: given a card and how well it was recalled,
/// when should it come back?
///
/// A faithful port of the reference implementation, py-fsrs 6.3.2: with `fuzz` off, every
/// field of every card it returns agrees with the reference's `Scheduler` (checked by
/// golden vectors in the tests). Time is counted as the reference counts it, in whole
/// days rounded down (so a review less than 24 hours after the previous one counts as
/// the same day, whatever the calendar says), and no calendar or time zone is involved.
///
/// Settings the reference would refuse, or that would break its arithmetic, are made
/// usable instead of failing; each property says how. The values in use can be read back.
public struct FSRSScheduler: Sendable {
    /// FSRS-6's 21 default weights.
    public static let defaultParameters: [Double] = FSRSModel.defaultWeights

    /// The 21 weights in use. A list of the wrong length was replaced by the defaults, a
    /// NaN weight by its default, and a weight outside the reference's bounds clamped.
    public var parameters: [Double] { model.weights }
    /// The recall probability at which a review card falls due, within 0.01...1 (NaN
    /// becomes 0.9).
    public let desiredRetention: Double
    /// The waits, in seconds, between the steps of a new card; each within 0...100 years
    /// (NaN becomes 0). Empty: a new card goes straight to review.
    public let learningSteps: [TimeInterval]
    /// The waits, in seconds, between the steps of a card forgotten in review; as
    /// `learningSteps`. Empty: a forgotten card stays in review.
    public let relearningSteps: [TimeInterval]
    /// The longest review interval in days, within 1...36,500.
    public let maximumInterval: Int
    /// Whether review intervals get a small random spread (see `FSRSFuzz`).
    public let fuzz: Bool

    let model: FSRSModel

    public init(
        parameters: [Double] = defaultParameters,
        desiredRetention: Double = 0.9,
        learningSteps: [TimeInterval] = [60, 600],
        relearningSteps: [TimeInterval] = [600],
        maximumInterval: Int = 36500,
        fuzz: Bool = false
    ) {
        model = FSRSModel(weights: parameters)
        // Retention 0 would need an infinite interval, and above 1 the interval formula
        // takes a fractional power of a negative number.
        self.desiredRetention = desiredRetention.isNaN ? 0.9 : min(max(desiredRetention, 0.01), 1)
        self.learningSteps = learningSteps.map(Self.validStep)
        self.relearningSteps = relearningSteps.map(Self.validStep)
        self.maximumInterval = min(max(maximumInterval, 1), 36500)
        self.fuzz = fuzz
    }

    /// The card after a review at `time` with `rating`. Fuzz, if on, draws from the
    /// system's random source.
    public func review(_ card: FSRSCard, rating: FSRSRating, at time: Date) -> FSRSCard {
        var random = SystemRandomNumberGenerator()
        return review(card, rating: rating, at: time, using: &random)
    }

    /// The card after a review at `time` with `rating`, drawing fuzz (if on, and only
    /// for intervals it applies to) from `random`, so a seeded source gives the same card.
    ///
    /// A card whose stored fields the reference could not have produced is still
    /// scheduled: a learning card without a step (or a negative one) is at step 0; a
    /// stability outside 0.001...1e12 days or a difficulty outside 1...10 is clamped; a
    /// card missing its stability or difficulty (or holding NaN) is reviewed as a new card.
    public func review(
        _ card: FSRSCard, rating: FSRSRating, at time: Date, using random: inout some RandomNumberGenerator
    ) -> FSRSCard {
        var next = card
        let stability: Double
        if let memory = Self.memory(of: card) {
            let elapsed = card.lastReview.map { Self.elapsedDays(from: $0, to: time) }
            if let elapsed, elapsed < 1 {
                stability = model.shortTermStability(memory.stability, rating)
            } else {
                // A memory state but no last review: the reference takes recall as 0.
                let recall = elapsed.map {
                    model.retrievability(elapsedDays: max(0, $0), stability: memory.stability)
                } ?? 0
                stability = model.nextStability(
                    difficulty: memory.difficulty, stability: memory.stability, retrievability: recall,
                    rating: rating)
            }
            next.difficulty = model.nextDifficulty(memory.difficulty, rating)
        } else {
            stability = model.initialStability(rating)
            next.difficulty = model.initialDifficulty(rating)
            if card.state != .learning {
                next.state = .learning
                next.step = 0
            }
        }
        next.stability = stability
        next.lastReview = time
        var wait = advance(&next, rating: rating, stability: stability)
        if fuzz, next.state == .review, case .days(let days) = wait {
            wait = .days(FSRSFuzz.fuzzed(days, maximumInterval: maximumInterval, using: &random))
        }
        next.due = time.addingTimeInterval(wait.seconds)
        return next
    }

    /// The probability that `card` is recalled at `time`: 1 at its last review, falling
    /// with each whole day after it; 0 for a card never reviewed.
    public func retrievability(of card: FSRSCard, at time: Date) -> Double {
        guard let lastReview = card.lastReview, let stability = card.stability, !stability.isNaN else {
            return 0
        }
        let elapsed = max(0, Self.elapsedDays(from: lastReview, to: time))
        return model.retrievability(elapsedDays: elapsed, stability: FSRSModel.clampStability(stability))
    }

    /// The review interval in whole days for `stability`: rounded half to even (as
    /// Python's round), at least one day, at most the maximum interval.
    func intervalDays(stability: Double) -> Int {
        let days = model.interval(stability: stability, retention: desiredRetention).rounded(.toNearestOrEven)
        // NaN comes only from a broken memory state; the shortest interval is the safe one.
        guard !days.isNaN else { return 1 }
        return Int(min(max(days, 1), Double(maximumInterval)))
    }

    /// Whole days from `start` to `end`, rounded down, as the reference's
    /// `timedelta.days` counts them. The difference is first rounded to microseconds, the
    /// reference's resolution: two times whole days apart to the microsecond then count
    /// as whole days even where `Date`'s doubles put them a few nanoseconds short.
    static func elapsedDays(from start: Date, to end: Date) -> Int {
        let microseconds = (end.timeIntervalSince(start) * 1_000_000).rounded()
        guard !microseconds.isNaN else { return 0 }
        // ±30,000 years is far beyond any use and keeps the conversion to Int safe.
        let whole = Int(min(max(microseconds, -1e18), 1e18))
        let (days, remainder) = whole.quotientAndRemainder(dividingBy: 86_400_000_000)
        return remainder < 0 ? days - 1 : days
    }

    /// A card's stability and difficulty, brought into range; `nil` if it has none.
    private static func memory(of card: FSRSCard) -> (stability: Double, difficulty: Double)? {
        guard let stability = card.stability, let difficulty = card.difficulty,
            !stability.isNaN, !difficulty.isNaN
        else { return nil }
        let range = FSRSModel.difficultyRange
        return (FSRSModel.clampStability(stability), min(max(difficulty, range.lowerBound), range.upperBound))
    }

    private static func validStep(_ seconds: TimeInterval) -> TimeInterval {
        seconds.isNaN ? 0 : min(max(seconds, 0), 36500 * 86400)
    }
}
