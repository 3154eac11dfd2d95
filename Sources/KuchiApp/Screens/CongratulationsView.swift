import GtkKit
import KuchiModel

/// Shown when a session is over; Play Again starts a new one.
struct CongratulationsView: View {
    @Environment(UserManager.self) private var users
    @Environment(ChallengesViewModel.self) private var session

    var body: some View {
        StatusPage(iconName: "emblem-ok-symbolic", title: { "Congratulations!" }, description: { "" }) {
            VStack(spacing: 12) {
                Text { users.profile.name }.cssClass("title-3").wrapping()
                Text("You’re awesome!").wrapping()
                Button("Play Again") { session.restart() }
                    .cssClass("suggested-action", "pill")
                    .align(horizontal: .center)
                    .focusOnAppear()
                    .widgetName("play-again")
            }
        }
        // The key that dismissed the last feedback must not also press Play Again.
        .ignoresKeysHeldFromBefore()
        .widgetName("congratulations")
    }
}
