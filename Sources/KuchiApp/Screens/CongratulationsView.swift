import GtkKit
import KuchiModel

/// Shown when a session is over; Play Again starts a new one.
struct CongratulationsView: View {
    @Environment(UserManager.self) private var users
    @Environment(ChallengesViewModel.self) private var session
    @Environment(AppState.self) private var state

    var body: some View {
        RoundEndView(
            title: { tr("Congratulations!") }, description: { "" },
            actionTitle: tr("Play Again"), name: "congratulations", actionName: "play-again",
            action: {
                session.restart()
                // Nothing left in the schedule: Welcome says when the next card is due.
                if session.isOver { state.challengeStep = .welcome }
            }
        ) {
            Text { users.profile.name }.cssClass("title-3").wrapping()
            Text(tr("You’re awesome!")).wrapping()
        }
    }
}
