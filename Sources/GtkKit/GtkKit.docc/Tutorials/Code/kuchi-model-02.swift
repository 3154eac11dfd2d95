import Foundation
import Observation

/// Who plays Kuchi, the questions, and the score. Main-actor isolated, as the
/// widgets that show it are.
@MainActor @Observable
final class QuizModel {
    /// The screen the model is at: ContentView shows it.
    enum Screen: Hashable {
        case register, welcome, challenge, congratulations
    }

    var userName = ""
    private(set) var isRegistered = false
    private(set) var hasStarted = false

    let questionsPerSession: Int
    private let questions: [Question]
    private(set) var answered = 0
    private(set) var score = 0

    init(questions: [Question] = Question.all, questionsPerSession: Int = 5) {
        self.questions = questions
        self.questionsPerSession = questionsPerSession
    }

    /// A name needs three characters, spaces around it aside.
    var canRegister: Bool {
        userName.trimmingCharacters(in: .whitespaces).count >= 3
    }

    var screen: Screen {
        if !isRegistered { return .register }
        if !hasStarted { return .welcome }
        return answered < questionsPerSession ? .challenge : .congratulations
    }

    /// The question being asked; the list starts over when a session is longer.
    var question: Question {
        questions[answered % questions.count]
    }

    func register() {
        guard canRegister else { return }
        isRegistered = true
    }

    func start() {
        hasStarted = true
    }

    func answer(_ choice: String) {
        guard screen == .challenge else { return }
        if choice == question.answer { score += 1 }
        answered += 1
    }

    func playAgain() {
        answered = 0
        score = 0
    }
}
