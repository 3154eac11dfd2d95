import GtkKit
import KuchiModel

/// Shown when a session is over; Play Again starts a new one.
struct CongratulationsView: View {
    @Environment(UserManager.self) private var users
    @Environment(ChallengesViewModel.self) private var session

    var body: some View {
        VStack(spacing: 12) {
            Text("Congratulations!").cssClass("title-1").wrapping()
            Text { users.profile.name }.cssClass("title-3").wrapping()
            Text("You're awesome!").wrapping()
            Button("Play Again") { session.restart() }
                .cssClass("suggested-action", "pill")
                .align(horizontal: .center)
                .focusOnAppear()
                .widgetName("play-again")
        }
    }
}
