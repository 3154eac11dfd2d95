import GtkKit
import KuchiModel

/// Shown when a session is complete; Play Again starts a new one.
struct CongratulationsView: View {
    let practice: PracticeState
    @Environment(UserManager.self) private var users
    @Environment(ChallengesViewModel.self) private var challenges

    var body: some View {
        VStack(spacing: 12) {
            Text("Congratulations!").cssClass("title-1").wrapping()
            Text { users.profile.name }.cssClass("title-3").wrapping()
            Text("You're awesome!").wrapping()
            Button("Play Again") {
                practice.reset()
                challenges.restart()
            }
            .cssClass("suggested-action", "pill")
            .align(horizontal: .center)
            .focusOnAppear()
            .id("play-again")
        }
    }
}
