import FoundationEssentials
import GtkKit
import KuchiModel

/// The shared models, loaded once per application.
@MainActor
struct AppModels {
    let users: UserManager
    let challenges: ChallengesViewModel
    let state: AppState

    /// Loads the profile and settings from `storage` and the deck to practise.
    static func load(
        storage: UserStore, deckPath: LocalPath?,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator()
    ) -> AppModels {
        let users = UserManager(storage: storage)
        users.load()
        let choice = DeckLibrary.load(path: deckPath, settingsDeck: users.settings.deck)
        // The session's length is the setting, read live: one source for the
        // session and for the score's `questionsPerSession` (RootView).
        let challenges = ChallengesViewModel(
            deck: choice.deck, length: { users.settings.numberOfQuestions }, recorder: users, random: random)
        let state = AppState(
            screen: users.isRegistered ? .welcome : .register,
            problems: choice.problem.map { [$0] } ?? [])
        return AppModels(users: users, challenges: challenges, state: state)
    }

    /// Where a user's files live: the XDG config and data folders.
    static var userStorage: UserStore {
        UserStore(location: StorageLocation(
            configDirectory: UserDirectories.config.appendingPathComponent("kuchi"),
            dataDirectory: UserDirectories.data.appendingPathComponent("kuchi")))
    }
}

/// Builds the main window around the models.
@MainActor
enum MainWindow {
    static func make(application: Application?, models: AppModels) -> Window {
        let state = models.state
        let headerBar = HeaderBar(menu: [
            [.init("Keyboard Shortcuts", action: "app.shortcuts"), .init("About Kuchi", action: "app.about")],
            [.init("Quit", action: "app.quit")],
        ]) {
            Button(iconName: "go-previous-symbolic", title: "Back") { state.screen = .welcome }
                .visible { state.screen == .practice }
                .widgetName("back")
        }
        return Window(title: "Kuchi", width: 720, height: 640, application: application, headerBar: headerBar) {
            RootView()
                .environment(models.users)
                .environment(models.challenges)
                .environment(state)
        }
    }
}
