import Foundation
import Testing
import KuchiModel

/// Fuzz is random, so it is checked against the reference's ranges rather than values:
/// the ranges as its code computes them, and the extremes its fuzz actually produced
/// (recorded in the golden file by `tools/fsrs-golden.py`).
@Suite("FSRS interval fuzz")
struct FSRSFuzzTests {
    let start = Date(timeIntervalSince1970: 1_750_000_000)
    let day: TimeInterval = 86400

    @Test("the same seed gives the same cards")
    func sameSeedSameResult() {
        let scheduler = FSRSScheduler(fuzz: true)
        let run = { (seed: UInt64) -> [FSRSCard] in
            var random = SeededRandomNumberGenerator(seed: seed)
            var card = FSRSCard(due: start)
            return (0..<40).map { index in
                card = scheduler.review(card, rating: FSRSRating.allCases[(index * 7) % 4], at: card.due, using: &random)
                return card
            }
        }
        #expect(run(11) == run(11))
        #expect(run(11) != run(12))
    }

    @Test("the range restated here is the reference's own, and holds every interval its fuzz gave")
    func rangesMatchTheReference() throws {
        let rows = try FSRSGoldenTests.golden.get().fuzz
        #expect(rows.count > 150)
        for row in rows {
            let range = referenceRange(days: row.days, maximumInterval: row.maximumInterval)
            #expect(range.low == row.low && range.high == row.high, "\(row.days) days")
            let possible = outcomes(days: row.days, maximumInterval: row.maximumInterval)
            let reached = row.smallest...row.largest
            #expect(possible.clamped(to: reached) == reached, "\(row.days) days, at most \(row.maximumInterval)")
            // Narrow ranges are drawn often enough that the reference reached both ends.
            if possible.count <= 20 {
                #expect(possible == reached, "\(row.days) days, at most \(row.maximumInterval)")
            }
        }
    }

    @Test("fuzzed intervals stay within the reference's outcomes, and reach both ends")
    func fuzzWithinTheReference() throws {
        for row in try FSRSGoldenTests.golden.get().fuzz {
            let plain = scheduler(graduatingAfter: row.days, maximumInterval: row.maximumInterval, fuzz: false)
            let fuzzed = scheduler(graduatingAfter: row.days, maximumInterval: row.maximumInterval, fuzz: true)
            try #require(graduate(with: plain, seed: 0) == row.days, "\(row.days) days")
            let drawn = (0..<600 as Range<UInt64>).map { graduate(with: fuzzed, seed: $0) }
            let possible = outcomes(days: row.days, maximumInterval: row.maximumInterval)
            #expect(drawn.allSatisfy(possible.contains), "\(row.days) days, at most \(row.maximumInterval)")
            if possible.count <= 20 {
                #expect(drawn.min() == possible.lowerBound && drawn.max() == possible.upperBound, "\(row.days) days")
            }
        }
    }

    @Test("fuzz leaves learning steps and intervals under three days alone, and draws nothing for them")
    func noFuzzWhereTheReferenceHasNone() {
        let fuzzed = FSRSScheduler(relearningSteps: [], maximumInterval: 2, fuzz: true)
        let reviewCard = FSRSCard(state: .review, step: nil, stability: 50, difficulty: 5, due: start, lastReview: start)
        for seed in 0..<50 as Range<UInt64> {
            var random = SeededRandomNumberGenerator(seed: seed)
            let step = fuzzed.review(FSRSCard(due: start), rating: .good, at: start, using: &random)
            #expect(step.due == start.addingTimeInterval(600))
            let short = fuzzed.review(reviewCard, rating: .again, at: start.addingTimeInterval(30 * day), using: &random)
            #expect(short.state == .review)
            #expect(short.due == start.addingTimeInterval(32 * day))
            var untouched = SeededRandomNumberGenerator(seed: seed)
            #expect(random.next() == untouched.next())
        }
    }

