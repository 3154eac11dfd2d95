import GtkKit

/// Greets the player by name and starts the challenge.
struct WelcomeView: View {
    @Environment(QuizModel.self) private var model

    var body: some View {
        VStack(spacing: 12) {
            Text { "Hi, \(model.userName)" }
                .cssClass("title-1")
            Text { "\(model.questionsPerSession) words are waiting for you." }
            Button("Start") { model.start() }
                .cssClass("suggested-action", "pill")
                .focusOnAppear()
                .align(horizontal: .center)
        }
        .align(horizontal: .center, vertical: .center)
    }
}
