import Foundation
import Testing
@testable import KuchiModel

@MainActor
@Suite("The workload a desired retention implies")
struct WorkloadSimulationTests {
    /// 300 cards in review, each last reviewed 1 to 30 days ago with a stability of 2 to
    /// 60 days, due as a 90 % retention would have it.
    static func cards(now: Date) -> [FSRSCard] {
        (0..<300).map { index in
            let last = now.addingTimeInterval(-Double(1 + index % 30) * 86_400)
            return FSRSCard(
                state: .review, step: nil, stability: 2 + Double(index % 59), difficulty: 5,
                due: last.addingTimeInterval(Double(2 + index % 59) * 86_400), lastReview: last)
        }
    }

    func perDay(retention: Int, newCards: Int = 0, parameters: FittedMemoryModel? = nil) -> Double {
        var settings = Settings()
        settings.desiredRetention = retention
        settings.memoryModel = parameters
        return WorkloadSimulation.reviewsPerDay(
            cards: Self.cards(now: storeEpoch), newCards: newCards, newPerDay: 20,
            scheduler: StudyPlanner.scheduler(for: settings), from: storeEpoch)
    }

    @Test("a higher desired retention means more reviews a day; the same inputs give the same figure")
    func higherRetentionMoreReviews() {
        let low = perDay(retention: 80), high = perDay(retention: 95)
        #expect(low > 0)
        #expect(high > low * 1.5, "\(low) → \(high)")
        #expect(perDay(retention: 80) == low)
    }

    @Test("new cards add their reviews, and the learner's parameters are the ones simulated")
    func newCardsAndParameters() {
        let none = perDay(retention: 90)
        #expect(perDay(retention: 90, newCards: 100) > none)
        // A model that forgets far more slowly once learnt: fewer reviews.
        var slow = FSRSScheduler.defaultParameters
        slow[8] = 4.0  // the growth of stability after a recall
        let model = FittedMemoryModel(
            parameters: slow, fitted: storeEpoch, reviewCount: 500,
            before: MemoryModelScore(logLoss: 0.4, rmse: 0.07), after: MemoryModelScore(logLoss: 0.3, rmse: 0.05))
        #expect(perDay(retention: 90, parameters: model) < none)
    }
}
