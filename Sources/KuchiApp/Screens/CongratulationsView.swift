import GtkKit
import KuchiModel

/// Shown when a session is over; Play Again starts a new one.
struct CongratulationsView: View {
    @Environment(UserManager.self) private var users
    @Environment(ChallengesViewModel.self) private var session
    @Environment(AppState.self) private var state
    @Environment(\.verticalSizeClass) private var verticalSizeClass

    var body: some View {
        // A short window leaves the icon out, so Play Again stays in view.
        StatusPage(
            iconName: { verticalSizeClass == .regular ? "emblem-ok-symbolic" : nil },
            title: { tr("Congratulations!") }, description: { "" }
        ) {
            VStack(spacing: 12) {
                Text { users.profile.name }.cssClass("title-3").wrapping()
                Text(tr("You’re awesome!")).wrapping()
                Button(tr("Play Again")) {
                    session.restart()
                    // Nothing left in the schedule: Welcome says when the next card is due.
                    if session.isOver { state.challengeStep = .welcome }
                }
                    .cssClass("suggested-action", "pill")
                    .align(horizontal: .center)
                    .focusOnAppear()
                    .widgetName("play-again")
            }
        }
        .cssClass("compact", when: { verticalSizeClass == .compact })
        .expand(horizontal: true, vertical: true)
        // The key that dismissed the last feedback must not also press Play Again.
        .ignoresKeysHeldFromBefore()
        .widgetName("congratulations")
    }
}
