import Foundation
import SimulatedLearnerFixture
import Testing
@testable import KuchiModel

@Suite("FSRSOptimizer")
struct FSRSOptimizerTests {
    static let tokyo = SimulatedLearner.timeZone
    /// 2026-01-01 00:00 in Tokyo, in milliseconds since 1970.
    static let newYear: Int64 = 1_767_193_200_000
    static let hour: Int64 = 3_600_000
    static let day: Int64 = 86_400_000

    static func log(_ lines: [String], header: String = ReviewLogCSV.header) -> Data {
        Data(([header] + lines).joined(separator: "\n").appending("\n").utf8)
    }

    /// A line of the log: card, time (milliseconds), rating, state before.
    static func line(_ card: Int, _ time: Int64, _ rating: Int, _ state: Int) -> String {
        "\(card),\(time),\(rating),\(state),3000"
    }

    @Test("the defaults for an empty log, and for fewer than 8 later-day reviews")
    func tooFewReviewsGiveTheDefaults() throws {
        let defaults = FSRSScheduler.defaultParameters
        #expect(try FSRSOptimizer.parameters(fromReviewLogCSV: Self.log([]), timeZone: Self.tokyo) == defaults)
        #expect(try FSRSOptimizer.parameters(fromReviewLogCSV: Data(), timeZone: Self.tokyo) == defaults)
        // Seven cards, each learnt and then reviewed once on a later day: 7 items.
        var lines: [String] = []
        for card in 1...7 {
            let start = Self.newYear + 10 * Self.hour + Int64(card) * 60_000
            lines += [Self.line(card, start, 3, 0), Self.line(card, start + 600_000, 3, 1),
                      Self.line(card, start + 3 * Self.day, card == 1 ? 1 : 3, 2)]
        }
        let seven = Self.log(lines)
        #expect(try FSRSReviewHistory(reviewLogCSV: seven, timeZone: Self.tokyo, dayStartHour: 4).items.count == 7)
        #expect(try FSRSOptimizer.parameters(fromReviewLogCSV: seven, timeZone: Self.tokyo) == defaults)
    }

    @Test("from 8 to 63 items, only the initial stabilities are fitted")
    func fewItemsFitOnlyTheInitialStabilities() throws {
        // 30 cards rated Good first, then recalled 3 days later but for every fifth.
        var lines: [String] = []
        for card in 1...30 {
            let start = Self.newYear + 10 * Self.hour + Int64(card) * 60_000
            lines += [Self.line(card, start, 3, 0), Self.line(card, start + 3 * Self.day, card % 5 == 0 ? 1 : 3, 2)]
        }
        let parameters = try FSRSOptimizer.parameters(fromReviewLogCSV: Self.log(lines), timeZone: Self.tokyo)
        let defaults = FSRSScheduler.defaultParameters
        #expect(Array(parameters[4...]) == Array(defaults[4...]))
        // Good's stability moved from the default towards what 80% recall after 3 days
        // says; the others scaled with it, in order.
        #expect(parameters[2] != defaults[2])
        #expect(parameters[0] < parameters[1] && parameters[1] < parameters[2] && parameters[2] < parameters[3])
    }

    @Test("a simulated learner's log is fitted as well as the learner's true parameters predict it")
    func recoversKnownParameters() throws {
        let learner = SimulatedLearner()
        let csv = ReviewLogCSV.encode(learner.reviews(cards: 1000, reviews: 5000))
        let fitted = try FSRSOptimizer.parameters(fromReviewLogCSV: csv, timeZone: Self.tokyo)
        let history = try FSRSReviewHistory(reviewLogCSV: csv, timeZone: Self.tokyo, dayStartHour: 4)
        #expect(history.items.count > 2000)
        let fit = FSRSOptimizer.evaluate(fitted, on: history)
        let truth = FSRSOptimizer.evaluate(learner.parameters, on: history)
        let defaults = FSRSOptimizer.evaluate(FSRSScheduler.defaultParameters, on: history)
        #expect(fit.logLoss <= truth.logLoss * 1.01, "fitted \(fit), true \(truth)")
        #expect(fit.logLoss < defaults.logLoss && fit.rmseBins < defaults.rmseBins, "fitted \(fit), defaults \(defaults)")
        #expect(fitted.count == 21)
        #expect(zip(fitted, FSRSOptimizer.trainingBounds).allSatisfy { $1.contains($0) })
        // The same log gives the same parameters (the batches' order is seeded).
        #expect(try FSRSOptimizer.parameters(fromReviewLogCSV: csv, timeZone: Self.tokyo) == fitted)
    }

