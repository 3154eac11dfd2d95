import GtkKit
import KuchiModel

/// The practice session: the challenge until enough correct answers, then
/// the congratulations.
struct PracticeView: View {
    @Environment(ChallengesViewModel.self) private var challenges
    @Environment(\.questionsPerSession) private var questionsPerSession
    private let practice = PracticeState()

    var body: some View {
        // The last correct answer's feedback shows before the session ends.
        If({ challenges.numberOfAnswered >= questionsPerSession && practice.feedback == nil }) {
            CongratulationsView(practice: practice)
        } else: {
            ChallengeView(practice: practice)
        }
    }
}

/// The question, the score and the choices, arranged by the vertical size
/// class: stacked when regular, question and choices side by side when compact.
struct ChallengeView: View {
    let practice: PracticeState
    @Environment(ChallengesViewModel.self) private var challenges
    @Environment(UserManager.self) private var users
    @Environment(\.questionsPerSession) private var questionsPerSession

    var body: some View {
        let question = Shared { QuestionView(practice: practice) }
        let score = Shared { ScoreView() }
        let choices = Shared { ChoicesView(practice: practice, choose: choose) }
        AdaptiveLayout(\.verticalSizeClass) {
            VStack(spacing: 24) { question; score; choices }.id("layout-regular")
        } compact: {
            VStack(spacing: 12) {
                HStack(spacing: 24) { question; choices }
                score
            }
            .id("layout-compact")
        }
        .onKeyPress(handleKey)
        .alert(
            isPresented: { practice.feedback != nil },
            title: { practice.feedback?.title ?? "" },
            message: { practice.feedback?.message ?? "" },
            dismiss: dismissFeedback)
    }

    private func choose(_ index: Int) {
        guard practice.feedback == nil, let test = challenges.currentChallenge,
              index < test.answers.count
        else { return }
        let correct = challenges.checkAnswer(test.answers[index])
        users.recordResult(question: test.challenge.question, correct: correct)
        practice.feedback = correct ? .correct : .wrong
    }

    private func dismissFeedback() {
        guard let feedback = practice.feedback else { return }
        if feedback == .correct && challenges.numberOfAnswered < questionsPerSession {
            challenges.generateRandomChallenge()
            practice.showsChoices = false
        }
        practice.feedback = nil
    }

    /// 1–3 choose an answer while the choices show.
    private func handleKey(_ key: KeyPress) -> Bool {
        guard !key.hasModifiers, practice.showsChoices, practice.feedback == nil,
              let character = key.character, let number = character.wholeNumberValue,
              (1...challenges.choicesPerQuestion).contains(number)
        else { return false }
        choose(number - 1)
        return true
    }
}

/// The Japanese word, large; activating it shows or hides the choices.
struct QuestionView: View {
    let practice: PracticeState
    @Environment(ChallengesViewModel.self) private var challenges
    @Environment(\.verticalSizeClass) private var verticalSizeClass

    var body: some View {
        VStack(spacing: 4) {
            Button(title: { challenges.currentChallenge?.challenge.question ?? "" }) {
                practice.showsChoices.toggle()
            }
            .cssClass("flat", "question")
            // Side by side with the choices, the word is smaller so both fit 360 px.
            .cssClass("compact", when: { verticalSizeClass == .compact })
            .help("Show or hide the choices (Space)")
            .focusOnAppear()
            .id("question")
            Text { challenges.currentChallenge?.challenge.pronunciation ?? "" }
                .cssClass("dim-label")
                .id("pronunciation")
        }
        .align(horizontal: .center, vertical: .center)
        .expand(horizontal: true)
    }
}

/// "<answered>/<questions per session>".
struct ScoreView: View {
    @Environment(ChallengesViewModel.self) private var challenges
    @Environment(\.questionsPerSession) private var questionsPerSession

    var body: some View {
        Text { "\(challenges.numberOfAnswered)/\(questionsPerSession)" }
            .cssClass("title-4", "numeric")
            .help("Correct answers in this session")
            .accessibilityLabel { spoken }
            .id("score")
            .accessibilityAnnouncement { spoken }
    }
}

extension ScoreView {
    /// "Score: 3 of 5", read for the score and announced when it changes.
    private var spoken: String { "Score: \(challenges.numberOfAnswered) of \(questionsPerSession)" }
}

/// The answer choices: the same buttons for every question, relabelled.
struct ChoicesView: View {
    let practice: PracticeState
    let choose: @MainActor (Int) -> Void
    @Environment(ChallengesViewModel.self) private var challenges

    var body: some View {
        VStack(spacing: 8) {
            Text("Select the word to see the choices")
                .cssClass("dim-label")
                .wrapping()
                .visible { !practice.showsChoices }
            VStack(spacing: 8) {
                ForEach({ Array(0..<challenges.choicesPerQuestion) }, id: \.self) { index in
                    Button(title: { answer(index) }) { choose(index) }
                        .cssClass("choice")
                        .help("Press \(index + 1) to choose this answer")
                        .id("choice-\(index + 1)")
                }
            }
            .visible { practice.showsChoices }
        }
        .align(horizontal: .center, vertical: .center)
        .expand(horizontal: true)
    }

    private func answer(_ index: Int) -> String {
        guard let answers = challenges.currentChallenge?.answers, index < answers.count else { return "" }
        return answers[index]
    }
}
