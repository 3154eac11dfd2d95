import Foundation
import GtkKit
import KuchiModel

/// Builds the models and the main window.
@MainActor
enum MainWindow {
    static func make(application: Application, deckPath: String?) -> Window {
        let storage = UserStore(location: StorageLocation(
            configDirectory: UserDirectories.config.appendingPathComponent("kuchi"),
            dataDirectory: UserDirectories.data.appendingPathComponent("kuchi")))
        let users = UserManager(storage: storage)
        users.load()
        Theme.apply(users.settings.appearance)
        let choice = DeckLibrary.load(path: deckPath, settingsDeck: users.settings.deck)
        let challenges = ChallengesViewModel(
            deck: choice.deck, numberOfQuestions: users.settings.numberOfQuestions)
        let state = AppState(
            screen: users.isRegistered ? .welcome : .register,
            problems: users.problems + (choice.problem.map { [$0] } ?? []))
        users.dismissProblems()

        let headerBar = HeaderBar(menu: [
            [.init("Keyboard Shortcuts", action: "app.shortcuts"), .init("About Kuchi", action: "app.about")],
            [.init("Quit", action: "app.quit")],
        ]) {
            Button(iconName: "go-previous-symbolic", title: "Back") { state.screen = .welcome }
                .visible { state.screen == .practice }
                .id("back")
        }
        return Window(title: "Kuchi", width: 720, height: 640, application: application, headerBar: headerBar) {
            RootView()
                .environment(users)
                .environment(challenges)
                .environment(state)
        }
    }
}