    @Test("reviews are counted in study days, which start at the day-start hour in the time zone")
    func studyDays() throws {
        // 03:30 on 1 January in Tokyo is still 31 December's study day; 05:00 is the next.
        let first = Self.newYear + 3 * Self.hour + 30 * 60_000
        let lines = [Self.line(9, first, 3, 0), Self.line(9, first + 90 * 60_000, 3, 1),
                     Self.line(9, first + 20 * Self.hour, 3, 2), Self.line(9, first + 3 * Self.day, 2, 2)]
        func intervals(_ zone: TimeZone, _ start: Int) throws -> [Int32] {
            try FSRSReviewHistory(reviewLogCSV: Self.log(lines), timeZone: zone, dayStartHour: start).cards.first?.intervals ?? []
        }
        #expect(try intervals(Self.tokyo, 4) == [0, 1, 0, 2])
        #expect(try intervals(Self.tokyo, 0) == [0, 0, 0, 3])
        // In UTC the same times are 18:30 and 20:00 on 31 December, 14:30 on 1 January
        // and 18:30 on 3 January.
        #expect(try intervals(TimeZone(secondsFromGMT: 0) ?? .gmt, 4) == [0, 0, 1, 2])
        let history = try FSRSReviewHistory(reviewLogCSV: Self.log(lines), timeZone: Self.tokyo, dayStartHour: 4)
        #expect(history.items.map(\.end) == [1, 3])
    }