    @Test("with the same reviews, fuzz changes only the due date of review cards, within range")
    func fuzzOnTheGoldenSequences() throws {
        let golden = try FSRSGoldenTests.golden.get()
        var random = SeededRandomNumberGenerator(seed: 2024)
        var checked = 0
        for sequence in golden.sequences {
            let spec = golden.schedulers[sequence.scheduler]
            let plain = spec.scheduler
            let fuzzed = FSRSScheduler(
                parameters: spec.parameters, desiredRetention: spec.desiredRetention, learningSteps: spec.learningSteps,
                relearningSteps: spec.relearningSteps, maximumInterval: spec.maximumInterval, fuzz: true)
            var card = try #require(sequence.card.fsrsCard)
            for review in sequence.reviews {
                let rating = try #require(FSRSRating(rawValue: review.rating))
                let time = Date(timeIntervalSince1970: review.time)
                let expected = plain.review(card, rating: rating, at: time)
                var actual = fuzzed.review(card, rating: rating, at: time, using: &random)
                if expected.state == .review {
                    let days = Int((expected.due.timeIntervalSince(time) / day).rounded())
                    let fuzzedDays = Int((actual.due.timeIntervalSince(time) / day).rounded())
                    #expect(outcomes(days: days, maximumInterval: plain.maximumInterval).contains(fuzzedDays))
                    actual.due = expected.due
                    checked += 1
                }
                #expect(actual == expected)
                card = expected
            }
        }
        #expect(checked > 1000)
    }

    /// The reference's `_get_fuzz_range`, restated: the interval's margin grows by 15%
    /// of its days between 2.5 and 7, 10% between 7 and 20 and 5% beyond, plus a day.
    private func referenceRange(days: Int, maximumInterval: Int) -> (low: Int, high: Int) {
        var margin = 1.0
        for (from, to, factor) in [(2.5, 7.0, 0.15), (7.0, 20.0, 0.1), (20.0, Double.infinity, 0.05)] {
            margin += factor * max(min(Double(days), to) - from, 0)
        }
        let high = min(Int((Double(days) + margin).rounded(.toNearestOrEven)), maximumInterval)
        let low = min(max(2, Int((Double(days) - margin).rounded(.toNearestOrEven))), high)
        return (low, high)
    }

    /// Every interval the reference's fuzz can return: none but `days` under 2.5 days;
    /// otherwise low through high + 1 (its uniform draw over high − low + 1 days is
    /// rounded), capped by the maximum interval.
    private func outcomes(days: Int, maximumInterval: Int) -> ClosedRange<Int> {
        guard days >= 3 else { return days...days }
        let range = referenceRange(days: days, maximumInterval: maximumInterval)
        return range.low...min(range.high + 1, maximumInterval)
    }

    /// A scheduler under which a new card rated Easy graduates after `days` days
    /// (before fuzz): Easy's first stability is 100 days, and the desired retention is
    /// the recall probability that stability gives after `days` days.
    private func scheduler(graduatingAfter days: Int, maximumInterval: Int, fuzz: Bool) -> FSRSScheduler {
        var parameters = FSRSScheduler.defaultParameters
        parameters[3] = 100
        let decay = -parameters[20]
        let factor = pow(0.9, 1 / decay) - 1
        let retention = pow(1 + factor * Double(days) / 100, decay)
        return FSRSScheduler(
            parameters: parameters, desiredRetention: retention, maximumInterval: maximumInterval, fuzz: fuzz)
    }

    /// The whole days until a new card rated Easy is due, fuzz drawn from `seed`.
    private func graduate(with scheduler: FSRSScheduler, seed: UInt64) -> Int {
        var random = SeededRandomNumberGenerator(seed: seed)
        let card = scheduler.review(FSRSCard(due: start), rating: .easy, at: start, using: &random)
        return Int((card.due.timeIntervalSince(start) / day).rounded())
    }
}
