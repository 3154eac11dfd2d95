import Foundation
import Testing
import KuchiModel

/// Settings and stored cards the reference would refuse (or crash on) are made usable.
@Suite("FSRS with bad settings and bad cards")
struct FSRSRobustnessTests {
    let defaults = FSRSScheduler.defaultParameters
    let start = Date(timeIntervalSince1970: 1_750_000_000)

    @Test("a parameter list of the wrong length falls back to the defaults", arguments: [0, 1, 19, 20, 22, 40])
    func wrongCount(count: Int) {
        let scheduler = FSRSScheduler(parameters: Array(repeating: 0.5, count: count))
        #expect(scheduler.parameters == defaults)
    }

    @Test("a NaN parameter falls back to its default; the others are kept")
    func nanParameter() {
        var parameters = defaults
        parameters[3] = .nan
        parameters[8] = 2.5
        let used = FSRSScheduler(parameters: parameters).parameters
        #expect(used[3] == defaults[3] && used[8] == 2.5)
    }

    @Test("parameters outside the reference's bounds are clamped into them")
    func clampedParameters() {
        var parameters = defaults
        parameters[0] = -1
        parameters[4] = .infinity
        parameters[7] = 0.9
        parameters[20] = -.infinity
        let used = FSRSScheduler(parameters: parameters).parameters
        #expect(used[0] == 0.001 && used[4] == 10 && used[7] == 0.75 && used[20] == 0.1)
        #expect(used.count == 21)
    }

    @Test("retention, steps and maximum interval are brought into range")
    func clampedSettings() {
        let low = FSRSScheduler(
            desiredRetention: 0, learningSteps: [-5, .nan, .infinity], relearningSteps: [.nan], maximumInterval: 0)
        #expect(low.desiredRetention == 0.01)
        #expect(low.learningSteps == [0, 0, 36500 * 86400] && low.relearningSteps == [0])
        #expect(low.maximumInterval == 1)
        let high = FSRSScheduler(desiredRetention: 2, maximumInterval: .max)
        #expect(high.desiredRetention == 1 && high.maximumInterval == 36500)
        #expect(FSRSScheduler(desiredRetention: .nan).desiredRetention == 0.9)
    }

    @Test("extreme settings and odd cards never trap, and keep the memory state in range")
    func nothingTraps() {
        var extreme = defaults
        extreme[8] = 4.5
        extreme[9] = 0
        extreme[10] = 3.5
        let schedulers = [
            FSRSScheduler(), FSRSScheduler(parameters: extreme, desiredRetention: 0.01, fuzz: true),
            FSRSScheduler(parameters: [.nan], desiredRetention: .nan, learningSteps: [.nan, -1],
                          relearningSteps: [.infinity], maximumInterval: -7, fuzz: true),
            FSRSScheduler(learningSteps: [], relearningSteps: [], maximumInterval: .max, fuzz: true),
        ]
        var random = SeededRandomNumberGenerator(seed: 7)
        var reviews = 0
        for scheduler in schedulers {
            for var card in oddCards {
                for index in 0..<60 {
                    let rating = FSRSRating.allCases[index % 4]
                    let time = index % 5 == 0 ? start.addingTimeInterval(Double(index) * 3600) : card.due
                    card = scheduler.review(card, rating: rating, at: time, using: &random)
                    let stability = card.stability ?? .nan
                    let difficulty = card.difficulty ?? .nan
                    #expect(stability >= 0.001 && !stability.isNaN)
                    #expect((1...10).contains(difficulty))
                    // The longest wait: Hard on a lone step of 100 years waits 1.5 times the step.
                    #expect(card.due >= time && card.due.timeIntervalSince(time) <= 1.5 * 36500 * 86400 + 1)
                    #expect((0...1).contains(scheduler.retrievability(of: card, at: time)))
                    reviews += 1
                }
            }
        }
        #expect(reviews == schedulers.count * oddCards.count * 60)
    }

    @Test("reviews at unrepresentable or absurd times do not trap")
    func absurdTimes() {
        let scheduler = FSRSScheduler(fuzz: true)
        let card = FSRSCard(state: .review, step: nil, stability: 5, difficulty: 5, due: start, lastReview: start)
        var random = SeededRandomNumberGenerator(seed: 1)
        for seconds in [TimeInterval.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude] {
            for rating in FSRSRating.allCases {
                let time = Date(timeIntervalSince1970: seconds)
                _ = scheduler.review(card, rating: rating, at: time, using: &random)
                _ = scheduler.retrievability(of: card, at: time)
            }
        }
        for edge in [Date.distantPast, .distantFuture] {
            let next = scheduler.review(card, rating: .good, at: edge, using: &random)
            #expect(next.lastReview == edge)
        }
    }

    @Test("a card missing its memory state is reviewed as a new card")
    func missingMemory() {
        let scheduler = FSRSScheduler()
        let fresh = scheduler.review(FSRSCard(due: start), rating: .good, at: start)
        for state in FSRSState.allCases {
            let card = FSRSCard(state: state, step: nil, stability: nil, difficulty: 4, due: start, lastReview: start)
            #expect(scheduler.review(card, rating: .good, at: start) == fresh)
        }
    }

    /// Cards a store could hand back after a bug, a crash or a hand edit.
    private var oddCards: [FSRSCard] {
        let earlier = start.addingTimeInterval(-86400 * 3)
        return [
            FSRSCard(due: start),
            FSRSCard(state: .learning, step: nil, stability: 2, difficulty: 5, due: start, lastReview: earlier),
            FSRSCard(state: .learning, step: -4, stability: 2, difficulty: 5, due: start, lastReview: earlier),
            FSRSCard(state: .relearning, step: 99, stability: 2, difficulty: 5, due: start, lastReview: earlier),
            FSRSCard(state: .review, step: 3, stability: nil, difficulty: nil, due: start, lastReview: earlier),
            FSRSCard(state: .review, step: nil, stability: .nan, difficulty: .nan, due: start, lastReview: earlier),
            FSRSCard(state: .review, step: nil, stability: -1, difficulty: 50, due: start, lastReview: earlier),
            FSRSCard(state: .review, step: nil, stability: 1e300, difficulty: -3, due: start, lastReview: earlier),
            FSRSCard(state: .review, step: nil, stability: 4, difficulty: 5, due: start, lastReview: start.addingTimeInterval(1e9)),
        ]
    }
}
