import GtkKit
import KuchiModel

/// Greets the registered user, says what the schedule holds today, and starts a
/// practice session, or extra practice when nothing is due.
struct WelcomeView: View {
    @Environment(UserManager.self) private var users
    @Environment(ChallengesViewModel.self) private var challenges
    @Environment(TypingSession.self) private var typing
    @Environment(AppState.self) private var state
    @Environment(\.verticalSizeClass) private var verticalSizeClass

    var body: some View {
        VStack(spacing: 12) {
            Text { tr("Hi, {name}", ["name": users.profile.name]) }.cssClass("title-3").wrapping().widgetName("greeting")
            Text(tr("Welcome to Kuchi")).cssClass("title-1").wrapping()
            Text { challenges.outlook?.summary ?? "" }
                .wrapping()
                .visible { challenges.outlook != nil }
                .widgetName("outlook")
            // The heading beside it names the app; the logo only decorates, and a
            // short window leaves it out so Start stays in view.
            Image(decorativeIconName: KuchiApplication.id)
                .cssClass("app-logo")
                .visible { verticalSizeClass == .regular }
                .padding(12)
            Button(title: { challenges.outlook?.hasWork == false ? tr("Practise Anyway") : tr("Start") }) {
                if challenges.outlook?.hasWork == false {
                    challenges.practiseAnyway()
                } else {
                    challenges.start()
                }
                state.challengeStep = .practice
            }
            .cssClass("suggested-action", "pill")
            .align(horizontal: .center)
            .focusOnAppear()
            .widgetName("start")
            Button(tr("Type Answers")) {
                typing.start()
                state.challengeStep = .typing
            }
                .cssClass("pill")
                .align(horizontal: .center)
                .help(tr("Type the meaning of a word, or the Japanese for a meaning"))
                .widgetName("start-typing")
        }
    }
}
