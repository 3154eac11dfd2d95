import GtkKit
import KuchiModel

/// Greets the registered user and starts a practice session.
struct WelcomeView: View {
    @Environment(UserManager.self) private var users
    @Environment(ChallengesViewModel.self) private var challenges
    @Environment(AppState.self) private var state

    var body: some View {
        VStack(spacing: 12) {
            Text { "Hi, \(users.profile.name)" }.cssClass("title-3").wrapping().id("greeting")
            Text("Welcome to Kuchi").cssClass("title-1").wrapping()
            Image(iconName: KuchiApplication.id).pixelSize(128).padding(12)
            Button("Start") {
                if challenges.isComplete { challenges.restart() }
                state.screen = .practice
            }
            .cssClass("suggested-action", "pill")
            .align(horizontal: .center)
            .focusOnAppear()
            .id("start")
        }
    }
}
