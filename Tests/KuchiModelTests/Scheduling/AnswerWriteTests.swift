import Foundation
import Testing
@testable import KuchiModel

@MainActor
@Suite("Writing an answer")
struct AnswerWriteTests {
    @Test("an answer reads its card's row once, and saves the state it read as the review's before")
    func oneReadPerAnswer() throws {
        let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
        let planner = fixture.planner!
        #expect(planner.review("q0", deck: "n", rating: .good, answerTime: .seconds(2)) != nil)
        let store = try #require(planner.connection.store)
        let reads = store.database.runs(of: ReviewStore.storedCardQuery)
        #expect(reads == 1, "a new card: one read, which finds no row")

        fixture.clock.advance(600)
        let second = try #require(planner.review("q0", deck: "n", rating: .again, answerTime: .seconds(3)))
        #expect(second.state == .relearning || second.state == .learning)
        #expect(store.database.runs(of: ReviewStore.storedCardQuery) - reads == 1)

        let log = try fixture.reopen().reviews(of: CardID(deck: "n", question: "q0"))
        #expect(log.map(\.review.rating) == [.good, .again])
        #expect(log.last?.before == log.first?.review.after, "the state read is the one logged as before")
        #expect(log.last?.review.after.state == second.state)
    }
}
