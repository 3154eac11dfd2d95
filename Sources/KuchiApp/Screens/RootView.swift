import GtkKit
import KuchiModel

/// The window's content: a problem banner over the current screen.
struct RootView: View {
    @Environment(AppState.self) private var state
    @Environment(UserManager.self) private var users

    var body: some View {
        VStack(spacing: 0) {
            ProblemBanner()
            PageStack(selection: { state.screen.rawValue }) {
                Page(AppState.Screen.register.rawValue) { ScreenFrame { RegisterView() } }
                Page(AppState.Screen.welcome.rawValue) { ScreenFrame { WelcomeView() } }
                Page(AppState.Screen.practice.rawValue) {
                    ScreenFrame { PracticeView() }
                        .environment(\.questionsPerSession, users.settings.numberOfQuestions)
                }
            }
            .expand(horizontal: true, vertical: true)
        }
    }
}

/// Centres a screen and lets it scroll both ways, so it stays usable down to
/// 360×294 whatever its layout needs.
struct ScreenFrame<Content: View>: View {
    let content: Content

    init(@ViewBuilder content: () -> Content) { self.content = content() }

    var body: some View {
        ScrollView(.both) {
            content
                .align(horizontal: .center, vertical: .center)
                .expand(horizontal: true, vertical: true)
                .padding(18)
        }
        .expand(horizontal: true, vertical: true)
    }
}

/// Reports data problems (a bad deck, a corrupt file moved aside) until dismissed.
struct ProblemBanner: View {
    @Environment(AppState.self) private var state

    var body: some View {
        VStack(spacing: 6) {
            HStack(spacing: 12) {
                Image(iconName: "dialog-warning-symbolic")
                Text("Some data could not be used").cssClass("heading").expand(horizontal: true).align(horizontal: .start)
                Button("Dismiss") { state.problems.removeAll() }
            }
            // NB: a wrapping label sits in a vertical box only: GTK 4.8
            // measures it inconsistently inside a horizontal one.
            Text { state.problems.joined(separator: "\n") }
                .wrapping(alignment: .start)
                .id("problem-text")
        }
        .padding(12)
        .cssClass("problem-banner")
        .visible { !state.problems.isEmpty }
        .id("problem-banner")
    }
}
