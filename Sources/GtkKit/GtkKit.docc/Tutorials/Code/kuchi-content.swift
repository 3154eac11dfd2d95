import GtkKit

/// The screen the model is at.
struct ContentView: View {
    @Environment(QuizModel.self) private var model

    var body: some View {
        PageStack(selection: { model.screen }) {
            Page(QuizModel.Screen.register) { RegisterView() }
            Page(QuizModel.Screen.welcome) { WelcomeView() }
            Page(QuizModel.Screen.challenge) { ChallengeView() }
            Page(QuizModel.Screen.congratulations) { CongratulationsView() }
        }
    }
}
