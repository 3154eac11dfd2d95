import FoundationEssentials
import GtkKit
import KuchiModel

/// The shared models, loaded once per application.
@MainActor
struct AppModels {
    let users: UserManager
    /// The deck in use, which the sessions, the card browser and the statistics read.
    let deckInUse: DeckInUse
    let challenges: ChallengesViewModel
    let learn: LearnSession
    let typing: TypingSession
    let planner: StudyPlanner
    let decks: DeckChooser
    let imports: DeckImports
    let state: AppState
    let speaker: Speaker
    /// The writing pad's strokes and what Zinnia reads in them.
    let handwriting: Handwriting
    /// What the Type page's written kanji are asked and read with.
    let writingQuestions: WritingQuestions
    let cards: CardShelf
    /// "Add a Word".
    let words: WordAdder
    /// Dictionary apps adding words (AnkiConnect), while the setting is on.
    let dictionaryApps: DictionaryApps
    /// The learner's memory model, fitted to their reviews between sessions.
    let fitter: MemoryModelFitter
    /// The reviews a day the desired retention implies, under the setting.
    let workload: WorkloadEstimate
    /// Sync through the folder the learner chose.
    let syncing: Syncing

    /// Loads the profile and settings from `storage`, and the deck they name (a large
    /// one in the background: see ``DeckChooser``; `deckLoadGate` runs on its thread
    /// before it is read, for tests to hold it); `speaker` says words (the user's own
    /// speech-dispatcher unless a test gives another); `handwriting` reads the writing
    /// pad (Zinnia where Debian or the Flatpak puts it, unless a test gives another).
    static func load(
        storage: UserStore, catalog: DeckCatalog = AppModels.catalog,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator(),
        deckLoadGate: @escaping @Sendable () -> Void = {}, speaker: Speaker = Speaker(),
        handwriting: Handwriting = Handwriting(), dictionary: JapaneseDictionary? = AppModels.dictionary
    ) -> AppModels {
        // What an import killed half-way left (its unpacked collection, its sounds not
        // yet in place): no import runs before the models exist.
        catalog.removeLeftovers()
        let users = UserManager(storage: storage)
        users.load()
        // Answers are reviews in the schedule's database; the old progress.json is
        // imported into it once and left as it is, as a backup.
        let planner = StudyPlanner.open(
            path: storage.location.dataDirectory.appendingPathComponent(reviewDatabaseName).path,
            legacyProgress: storage.location.progressFile, settings: { users.settings })
        settleImports(planner, catalog: catalog)
        let restored = DeckChooser.restored(id: users.settings.deck, from: catalog)
        let deckInUse = restored.inUse
        // The session reads the setting live: a change in Settings moves the end of a
        // running session, and its score, which reads both its numbers from the session.
        let challenges = ChallengesViewModel(
            deck: deckInUse, questionsPerSession: { users.settings.questionsPerSession }, planner: planner,
            random: random)
        let learn = LearnSession(deck: deckInUse, planner: planner, random: random)
        let writingQuestions = WritingQuestions(handwriting: handwriting)
        let typing = TypingSession(
            deck: deckInUse, directions: { users.settings.directions(for: $0) }, planner: planner, random: random,
            writing: writingQuestions.writing, startsNow: false)
        writingQuestions.follow(typing) { users.settings.directions(for: deckInUse.key).contains(.writing) }
        let state = AppState(screen: users.isRegistered ? .home : .register)
        let decks = DeckChooser(catalog: catalog, users: users, state: state, restored: restored, loadGate: deckLoadGate)
        let imports = DeckImports(chooser: decks, planner: planner, state: state)
        if !users.loadProblems.isEmpty { state.toaster.show(tr("A damaged file was moved aside")) }
        let cards = CardShelf(browser: CardBrowser(), decks: decks, planner: planner, state: state)
        let words = WordAdder(dictionary: dictionary, chooser: decks, state: state)
        let dictionaryApps = DictionaryApps(users: users, decks: decks, cards: cards, state: state)
        LeechNotice.install(planner: planner, users: users, state: state)
        let isSessionUnderway = { @MainActor in
            MemoryModelFitter.sessionUnderway(state: state, challenges: challenges, typing: typing, learn: learn)
        }
        let fitter = MemoryModelFitter(users: users, planner: planner, state: state, isSessionUnderway: isSessionUnderway)
        let syncing = Syncing(
            users: users, planner: planner, decks: decks, state: state,
            databasePath: storage.location.dataDirectory.appendingPathComponent(reviewDatabaseName).path,
            dataDirectory: storage.location.dataDirectory, isSessionUnderway: isSessionUnderway,
            decksChanged: { ids in
                decks.changedElsewhere(ids)
                cards.changedElsewhere()
            })
        decks.recordCardChanges = { changes, id throws(DeckError) in try syncing.record(changes, deck: id) }
        decks.noteDeckRemoved = { [weak syncing] id, name in syncing?.noteDeckRemoved(id: id, name: name) }
        // An imported deck is sent as soon as it is in; an import takes no id the folder knows.
        imports.imported = { [weak syncing] in syncing?.merge() }
        imports.takenIDs = { [weak syncing] in syncing?.syncedDeckIDs ?? [] }
        return AppModels(
            users: users, deckInUse: deckInUse, challenges: challenges, learn: learn, typing: typing, planner: planner,
            decks: decks, imports: imports, state: state, speaker: speaker, handwriting: handwriting,
            writingQuestions: writingQuestions, cards: cards, words: words,
            dictionaryApps: dictionaryApps, fitter: fitter,
            workload: WorkloadEstimate(users: users, planner: planner, inUse: deckInUse), syncing: syncing)
    }

    /// Keeps the history of every import whose deck `catalog` lists, and takes back the
    /// history of one it does not (Kuchi was killed, or the import failed, after the
    /// replay and before the deck file). Nothing is shown: the history it takes back
    /// was never on screen. One it cannot settle now stays marked for the next call.
    static func settleImports(_ planner: StudyPlanner?, catalog: DeckCatalog) {
        _ = try? planner?.settleImports { catalog.file(id: $0) != nil }
    }

    /// The review history, in the XDG data folder beside the imported decks.
    static let reviewDatabaseName = "kuchi.sqlite3"

    /// Where a user's files live: the XDG config and data folders.
    static var userStorage: UserStore {
        UserStore(location: StorageLocation(
            configDirectory: UserDirectories.config.appendingPathComponent("kuchi"),
            dataDirectory: UserDirectories.data.appendingPathComponent("kuchi")))
    }

    /// The bundled dictionary, opened by its first lookup (none when the data has none).
    static var dictionary: JapaneseDictionary? {
        DataLocator.dictionaryFile.map { JapaneseDictionary(path: $0.path) }
    }

    /// The bundled decks and the ones imported into the XDG data folder.
    static var catalog: DeckCatalog {
        DeckCatalog(
            bundledFolder: DataLocator.decksDirectory,
            importedFolder: UserDirectories.data.appendingPathComponent("kuchi/decks"))
    }
}
