import Testing
import KuchiModel

@MainActor
@Suite("Practice session")
struct ChallengesViewModelTests {
    @Test("a new session has a question and a score of zero")
    func startsWithAQuestion() {
        let model = ChallengesViewModel(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 1))
        #expect(model.currentChallenge != nil)
        #expect(model.numberOfAnswered == 0)
        #expect(!model.isComplete)
    }

    @Test("a correct answer counts, and the question stays until the next is asked")
    func correctAnswerCounts() throws {
        let model = ChallengesViewModel(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 2))
        let asked = try #require(model.currentChallenge)
        #expect(model.checkAnswer(asked.challenge.answer))
        #expect(model.numberOfAnswered == 1)
        #expect(model.correctAnswers == [asked])
        #expect(model.currentChallenge == asked)
    }

    @Test("a wrong answer keeps the same question and does not count")
    func wrongAnswerKeepsQuestion() throws {
        let model = ChallengesViewModel(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 3))
        let asked = try #require(model.currentChallenge)
        let wrong = try #require(asked.answers.first { !asked.isCorrect($0) })
        #expect(!model.checkAnswer(wrong))
        #expect(model.currentChallenge == asked)
        #expect(model.numberOfAnswered == 0)
        #expect(model.wrongAnswers == [asked])
    }

    @Test("the session completes after numberOfQuestions correct answers")
    func sessionCompletes() throws {
        let model = ChallengesViewModel(
            deck: .kuchiBasics, numberOfQuestions: 3, random: SeededRandomNumberGenerator(seed: 4)
        )
        for answered in 1...3 {
            #expect(!model.isComplete)
            let asked = try #require(model.currentChallenge)
            model.checkAnswer(asked.challenge.answer)
            #expect(model.numberOfAnswered == answered)
            model.generateRandomChallenge()
        }
        #expect(model.isComplete)
    }

    @Test("restart clears the score and asks a new question")
    func restartResets() throws {
        let model = ChallengesViewModel(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 5))
        let asked = try #require(model.currentChallenge)
        model.checkAnswer(asked.challenge.answer)
        model.checkAnswer("not an answer")
        model.restart()
        #expect(model.numberOfAnswered == 0)
        #expect(model.wrongAnswers.isEmpty)
        #expect(model.currentChallenge != nil)
        #expect(model.currentChallenge?.challenge != asked.challenge)
    }

    @Test("the same question is never asked twice in a row")
    func noImmediateRepeat() throws {
        let model = ChallengesViewModel(deck: twoCards, random: SeededRandomNumberGenerator(seed: 6))
        for _ in 0..<50 {
            let before = try #require(model.currentChallenge).challenge
            model.generateRandomChallenge()
            #expect(model.currentChallenge?.challenge != before)
        }
    }

    @Test("a one-card deck asks its only card again")
    func oneCardRepeats() {
        let model = ChallengesViewModel(deck: oneCard, random: SeededRandomNumberGenerator(seed: 7))
        model.generateRandomChallenge()
        #expect(model.currentChallenge?.challenge == oneCard.cards[0])
        #expect(model.currentChallenge?.answers == ["yes"])
    }

    @Test("an empty deck has no question, and answering it counts nothing")
    func emptyDeck() {
        let model = ChallengesViewModel(deck: noCards)
        #expect(model.currentChallenge == nil)
        #expect(!model.checkAnswer("yes"))
        #expect(model.wrongAnswers.isEmpty)
    }

    @Test("switching the deck restarts the session on the new deck")
    func switchingDeckRestarts() throws {
        let model = ChallengesViewModel(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 8))
        let asked = try #require(model.currentChallenge)
        model.checkAnswer(asked.challenge.answer)
        model.deck = twoCards
        #expect(model.numberOfAnswered == 0)
        #expect(twoCards.cards.contains(try #require(model.currentChallenge).challenge))
    }

    @Test("writing back the same deck keeps the session")
    func sameDeckKeepsSession() throws {
        let model = ChallengesViewModel(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 10))
        let asked = try #require(model.currentChallenge)
        model.checkAnswer(asked.challenge.answer)
        model.deck = .kuchiBasics
        #expect(model.numberOfAnswered == 1)
        #expect(model.currentChallenge == asked)
    }

    @Test("the same seed deals the same session")
    func seededSessionsRepeat() {
        let first = ChallengesViewModel(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 9))
        let second = ChallengesViewModel(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 9))
        for _ in 0..<10 {
            #expect(first.currentChallenge == second.currentChallenge)
            first.generateRandomChallenge()
            second.generateRandomChallenge()
        }
    }
}

private let oneCard = Deck(name: "One", language: "ja", cards: [
    Challenge(question: "はい", pronunciation: "hai", answer: "yes"),
])

private let twoCards = Deck(name: "Two", language: "ja", cards: [
    Challenge(question: "はい", pronunciation: "hai", answer: "yes"),
    Challenge(question: "いいえ", pronunciation: "iie", answer: "no"),
])

private let noCards = Deck(name: "None", language: "ja", cards: [])
