import Foundation
import Testing
@testable import KuchiModel

@MainActor
@Suite("Taking back the last answer: Learn and Challenge")
struct PracticeUndoTests {
    @Test("Learn: the card marked last shows again, unturned, with the remembered count back, and its review is gone")
    func learnCard() throws {
        let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
        let learn = LearnSession(deck: numberedDeck(5), roundSize: 5, planner: fixture.planner, deckKey: "n")
        let card = try #require(learn.current)
        learn.flip()
        learn.decide(remembered: true)
        #expect(learn.current != card && learn.remembered == 1, "positive control")

        #expect(try learn.undoLastAnswer() == card)
        #expect(learn.current == card)
        #expect(!learn.isFlipped)
        #expect(learn.remembered == 0)
        #expect(learn.position == 1)
        #expect(try fixture.reopen().reviews(of: id(card)).isEmpty)
        #expect(try learn.undoLastAnswer() == nil, "once")
        #expect(learn.current == card)

        learn.decide(remembered: false)
        #expect(try fixture.reopen().reviews(of: id(card)).map(\.review.rating) == [.again])
    }

    @Test("Learn: taking back the last card of a round brings the round back from its end")
    func learnLastCard() throws {
        let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
        let learn = LearnSession(deck: numberedDeck(2), roundSize: 2, planner: fixture.planner, deckKey: "n")
        learn.decide(remembered: true)
        let last = try #require(learn.current)
        learn.decide(remembered: true)
        #expect(learn.isFinished && learn.remembered == 2)

        #expect(try learn.undoLastAnswer() == last)
        #expect(!learn.isFinished)
        #expect(learn.current == last)
        #expect(learn.remembered == 1)
    }

    @Test("Learn: a new round forgets the last one's answer")
    func learnNewRound() throws {
        let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
        let learn = LearnSession(deck: numberedDeck(5), roundSize: 5, planner: fixture.planner, deckKey: "n")
        let card = try #require(learn.current)
        learn.decide(remembered: true)
        learn.startAgain()
        #expect(fixture.planner.lastAnswer != nil, "the planner alone could still take it back")
        #expect(try learn.undoLastAnswer() == nil)
        #expect(try fixture.reopen().reviews(of: id(card)).count == 1)
    }

    @Test("Challenge: a first answer taken back: the attempts are back, the question is asked again with its choices hidden, and its next answer rates it")
    func challengeFirstAnswer() throws {
        let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
        let session = fixture.session(of: numberedDeck(5), length: 3)
        let question = try #require(session.currentChallenge)
        session.toggleChoices()
        #expect(session.answer(try #require(session.choice(correct: false))) == .wrong)
        #expect(session.wrongAnswers == [question], "positive control")

        #expect(try session.undoLastAnswer() == question.challenge)
        #expect(session.wrongAnswers.isEmpty && session.correctAnswers.isEmpty)
        #expect(session.feedback == nil)
        #expect(!session.showsChoices)
        #expect(session.currentChallenge == question)
        #expect(try fixture.reopen().reviews(of: id(question.challenge)).isEmpty)

        session.toggleChoices()
        #expect(session.answer(try #require(session.choice(correct: true))) == .correct)
        #expect(try fixture.reopen().reviews(of: id(question.challenge)).map(\.review.rating) == [.good])
    }

    @Test("Challenge: a right answer taken back after the next question came: the score, the question and the one after are back")
    func challengeAfterMovingOn() throws {
        let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
        let session = fixture.session(of: numberedDeck(5), length: 3)
        let question = try #require(session.currentChallenge)
        session.moveOn()
        let next = try #require(session.currentChallenge)
        #expect(next != question && session.numberOfAnswered == 1, "positive control")

        #expect(try session.undoLastAnswer() == question.challenge)
        #expect(session.numberOfAnswered == 0)
        #expect(session.currentChallenge == question)
        #expect(!session.showsChoices)
        session.moveOn()
        #expect(session.currentChallenge?.challenge == next.challenge)
        #expect(try fixture.reopen().reviews(of: id(question.challenge)).count == 1)
    }

    @Test("Challenge: a retry taken back leaves the question rated by its first answer")
    func challengeRetry() throws {
        let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
        let session = fixture.session(of: numberedDeck(5), length: 3)
        let question = try #require(session.currentChallenge)
        session.toggleChoices()
        session.answer(try #require(session.choice(correct: false)))
        session.acknowledgeFeedback()
        // The same question, its choices still showing.
        #expect(session.showsChoices)
        session.answer(try #require(session.choice(correct: true)))
        #expect(session.correctAnswers == [question])

        #expect(try session.undoLastAnswer() == question.challenge)
        #expect(session.correctAnswers.isEmpty)
        #expect(session.wrongAnswers == [question])
        #expect(try fixture.reopen().reviews(of: id(question.challenge)).map(\.review.rating) == [.again])
        #expect(try session.undoLastAnswer() == nil, "once: the first answer stays")
        #expect(!session.showsChoices)
        session.toggleChoices()
        session.answer(try #require(session.choice(correct: true)))
        #expect(try fixture.reopen().reviews(of: id(question.challenge)).count == 1, "a retry is not a review")
    }

    @Test("Challenge without a schedule: the session is put back all the same")
    func challengeWithoutSchedule() throws {
        let session = ChallengesViewModel(
            deck: numberedDeck(5), questionsPerSession: { 3 }, random: SeededRandomNumberGenerator(seed: 1))
        let question = try #require(session.currentChallenge)
        session.toggleChoices()
        session.answer(try #require(session.choice(correct: false)))
        #expect(session.wrongAnswers == [question])
        #expect(try session.undoLastAnswer() == question.challenge)
        #expect(session.wrongAnswers.isEmpty && session.feedback == nil && !session.showsChoices)
    }

    @Test("once the other mode has answered, an earlier answer is not taken back: only the last answer is")
    func otherModeAnsweredSince() throws {
        let fixture = try PlannerFixture(at: utc(2026, 11, 20, 10))
        let deck = numberedDeck(5)
        let learn = LearnSession(deck: deck, roundSize: 5, planner: fixture.planner, deckKey: "n")
        let session = fixture.session(of: deck, length: 3)
        learn.decide(remembered: true)
        session.toggleChoices()
        session.answer(try #require(session.choice(correct: true)))

        #expect(try learn.undoLastAnswer() == nil)
        #expect(learn.remembered == 1)
        #expect(try session.undoLastAnswer() != nil, "positive control")
        #expect(try learn.undoLastAnswer() == nil, "still not: once taken back, the last answer is no one's")
    }
}

private func id(_ card: Challenge) -> CardID { CardID(deck: "n", question: card.question) }
