import GtkKit
import KuchiModel

/// The window's content under the header bar: problems in a banner, Register or
/// Home, and, in a narrow window, Home's view switcher at the bottom.
struct RootView: View {
    let homeLink: ViewStackLink
    @Environment(AppState.self) private var state
    @Environment(\.horizontalSizeClass) private var horizontalSizeClass

    var body: some View {
        VStack(spacing: 0) {
            ProblemBanner()
            ImportBar()
            PageStack(selection: { state.screen }, buildAhead: { state.buildsCardsAhead ? .cards : nil }) {
                Page(AppState.Screen.register) { ScreenFrame { RegisterView() } }
                Page(AppState.Screen.home) { HomeView(link: homeLink) }
                Page(AppState.Screen.cards) { CardBrowserView() }
            }
            .expand(horizontal: true, vertical: true)
            ViewSwitcherBar(link: homeLink) { state.screen == .home && horizontalSizeClass == .compact }
                .widgetName("switcher-bar")
        }
        .toasts(from: state.toaster)
        // Escape and Alt+Left go back, as in every GNOME app, whatever has the focus.
        .onKeyPress(phase: .capture) { key in key.isBack && state.goBack() }
    }
}

/// Centres a screen and lets it scroll down when a short window cannot show it
/// whole. It never scrolls sideways: every screen is laid out to fit 360 px wide,
/// so nothing is cut at the side (the window could not be made narrower otherwise).
struct ScreenFrame<Content: View>: View {
    let content: Content

    init(@ViewBuilder content: () -> Content) { self.content = content() }

    var body: some View {
        ScrollView(.vertical) {
            content
                .align(horizontal: .center, vertical: .center)
                .expand(horizontal: true, vertical: true)
                .padding(12)
        }
        .expand(horizontal: true, vertical: true)
    }
}

/// Reports data problems in words: a deck that could not be used, a user file that
/// was moved aside (until dismissed), a file that could not be saved (until a later save
/// succeeds).
struct ProblemBanner: View {
    @Environment(AppState.self) private var state
    @Environment(UserManager.self) private var users
    @Environment(StudyPlanner.self) private var planner

    var body: some View {
        // Narrow and short windows stay usable: the heading wraps, the messages
        // scroll past a few lines, and the button sits under them.
        VStack(spacing: 6) {
            HStack(spacing: 12) {
                Image(decorativeIconName: "dialog-warning-symbolic")
                Text { users.saveProblems.isEmpty && planner.saveProblem == nil ? tr("Some data could not be used") : tr("Some data could not be saved") }
                    .cssClass("heading")
                    .wrapping(alignment: .start)
                    .expand(horizontal: true)
            }
            ScrollView(.vertical, maximumHeight: 96) {
                Text { (state.problems + users.problems + planner.problems).joined(separator: "\n\n") }
                    .wrapping(alignment: .start)
                    .widgetName("problem-text")
            }
            Button(tr("Dismiss")) {
                state.problems.removeAll()
                users.dismissProblems()
                planner.dismissProblems()
            }
            // What is still not saved stays until a save succeeds.
            .visible { !state.problems.isEmpty || !users.loadProblems.isEmpty || planner.hasDismissibleProblems }
            .align(horizontal: .end)
            .widgetName("problem-dismiss")
        }
        .padding(12)
        .cssClass("problem-banner")
        .visible { !state.problems.isEmpty || !users.problems.isEmpty || !planner.problems.isEmpty }
        .widgetName("problem-banner")
    }
}

/// An import under way, whatever started it (the file chooser, a launch's
/// `--import-deck`): the file, what is being done, a bar while the amount done is
/// known (a spinner otherwise), and Cancel. On every screen, as the import goes on
/// whichever page the learner turns to.
struct ImportBar: View {
    @Environment(DeckImports.self) private var imports

    var body: some View {
        HStack(spacing: 12) {
            Spinner(size: 16)
            VStack(spacing: 4) {
                Text { imports.current.map { tr("Importing {file}", ["file": $0.name]) } ?? "" }
                    .cssClass("heading")
                    .wrapping(alignment: .start)
                    .widgetName("import-title")
                Text { imports.current?.words ?? "" }
                    .wrapping(alignment: .start)
                    .widgetName("import-phase")
                ProgressView(tr("Import progress")) { imports.current?.fraction ?? 0 }
                    .visible { imports.current?.fraction != nil }
                    .widgetName("import-progress")
            }
            .expand(horizontal: true)
            Button(tr("Cancel")) { imports.cancel() }
                .enabled { imports.current?.isCancelled == false }
                .align(vertical: .center)
                .widgetName("import-cancel")
        }
        .padding(12)
        .visible { imports.current != nil }
        .widgetName("import-bar")
    }
}
