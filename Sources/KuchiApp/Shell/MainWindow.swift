import FoundationEssentials
import GtkKit
import KuchiModel

/// The shared models, loaded once per application.
@MainActor
struct AppModels {
    let users: UserManager
    let challenges: ChallengesViewModel
    let learn: LearnSession
    let typing: TypingSession
    let planner: StudyPlanner
    let decks: DeckShelf
    let state: AppState
    let speaker: Speaker
    let cards: CardShelf

    /// Loads the profile and settings from `storage`, and the deck they name (a large
    /// one in the background: see ``DeckShelf``; `deckLoadGate` runs on its thread
    /// before it is read, for tests to hold it); `speaker` says words (the user's own
    /// speech-dispatcher unless a test gives another).
    static func load(
        storage: UserStore, catalog: DeckCatalog = AppModels.catalog,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator(),
        deckLoadGate: @escaping @Sendable () -> Void = {}, speaker: Speaker = Speaker()
    ) -> AppModels {
        let users = UserManager(storage: storage)
        users.load()
        // Answers are reviews in the schedule's database; the old progress.json is
        // imported into it once and left as it is, as a backup.
        let planner = StudyPlanner.open(
            path: storage.location.dataDirectory.appendingPathComponent(reviewDatabaseName).path,
            legacyProgress: storage.location.progressFile, settings: { users.settings })
        let restored = DeckShelf.restored(id: users.settings.deck, from: catalog)
        // The session's length is the setting, read live: one source for the
        // session and for its score (ScoreView reads `numberOfQuestions`).
        let challenges = ChallengesViewModel(
            deck: restored.deck, length: { users.settings.numberOfQuestions }, recorder: users, planner: planner,
            deckKey: restored.id, random: random)
        let learn = LearnSession(
            deck: restored.deck, recorder: users, planner: planner, deckKey: restored.id, random: random)
        let typing = TypingSession(
            deck: restored.deck, directions: { users.settings.directions(for: $0) }, recorder: users, planner: planner,
            deckKey: restored.id, random: random, startsNow: false)
        let state = AppState(screen: users.isRegistered ? .home : .register)
        let decks = DeckShelf(
            catalog: catalog, users: users, challenges: challenges, learn: learn, typing: typing, state: state,
            current: restored, planner: planner, loadGate: deckLoadGate)
        if !users.loadProblems.isEmpty { state.toaster.show(tr("A damaged file was moved aside")) }
        let cards = CardShelf(browser: CardBrowser(), decks: decks, planner: planner, state: state)
        return AppModels(
            users: users, challenges: challenges, learn: learn, typing: typing, planner: planner, decks: decks,
            state: state, speaker: speaker, cards: cards)
    }

    /// The review history, in the XDG data folder beside the imported decks.
    static let reviewDatabaseName = "kuchi.sqlite3"

    /// Where a user's files live: the XDG config and data folders.
    static var userStorage: UserStore {
        UserStore(location: StorageLocation(
            configDirectory: UserDirectories.config.appendingPathComponent("kuchi"),
            dataDirectory: UserDirectories.data.appendingPathComponent("kuchi")))
    }

    /// The bundled decks and the ones imported into the XDG data folder.
    static var catalog: DeckCatalog {
        DeckCatalog(
            bundledFolder: DataLocator.decksDirectory,
            importedFolder: UserDirectories.data.appendingPathComponent("kuchi/decks"))
    }
}

/// Builds the main window around the models.
@MainActor
enum MainWindow {
    /// GNOME's smallest window; every screen is laid out to fit it.
    static let minimumSize = (width: 360, height: 294)

