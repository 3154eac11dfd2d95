import GtkKit

/// The end of a session: the score, and another go.
struct CongratulationsView: View {
    @Environment(QuizModel.self) private var model

    var body: some View {
        VStack(spacing: 12) {
            Text("Congratulations!")
                .cssClass("title-1")
            Text { "\(model.userName), you got \(model.score) of \(model.questionsPerSession) right." }
            Button("Play Again") { model.playAgain() }
                .cssClass("pill")
                .focusOnAppear()
                .align(horizontal: .center)
        }
        .align(horizontal: .center, vertical: .center)
    }
}
