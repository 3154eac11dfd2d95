import GtkKit
import KuchiModel

/// Home: Learn, Challenge (choices or typed answers), Statistics and Settings, switched
/// in the header bar (a wide window) or at the bottom (a narrow one). The pages that
/// show the deck say so while it loads.
struct HomeView: View {
    let link: ViewStackLink
    @Environment(AppState.self) private var state
    @Environment(UserManager.self) private var users

    var body: some View {
        @Bindable var state = state
        ViewStack(selection: $state.homePage, link: link) {
            ViewStackPage(
                AppState.HomePage.learn, title: trc("page", "Learn"), iconName: "accessories-dictionary-symbolic",
                isVisible: { users.settings.learningEnabled }
            ) {
                DeckLoading { LearnView() }
            }
            ViewStackPage(AppState.HomePage.challenge, title: trc("page", "Challenge"), iconName: "input-gaming-symbolic") {
                DeckLoading { ChallengePage() }
            }
            ViewStackPage(AppState.HomePage.statistics, title: trc("page", "Statistics"), iconName: "x-office-spreadsheet-symbolic") {
                DeckLoading { StatisticsView() }
            }
            ViewStackPage(AppState.HomePage.settings, title: trc("page", "Settings"), iconName: "emblem-system-symbolic") {
                SettingsView()
            }
        }
        .widgetName("home")
    }
}

/// The Challenge page: the welcome, then the practice session (choices) or typed answers.
struct ChallengePage: View {
    @Environment(AppState.self) private var state
    @Environment(ChallengesViewModel.self) private var challenges

    var body: some View {
        PageStack(selection: { state.challengeStep }) {
            Page(AppState.ChallengeStep.welcome) { ScreenFrame { WelcomeView() } }
            Page(AppState.ChallengeStep.practice) {
                PracticeView()
                    // SPEC §3's key, from the one place the session's length is known.
                    .environment(\.questionsPerSession, challenges.length)
            }
            Page(AppState.ChallengeStep.typing) { TypingView() }
        }
    }
}