    static func make(application: Application?, models: AppModels) -> Window {
        let state = models.state
        let decks = models.decks
        let users = models.users
        let home = ViewStackLink()
        let cards = models.cards
        let headerBar = HeaderBar(menu: [
            [.init(tr("Settings"), action: "app.settings")],
            [
                .init(tr("Browse Cards"), action: "app.browse-cards"), .init(tr("Export Deck…"), action: "app.export-deck"),
                .init(tr("Export Reviews…"), action: "app.export-reviews"),
            ],
            [.init(tr("Keyboard Shortcuts"), action: "app.shortcuts"), .init(tr("About Kuchi"), action: "app.about")],
            [.init(tr("Quit"), action: "app.quit")],
        ]) {
            Button(iconName: "go-previous-symbolic", title: tr("Back")) { state.goBack() }
                .visible {
                    state.screen == .cards
                        || state.screen == .home && state.homePage == .challenge && state.challengeStep != .welcome
                }
                .widgetName("back")
        } title: {
            HomeTitle(link: home, state: state, decks: decks)
        }
        .menuName(tr("Main Menu"))
        let window = Window(
            title: "Kuchi", width: 720, height: 640, minimumSize: minimumSize, application: application,
            headerBar: headerBar
        ) {
            RootView(homeLink: home)
                .alert(
                    isPresented: { state.importFailure != nil }, title: { state.importFailure?.title ?? "" },
                    message: { state.importFailure?.message ?? "" }, button: tr("OK"), dismiss: { state.importFailure = nil })
                .formDialog(
                    isPresented: { decks.fieldMappingChoice != nil },
                    title: { FieldMappingChoice.title }, message: { FieldMappingChoice.message },
                    confirm: tr("Import"), onConfirm: { decks.confirmFieldMapping() },
                    onCancel: { decks.cancelFieldMapping() }
                ) {
                    FieldMappingForm(decks: decks)
                }
                .confirmation(
                    isPresented: { state.isConfirmingForget }, title: tr("Forget You?"),
                    message: tr("Kuchi removes your saved name from this computer and asks for a name next time. Your settings and progress stay."),
                    confirm: tr("Forget Me"), destructive: true,
                    onConfirm: {
                        state.isConfirmingForget = false
                        users.forget()
                        state.screen = .register
                        state.toaster.show(tr("Your name was removed"))
                    },
                    onCancel: { state.isConfirmingForget = false })
                .fileChooser(
                    isPresented: { state.isChoosingDeckFile }, title: tr("Import a Deck"),
                    filterName: tr("Decks (JSON, Anki packages, or text exported from Anki)"),
                    patterns: ["*.json", "*.apkg", "*.tsv", "*.csv", "*.txt"],
                    onChoose: { path in
                        state.isChoosingDeckFile = false
                        decks.importInBackground(LocalPath(bytes: path))
                    },
                    onCancel: { state.isChoosingDeckFile = false })
                .confirmation(
                    isPresented: { state.cardConfirmation == .reset }, title: tr("Reset This Card?"),
                    message: tr(
                        "Kuchi forgets every answer you gave to this word, in both directions; it is a new card again. This cannot be undone."),
                    confirm: tr("Reset"), destructive: true,
                    onConfirm: { cards.resetSelected() }, onCancel: { state.cardConfirmation = nil })
                .confirmation(
                    isPresented: { state.cardConfirmation == .delete }, title: tr("Delete This Card?"),
                    message: tr("Kuchi removes the word from your imported deck, with its answers. This cannot be undone."),
                    confirm: tr("Delete"), destructive: true,
                    onConfirm: { cards.deleteSelected() }, onCancel: { state.cardConfirmation = nil })
                .fileSaver(
                    isPresented: { state.exporting != nil }, title: { state.exporting?.title ?? "" },
                    name: { state.exporting?.fileName(deck: decks.currentID) ?? "" },
                    onChoose: { path in
                        if let kind = state.exporting { cards.export(kind, to: LocalPath(bytes: path)) }
                    },
                    onCancel: { state.exporting = nil })
                .environment(models.users)
                .environment(models.cards)
                .environment(models.cards.browser)
                .environment(models.challenges)
                .environment(models.learn)
                .environment(models.typing)
                .environment(models.planner)
                .environment(models.decks)
                .environment(models.speaker)
                .environment(state)
        }
        // A large deck named in the settings is read once the window shows: when the
        // loop is next idle after the first frame, not inside its paint.
        window.afterFirstPaint { MainLoop.idle { decks.loadPendingDeck() } }
        return window
    }
}

/// The header bar's title: Home's view switcher in a wide window, else "Kuchi"
/// and the deck in use.
// NB: the header bar is built beside the content, not inside it, so it gets the
// models directly rather than from the content's environment.
struct HomeTitle: View {
    let link: ViewStackLink
    let state: AppState
    let decks: DeckShelf
    @Environment(\.horizontalSizeClass) private var horizontalSizeClass

    var body: some View {
        ViewSwitcherTitle(
            link: link, title: "Kuchi", subtitle: { decks.currentName },
            showsSwitcher: { state.screen == .home && horizontalSizeClass == .regular })
            .widgetName("home-title")
    }
}
