import Foundation
import KuchiModel
import Testing

extension LocalTimeTests {
    @Suite("Review statistics")
    struct ReviewStatisticsTests {
        @Test("a small hand-made history gives the counts worked out by hand (Berlin, 4 AM rollover)")
        func handMadeHistory() throws {
            try withTimeZone(berlin) {
                let temporaryFolder = try TemporaryFolder()
                let directory = temporaryFolder.url
                let store = try ReviewStore(path: storePath(in: directory))
                for review in history { try store.record(review) }

                // Wednesday 15 July 2026, 12:00 CEST; today began at 04:00 CEST (02:00 UTC).
                let statistics = try store.statistics(
                    deck: "jlpt-n5", deckSize: 6, at: utc(2026, 7, 15, 10), studyDay: StudyDay(rolloverHour: 4))

                #expect(statistics.cards == .init(new: 1, learning: 1, review: 3, relearning: 1))

                #expect(statistics.reviewsPerDay.count == 30)
                #expect(statistics.reviewsPerDay.first?.start == utc(2026, 6, 16, 2))
                #expect(statistics.reviewsPerDay.last?.start == utc(2026, 7, 15, 2))
                let perDay = statistics.reviewsPerDay.filter { $0.count > 0 }.map { [$0.start: $0.count] }
                #expect(perDay == [
                    [utc(2026, 6, 20, 2): 1],  // c, hard; the review on 1 June is too old
                    [utc(2026, 7, 10, 2): 1],  // d, new
                    [utc(2026, 7, 12, 2): 1],  // e, new
                    [utc(2026, 7, 13, 2): 1],  // a, new
                    [utc(2026, 7, 14, 2): 2],  // a at 20:00, and at 03:30 the next morning
                    [utc(2026, 7, 15, 2): 2],  // a failed, b new
                ])

                #expect(statistics.dueForecast.count == 14)
                #expect(statistics.dueForecast.first?.start == utc(2026, 7, 15, 2))
                // Today: a (overdue), b, and d (due at 03:00 tomorrow, before the rollover).
                #expect(statistics.dueForecast.map(\.count) == [3, 0, 1] + Array(repeating: 0, count: 11))

                // Of the answers to cards in review: a at 03:30 and c passed, a today failed.
                #expect(statistics.retention == .init(passed: 2, failed: 1))
                #expect(statistics.retention.rate == 2.0 / 3.0)
            }
        }

        @Test("a deck with no history is all new, with empty days and no retention")
        func emptyDeck() throws {
            try withTimeZone(berlin) {
                let temporaryFolder = try TemporaryFolder()
                let directory = temporaryFolder.url
                let store = try ReviewStore(path: storePath(in: directory))
                let statistics = try store.statistics(
                    deck: "jlpt-n5", deckSize: 40, at: utc(2026, 7, 15, 10), studyDay: StudyDay())
                #expect(statistics.cards == .init(new: 40, learning: 0, review: 0, relearning: 0))
                #expect(statistics.reviewsPerDay.map(\.count) == Array(repeating: 0, count: 30))
                #expect(statistics.dueForecast.map(\.count) == Array(repeating: 0, count: 14))
                #expect(statistics.retention.rate == nil)
            }
        }
    }
}

/// Six cards' worth of history (one card, f, is still new); times in CEST, UTC+2.
private let history: [Review] = [
    review("c", .easy, at: utc(2026, 6, 1, 8), leaving: .review, due: utc(2026, 6, 20, 8)),
    review("c", .hard, at: utc(2026, 6, 20, 8), leaving: .review, due: utc(2026, 7, 17, 8)),
    review("d", .good, at: utc(2026, 7, 10, 8), leaving: .review, due: utc(2026, 7, 16, 1)),
    review("e", .good, at: utc(2026, 7, 12, 8), leaving: .review, due: utc(2026, 8, 10, 8)),
    review("a", .good, at: utc(2026, 7, 13, 8), leaving: .learning, due: utc(2026, 7, 14, 8)),
    review("a", .good, at: utc(2026, 7, 14, 18), leaving: .review, due: utc(2026, 7, 15, 1)),
    review("a", .good, at: utc(2026, 7, 15, 1, 30), leaving: .review, due: utc(2026, 7, 15, 7)),
    review("a", .again, at: utc(2026, 7, 15, 7), leaving: .relearning, due: utc(2026, 7, 15, 7, 10)),
    review("b", .good, at: utc(2026, 7, 15, 8), leaving: .learning, due: utc(2026, 7, 15, 8, 10)),
    review("x", .again, deck: "jlpt-n4", at: utc(2026, 7, 15, 8), leaving: .review, due: utc(2026, 7, 15, 8)),
]

private func review(
    _ question: String, _ rating: FSRSRating, deck: String = "jlpt-n5", at time: Date, leaving state: FSRSState,
    due: Date
) -> Review {
    Review(
        card: CardID(deck: deck, question: question), rating: rating, time: time, answerTime: .seconds(2),
        after: FSRSCard(state: state, step: nil, stability: 1, difficulty: 5, due: due, lastReview: time))
}