    @Test("across a clock change, the offset is the one in force at the moved-back time, as in fsrs-rs")
    func clockChange() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        // 2026-03-29 01:00 UTC: Berlin's clocks go from 02:00 (UTC+1) to 03:00 (UTC+2).
        let change: Int64 = 1_774_746_000_000
        // 27 March 12:00, then 29 March 04:30 and 05:30 summer time (02:30, 03:30 UTC).
        let lines = [Self.line(1, change - 38 * Self.hour, 3, 0), Self.line(1, change + 90 * 60_000, 3, 2),
                     Self.line(1, change + 150 * 60_000, 3, 2)]
        let history = try FSRSReviewHistory(reviewLogCSV: Self.log(lines), timeZone: berlin, dayStartHour: 4)
        // 04:30 moved back four hours is 22:30 UTC, 23:30 winter time on the 28th: that
        // study day, though 04:30 on the 29th is past the day's start by the wall clock.
        // 05:30 moved back is 23:30 UTC, 00:30 winter time on the 29th.
        #expect(history.cards.first?.intervals == [0, 1, 1])
    }

    @Test("a card is trained on from its last learning on; one never seen learnt is left out")
    func lastLearning() throws {
        let start = Self.newYear + 10 * Self.hour
        let lines = [
            // Learnt, reviewed, then reset and learnt again: the second learning on.
            Self.line(1, start, 3, 0), Self.line(1, start + 2 * Self.day, 3, 2),
            Self.line(1, start + 5 * Self.day, 1, 0), Self.line(1, start + 5 * Self.day + 60_000, 3, 1),
            Self.line(1, start + 7 * Self.day, 4, 2), Self.line(1, start + 9 * Self.day, 3, 2),
            // Only reviews: its learning is not in the log.
            Self.line(2, start, 3, 2), Self.line(2, start + 4 * Self.day, 3, 2),
            // Learnt, and never again on a later day: no item.
            Self.line(3, start, 3, 0), Self.line(3, start + 60_000, 3, 1),
        ]
        let history = try FSRSReviewHistory(reviewLogCSV: Self.log(lines), timeZone: Self.tokyo, dayStartHour: 4)
        #expect(history.cards.map(\.id) == [1])
        #expect(history.cards.first?.ratings == [1, 3, 4, 3])
        #expect(history.cards.first?.intervals == [0, 0, 2, 2])
        #expect(history.reviewCount == 10)
    }

    @Test("items come in the order of their reviews' times, whatever the log's order")
    func itemOrder() throws {
        let start = Self.newYear + 10 * Self.hour
        let lines = [
            Self.line(2, start + 3 * Self.day, 3, 2), Self.line(1, start + 2 * Self.day, 3, 2),
            Self.line(1, start + 5 * Self.day, 3, 2), Self.line(2, start, 3, 0), Self.line(1, start, 3, 0),
        ]
        let history = try FSRSReviewHistory(reviewLogCSV: Self.log(lines), timeZone: Self.tokyo, dayStartHour: 4)
        #expect(history.items.map { history.cards[Int($0.card)].id } == [1, 2, 1])
        #expect(history.items.map { history.interval($0) } == [2, 3, 3])
    }

    @Test("the columns are found by name; CR LF, blank lines and further columns are fine")
    func csvShape() throws {
        let text = "review_state,review_rating,extra,review_time,card_id\r\n0,3,x,\(Self.newYear),5\r\n\r\n"
            + "2,4,y,\(Self.newYear + 2 * Self.day),5\r\n"
        let history = try FSRSReviewHistory(reviewLogCSV: Data(text.utf8), timeZone: Self.tokyo, dayStartHour: 4)
        #expect(history.cards.first?.ratings == [3, 4])
        #expect(history.cards.first?.intervals == [0, 2])
    }

    struct Unreadable: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var reason: String
        var testDescription: String { reason }
    }

    @Test("a log that cannot be read says which line and why", arguments: [
        Unreadable(text: "card_id,review_time,review_rating\n", line: 1, reason: "the header has no review_state column"),
        Unreadable(text: ReviewLogCSV.header + "\n1,1700000000000,5,0,0\n", line: 2, reason: "review_rating 5 is not 1 to 4"),
        Unreadable(text: ReviewLogCSV.header + "\n1,1700000000000,3,0,0\n1,17e11,3,2,0\n", line: 3,
                   reason: "review_time is not an integer"),
        Unreadable(text: ReviewLogCSV.header + "\n1,1700000000000,3,7,0\n", line: 2, reason: "review_state 7 is not 0 to 5"),
        Unreadable(text: ReviewLogCSV.header + "\n1,1700000000000\n", line: 2, reason: "2 fields, not 5"),
    ])
    func unreadableLog(_ log: Unreadable) {
        #expect(throws: FSRSOptimizer.LogError(line: log.line, reason: log.reason)) {
            try FSRSOptimizer.parameters(fromReviewLogCSV: Data(log.text.utf8), timeZone: Self.tokyo)
        }
    }

    @Test("rare first intervals are set aside with their cards, as fsrs-rs's outlier filter does")
    func outliers() throws {
        var lines: [String] = []
        let start = Self.newYear + 10 * Self.hour
        // 40 cards rated Good and seen again 2 days later; one 40 days later.
        for card in 1...41 {
            let gap = card == 41 ? 40 : 2
            lines += [Self.line(card, start + Int64(card) * 1000, 3, 0),
                      Self.line(card, start + Int64(gap) * Self.day, 3, 2),
                      Self.line(card, start + Int64(gap + 5) * Self.day, 3, 2)]
        }
        let history = try FSRSReviewHistory(reviewLogCSV: Self.log(lines), timeZone: Self.tokyo, dayStartHour: 4)
        let prepared = FSRSOptimizer.prepare(history)
        #expect(prepared.firstReviews.count == 1)
        #expect(prepared.firstReviews[FSRSOptimizer.FirstPair(rating: 3, interval: 2)]?.count == 40)
        #expect(prepared.training.count == 80)
        #expect(!prepared.training.contains { history.cards[Int($0.card)].id == 41 })
    }

    @Test("initial stabilities are put in order and filled in as fsrs-rs does")
    func smoothAndFill() throws {
        let defaults = FSRSScheduler.defaultParameters
        // Good alone: the defaults scaled by Good's ratio.
        let good = try #require(FSRSOptimizer.smoothedAndFilled([3: 4.6130], counts: [3: 10]))
        for rating in 0..<4 { #expect(abs(good[rating] - defaults[rating] * 2) < 1e-9) }
        // Hard above Good with fewer reviews: it takes Good's value.
        let ordered = try #require(FSRSOptimizer.smoothedAndFilled([1: 0.5, 2: 5, 3: 3, 4: 9], counts: [1: 9, 2: 2, 3: 50, 4: 4]))
        #expect(ordered == [0.5, 3, 3, 9])
        #expect(FSRSOptimizer.smoothedAndFilled([:], counts: [:]) == nil)
    }

    @Test("the analytic gradient agrees with finite differences")
    func gradient() throws {
        let csv = ReviewLogCSV.encode(SimulatedLearner().reviews(cards: 60, reviews: 700, newPerDay: 5))
        let history = try FSRSReviewHistory(reviewLogCSV: csv, timeZone: Self.tokyo, dayStartHour: 4)
        let cards = FSRSOptimizer.trainingCards(history, items: history.items, settings: .init())
        #expect(cards.count > 40)
        func loss(_ parameters: [Double], _ gradient: inout [Double]) -> Double {
            let model = FSRSCardModel(parameters)
            var scratch = FSRSCardScratch()
            var sum = 0.0
            for card in cards {
                let reviews = history.cards[card.card]
                sum += model.lossAndGradient(
                    ratings: reviews.ratings[0..<card.length], days: reviews.intervals[0..<card.length],
                    weights: card.weights[...], gradient: &gradient, scratch: &scratch)
            }
            return sum
        }
        // Away from every bound, so each parameter can move both ways.
        let parameters = [0.4, 1.5, 4, 10, 6, 0.7, 2, 0.1, 1.7, 0.2, 0.9, 1.5, 0.1, 0.3, 1.5, 0.5, 2, 0.5, 0.3, 0.1, 0.2]
        var analytic = [Double](repeating: 0, count: 21)
        _ = loss(parameters, &analytic)
        for i in 0..<21 {
            let step = 1e-6 * max(1, abs(parameters[i]))
            var up = parameters, down = parameters
            up[i] += step
            down[i] -= step
            var unused = [Double](repeating: 0, count: 21)
            let numeric = (loss(up, &unused) - loss(down, &unused)) / (2 * step)
            #expect(abs(numeric - analytic[i]) <= 1e-4 * max(1, abs(numeric)), "w[\(i)]: analytic \(analytic[i]), numeric \(numeric)")
        }
    }
}
