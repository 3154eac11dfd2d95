import GtkKit

/// One question: the word, its three meanings to choose from (or type 1, 2 or 3),
/// and the score so far. The choices sit in a row in a wide window and in a column
/// in a narrow one.
struct ChallengeView: View {
    @Environment(QuizModel.self) private var model
    @Environment(\.horizontalSizeClass) private var horizontalSizeClass

    var body: some View {
        VStack(spacing: 24) {
            Text { "Question \(model.answered + 1) of \(model.questionsPerSession)" }
                .cssClass("dim-label")
            Text { model.question.word }
                .cssClass("title-1")
            If({ horizontalSizeClass == .regular }) {
                HStack(spacing: 12) { choices }
            } else: {
                VStack(spacing: 12) { choices }
            }
            Text { "Score: \(model.score)" }
        }
        .align(horizontal: .center, vertical: .center)
    }

    @ViewBuilder private var choices: some View {
        choice(0).keyboardShortcut("1", modifiers: [])
        choice(1).keyboardShortcut("2", modifiers: [])
        choice(2).keyboardShortcut("3", modifiers: [])
    }

    /// The button of the question's choice at `index`: its title follows the question.
    private func choice(_ index: Int) -> Button {
        Button(title: { "\(index + 1)  \(model.question.choices[index])" }) {
            model.answer(model.question.choices[index])
        }
    }
}
