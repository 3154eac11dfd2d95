import Testing
import KuchiModel

@MainActor
@Suite("Practice session")
struct ChallengesViewModelTests {
    @Test("a new session has a question with hidden choices and a score of zero")
    func startsWithAQuestion() {
        let session = ChallengesViewModel(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 1))
        #expect(session.currentChallenge != nil)
        #expect(!session.showsChoices)
        #expect(session.numberOfAnswered == 0)
        #expect(!session.isOver)
    }

    @Test("nothing can be answered while the choices are hidden")
    func hiddenChoicesTakeNoAnswer() throws {
        let session = ChallengesViewModel(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 2))
        #expect(session.answer(try #require(session.choice(correct: true))) == nil)
        #expect(session.numberOfAnswered == 0)
    }

    @Test("a correct answer counts, and the question stays until the feedback is seen")
    func correctAnswerCounts() throws {
        let session = ChallengesViewModel(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 2))
        let asked = try #require(session.currentChallenge)
        session.toggleChoices()
        #expect(session.answer(try #require(session.choice(correct: true))) == .correct)
        #expect(session.numberOfAnswered == 1)
        #expect(session.currentChallenge == asked)
        #expect(session.correctAnswers == [asked])
        // A second answer while the feedback shows is not taken.
        #expect(session.answer(0) == nil)
        session.acknowledgeFeedback()
        #expect(session.currentChallenge != asked)
        #expect(!session.showsChoices, "a new question starts with its choices hidden")
    }

    @Test("a wrong answer keeps the same question and does not count")
    func wrongAnswerKeepsQuestion() throws {
        let session = ChallengesViewModel(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 3))
        let asked = try #require(session.currentChallenge)
        session.toggleChoices()
        #expect(session.answer(try #require(session.choice(correct: false))) == .wrong)
        session.acknowledgeFeedback()
        #expect(session.currentChallenge == asked)
        #expect(session.numberOfAnswered == 0)
        #expect(session.wrongAnswers == [asked])
    }

    @Test("the session is over after its length in correct answers, once the last feedback is seen")
    func sessionEnds() throws {
        let session = ChallengesViewModel(
            deck: .kuchiBasics, questionsPerSession: { 3 }, random: SeededRandomNumberGenerator(seed: 4))
        for _ in 1...2 { session.moveOn() }
        session.toggleChoices()
        session.answer(try #require(session.choice(correct: true)))
        #expect(!session.isOver, "the last feedback shows first")
        let last = session.currentChallenge
        session.acknowledgeFeedback()
        #expect(session.isOver)
        #expect(session.currentChallenge == last, "no new question after the last")
        session.toggleChoices()
        #expect(session.answer(0) == nil)
    }

    @Test("the length is read from the setting each time: changed mid-session, the end follows")
    func lengthFollowsTheSetting() {
        let setting = Setting(value: 5)
        let session = ChallengesViewModel(
            deck: .kuchiBasics, questionsPerSession: { setting.value }, random: SeededRandomNumberGenerator(seed: 11))
        session.moveOn()
        session.moveOn()
        #expect(session.length == 5)
        setting.value = 3
        #expect(session.length == 3)
        #expect(!session.isOver)
        session.moveOn()
        #expect(session.isOver)
        // Lowered below the score, the session is over at once.
        session.restart()
        session.moveOn()
        session.moveOn()
        setting.value = 1
        #expect(session.isOver)
    }

    @Test("start goes on with an unfinished session, choices hidden, and restarts a finished one")
    func startAfterBack() {
        let session = ChallengesViewModel(
            deck: .kuchiBasics, questionsPerSession: { 2 }, random: SeededRandomNumberGenerator(seed: 12))
        session.moveOn()
        session.toggleChoices()
        session.start()
        #expect(!session.showsChoices)
        #expect(session.numberOfAnswered == 1)
        session.moveOn()
        #expect(session.isOver)
        session.start()
        #expect(!session.isOver)
        #expect(session.numberOfAnswered == 0)
    }

    @Test("restart clears the score and asks a new question")
    func restartResets() throws {
        let session = ChallengesViewModel(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 5))
        let asked = try #require(session.currentChallenge)
        session.toggleChoices()
        session.answer(try #require(session.choice(correct: false)))
        session.restart()
        #expect(session.numberOfAnswered == 0)
        #expect(session.wrongAnswers.isEmpty)
        #expect(session.feedback == nil)
        #expect(session.currentChallenge != nil)
        #expect(session.currentChallenge?.challenge != asked.challenge)
    }

    @Test("the same question is never asked twice in a row")
    func noImmediateRepeat() throws {
        let session = ChallengesViewModel(deck: twoCards, questionsPerSession: endless, random: SeededRandomNumberGenerator(seed: 6))
        for _ in 0..<50 {
            let before = try #require(session.currentChallenge).challenge
            session.moveOn()
            #expect(session.currentChallenge?.challenge != before)
        }
    }

    @Test("a one-card deck asks its only card again, with two choices borrowed from Kuchi Basics")
    func oneCardRepeats() {
        let session = ChallengesViewModel(deck: oneCard, questionsPerSession: endless, random: SeededRandomNumberGenerator(seed: 7))
        session.moveOn()
        #expect(session.currentChallenge?.challenge == oneCard.cards[0])
        let answers = session.currentChallenge?.answers ?? []
        #expect(answers.count == 3 && answers.contains("yes"), "\(answers)")
        let basics = Set(Deck.kuchiBasics.cards.map(\.answer))
        #expect(answers.allSatisfy(basics.contains))
    }

    @Test("an empty deck has no question, and answering it counts nothing")
    func emptyDeck() {
        let session = ChallengesViewModel(deck: noCards)
        #expect(session.currentChallenge == nil)
        session.toggleChoices()
        #expect(session.answer(0) == nil)
        #expect(session.wrongAnswers.isEmpty)
    }

    @Test("another deck in use restarts the session on it")
    func switchingDeckRestarts() throws {
        let inUse = DeckInUse(.kuchiBasics)
        let session = ChallengesViewModel(deck: inUse, random: SeededRandomNumberGenerator(seed: 8))
        session.moveOn()
        inUse.use(twoCards)
        #expect(session.numberOfAnswered == 0)
        #expect(twoCards.cards.contains(try #require(session.currentChallenge).challenge))
    }

    @Test("the same deck given again keeps the session")
    func sameDeckKeepsSession() throws {
        let inUse = DeckInUse(.kuchiBasics)
        let session = ChallengesViewModel(deck: inUse, random: SeededRandomNumberGenerator(seed: 10))
        session.moveOn()
        let asked = session.currentChallenge
        inUse.use(.kuchiBasics)
        #expect(session.numberOfAnswered == 1)
        #expect(session.currentChallenge == asked)
    }

    @Test("the same seed deals the same session")
    func seededSessionsRepeat() {
        let first = ChallengesViewModel(deck: .kuchiBasics, questionsPerSession: endless, random: SeededRandomNumberGenerator(seed: 9))
        let second = ChallengesViewModel(deck: .kuchiBasics, questionsPerSession: endless, random: SeededRandomNumberGenerator(seed: 9))
        for _ in 0..<10 {
            #expect(first.currentChallenge == second.currentChallenge)
            first.moveOn()
            second.moveOn()
        }
    }
}

/// A setting the test changes while the session runs.
@MainActor
private final class Setting {
    var value: Int
    init(value: Int) { self.value = value }
}

private let oneCard = Deck(name: "One", language: "ja", cards: [
    Challenge(question: "はい", pronunciation: "hai", answer: "yes"),
])

private let twoCards = Deck(name: "Two", language: "ja", cards: [
    Challenge(question: "はい", pronunciation: "hai", answer: "yes"),
    Challenge(question: "いいえ", pronunciation: "iie", answer: "no"),
])

private let noCards = Deck(name: "None", language: "ja", cards: [])
