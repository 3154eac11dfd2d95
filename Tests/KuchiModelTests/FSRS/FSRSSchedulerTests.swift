import Foundation
import Testing
import KuchiModel

@Suite("FSRS scheduling")
struct FSRSSchedulerTests {
    let scheduler = FSRSScheduler()
    let start = Date(timeIntervalSince1970: 1_750_000_000.25)
    let day: TimeInterval = 86400
    var weights: [Double] { FSRSScheduler.defaultParameters }

    @Test("the defaults are FSRS-6's 21 weights")
    func defaults() {
        #expect(weights.count == 21)
        #expect(weights.first == 0.212 && weights.last == 0.1542)
        #expect(scheduler.parameters == weights)
        #expect(scheduler.desiredRetention == 0.9 && scheduler.maximumInterval == 36500 && !scheduler.fuzz)
        #expect(scheduler.learningSteps == [60, 600] && scheduler.relearningSteps == [600])
    }

    @Test("a new card is learning at step 0, due when created, with no memory yet")
    func newCard() {
        let card = FSRSCard(due: start)
        #expect(card == FSRSCard(state: .learning, step: 0, stability: nil, difficulty: nil, due: start, lastReview: nil))
        #expect(scheduler.retrievability(of: card, at: start) == 0)
    }

    @Test("a new card rated Good moves to the next learning step")
    func goodMovesOn() {
        let card = scheduler.review(FSRSCard(due: start), rating: .good, at: start)
        #expect(card.state == .learning && card.step == 1)
        #expect(card.due == start.addingTimeInterval(600))
        #expect(card.lastReview == start)
        #expect(card.stability == weights[2])
        let difficulty = weights[4] - exp(weights[5] * 2) + 1
        #expect(abs((card.difficulty ?? 0) - difficulty) < 1e-12)
    }

    @Test("Again restarts the steps; Hard on the first step waits between the first two")
    func againAndHardInLearning() {
        let again = scheduler.review(FSRSCard(due: start), rating: .again, at: start)
        #expect(again.state == .learning && again.step == 0 && again.due == start.addingTimeInterval(60))
        let hard = scheduler.review(FSRSCard(due: start), rating: .hard, at: start)
        #expect(hard.state == .learning && hard.step == 0 && hard.due == start.addingTimeInterval(330))
        let oneStep = FSRSScheduler(learningSteps: [100])
        #expect(oneStep.review(FSRSCard(due: start), rating: .hard, at: start).due == start.addingTimeInterval(150))
    }

    @Test("Easy graduates a new card to review, due in whole days")
    func easyGraduates() {
        let card = scheduler.review(FSRSCard(due: start), rating: .easy, at: start)
        #expect(card.state == .review && card.step == nil)
        // At 90% retention the interval is the stability, rounded: 8.2956 → 8 days.
        #expect(card.due == start.addingTimeInterval(8 * day))
    }

    @Test("Good on the last learning step graduates")
    func lastStepGraduates() {
        var card = scheduler.review(FSRSCard(due: start), rating: .good, at: start)
        card = scheduler.review(card, rating: .good, at: card.due)
        #expect(card.state == .review && card.step == nil)
        #expect(card.due.timeIntervalSince(start) >= day)
    }

    @Test("intervals round half to even, as Python's round() does", arguments: [(1.5, 2), (2.5, 2), (4.5, 4)])
    func halfToEven(stability: Double, days: Double) {
        var parameters = weights
        parameters[2] = stability
        let card = FSRSScheduler(parameters: parameters, learningSteps: []).review(FSRSCard(due: start), rating: .good, at: start)
        #expect(card.due == start.addingTimeInterval(days * day))
    }

    @Test("no learning steps: even Again sends a new card straight to review")
    func noLearningSteps() {
        let card = FSRSScheduler(learningSteps: []).review(FSRSCard(due: start), rating: .again, at: start)
        #expect(card.state == .review && card.step == nil && card.due == start.addingTimeInterval(day))
    }

    @Test("Again in review goes to relearning, and Good on its last step returns to review")
    func lapse() throws {
        let card = reviewCard(stability: 20, difficulty: 5, lastReview: start)
        let lapsed = scheduler.review(card, rating: .again, at: start.addingTimeInterval(20 * day))
        #expect(lapsed.state == .relearning && lapsed.step == 0)
        #expect(abs(lapsed.due.timeIntervalSince(start) - (20 * day + 600)) < 0.001)
        #expect(try #require(lapsed.stability) < 20)
        let back = scheduler.review(lapsed, rating: .good, at: lapsed.due)
        #expect(back.state == .review && back.step == nil)
    }

