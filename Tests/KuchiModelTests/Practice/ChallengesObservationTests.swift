import Observation
import Testing
import KuchiModel

@MainActor
@Suite("Practice session observation")
struct ChallengesObservationTests {
    @Test("numberOfAnswered is observed through correctAnswers")
    func scoreObservedThroughCorrectAnswers() throws {
        let model = ChallengesViewModel(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 1))
        let changes = ChangeCounter()
        withObservationTracking { _ = model.numberOfAnswered } onChange: { changes.count += 1 }
        model.toggleChoices()
        model.answer(try #require(model.choice(correct: true)))
        #expect(changes.count == 1)
    }

    @Test("a wrong answer does not touch an observer of numberOfAnswered")
    func wrongAnswerIsNotAScoreChange() throws {
        let model = ChallengesViewModel(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 2))
        let changes = ChangeCounter()
        withObservationTracking { _ = model.numberOfAnswered } onChange: { changes.count += 1 }
        model.toggleChoices()
        model.answer(try #require(model.choice(correct: false)))
        model.acknowledgeFeedback()
        #expect(changes.count == 0)
    }

    @Test("a new question is seen by an observer of currentChallenge")
    func newQuestionObserved() {
        let model = ChallengesViewModel(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 3))
        let changes = ChangeCounter()
        withObservationTracking { _ = model.currentChallenge } onChange: { changes.count += 1 }
        model.moveOn()
        #expect(changes.count == 1)
    }

    @Test("a change of the length setting is seen by an observer of isOver")
    func lengthSettingObserved() {
        let users = UserManager(storage: nil)
        let model = ChallengesViewModel(
            deck: .kuchiBasics, questionsPerSession: { users.settings.questionsPerSession }, random: SeededRandomNumberGenerator(seed: 5))
        let changes = ChangeCounter()
        withObservationTracking { _ = model.isOver } onChange: { changes.count += 1 }
        users.settings.questionsPerSession = 3
        #expect(changes.count == 1)
    }

    @Test("restart is seen by an observer of the score")
    func restartObserved() throws {
        let model = ChallengesViewModel(deck: .kuchiBasics, random: SeededRandomNumberGenerator(seed: 4))
        model.moveOn()
        let changes = ChangeCounter()
        withObservationTracking { _ = model.isOver } onChange: { changes.count += 1 }
        model.restart()
        #expect(changes.count == 1)
    }
}

/// Counts onChange calls; they arrive synchronously on the main actor in these tests.
private final class ChangeCounter: @unchecked Sendable {
    var count = 0
}
