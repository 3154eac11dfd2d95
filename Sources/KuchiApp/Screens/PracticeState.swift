import Observation

/// View state of the practice screen: whether the choices show, and the
/// feedback to the last answer. The quiz itself lives in ChallengesViewModel.
@MainActor @Observable
final class PracticeState {
    enum Feedback: Equatable {
        case correct, wrong

        var title: String { self == .correct ? "Congratulations" : "Oh no!" }
        var message: String { self == .correct ? "The answer is correct" : "Your answer is not correct!" }
    }

    var showsChoices = false
    var feedback: Feedback?

    func reset() {
        showsChoices = false
        feedback = nil
    }
}