    @Test("without relearning steps a lapse stays in review")
    func lapseWithoutRelearning() {
        let card = reviewCard(stability: 20, difficulty: 5, lastReview: start)
        let lapsed = FSRSScheduler(relearningSteps: []).review(card, rating: .again, at: start.addingTimeInterval(20 * day))
        #expect(lapsed.state == .review && lapsed.step == nil)
        #expect(lapsed.due.timeIntervalSince(start) >= 21 * day)
    }

    @Test("a step past the end of the steps graduates, unless the rating is Again")
    func stepPastTheEnd() {
        var card = reviewCard(stability: 3, difficulty: 5, lastReview: start)
        card.state = .learning
        card.step = 7
        let now = start.addingTimeInterval(3600)
        #expect(scheduler.review(card, rating: .hard, at: now).state == .review)
        let again = scheduler.review(card, rating: .again, at: now)
        #expect(again.state == .learning && again.step == 0 && again.due == now.addingTimeInterval(60))
    }

    @Test("retrievability is 1 at the review, stays so for the first day, then falls")
    func retrievabilityFalls() {
        let card = scheduler.review(FSRSCard(due: start), rating: .easy, at: start)
        #expect(scheduler.retrievability(of: card, at: start) == 1)
        #expect(scheduler.retrievability(of: card, at: start.addingTimeInterval(day - 0.001)) == 1)
        #expect(scheduler.retrievability(of: card, at: start.addingTimeInterval(-day)) == 1)
        let later = [1.0, 2, 10, 100, 1000].map { scheduler.retrievability(of: card, at: start.addingTimeInterval($0 * day)) }
        #expect(zip(later, later.dropFirst()).allSatisfy { $0 > $1 })
        #expect(later.allSatisfy { $0 > 0 && $0 < 1 })
    }

    @Test("recall is 90% exactly one stability after the review", arguments: [1.0, 7, 30, 365])
    func stabilityMeansNinetyPercent(stability: Double) {
        let card = reviewCard(stability: stability, difficulty: 5, lastReview: start)
        let recall = scheduler.retrievability(of: card, at: start.addingTimeInterval(stability * day))
        #expect(abs(recall - 0.9) < 1e-12)
    }

    @Test("elapsed time counts in whole days: under 24 hours is the same day")
    func wholeDays() throws {
        let card = reviewCard(stability: 10, difficulty: 5, lastReview: start)
        let stability = { (seconds: TimeInterval) in
            scheduler.review(card, rating: .good, at: start.addingTimeInterval(seconds)).stability
        }
        // Same-day stability depends on the rating only, not on how many hours passed.
        #expect(stability(60) == stability(day - 0.000_001))
        #expect(stability(60) == stability(-3600))
        #expect(stability(60) != stability(day))
    }

    @Test("times whole days apart to the microsecond count as whole days, as in the reference")
    func microsecondExactDays() {
        // Exactly 29 days apart as decimals (and as the reference's datetimes), but 60 ns
        // less as doubles: counting raw seconds would make it 28 days.
        let last = Date(timeIntervalSinceReferenceDate: 534_835_879.130_33)
        let later = Date(timeIntervalSinceReferenceDate: 537_341_479.130_33)
        #expect(later.timeIntervalSince(last) < 29 * day)
        let card = reviewCard(stability: 10, difficulty: 5, lastReview: last)
        let recall = scheduler.retrievability(of: card, at: later)
        #expect(recall == scheduler.retrievability(of: card, at: last.addingTimeInterval(29 * day + 3600)))
        #expect(recall != scheduler.retrievability(of: card, at: last.addingTimeInterval(28 * day + 3600)))
    }

    @Test("the maximum interval caps review intervals", arguments: [1, 5, 30])
    func maximumIntervalCaps(maximum: Int) {
        let capped = FSRSScheduler(maximumInterval: maximum)
        var card = capped.review(FSRSCard(due: start), rating: .easy, at: start)
        var longest: TimeInterval = 0
        for _ in 0..<20 {
            let now = card.due
            card = capped.review(card, rating: .easy, at: now)
            longest = max(longest, card.due.timeIntervalSince(now))
        }
        #expect(longest == Double(maximum) * day)
    }

    private func reviewCard(stability: Double, difficulty: Double, lastReview: Date) -> FSRSCard {
        FSRSCard(state: .review, step: nil, stability: stability, difficulty: difficulty, due: lastReview, lastReview: lastReview)
    }
}
